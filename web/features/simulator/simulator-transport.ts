import { deleteAccessToken } from '@common/auth/auth.api';
import {
  acceptOrder,
  getMyOffers,
  getMyOrders,
  refuseOrder,
  tripArrived,
  tripCancel,
  tripFinish,
  tripStart,
} from '@common/dispatch/dispatch.api';
import { getDriverStatus, setDriverStatus } from '@common/drivers/drivers.api';
import {
  listConversations,
  listMessages,
  markRead,
  sendToUser,
} from '@common/messages/messages.api';
import {
  type ClientToServerEvents,
  RECONNECT,
  type ServerToClientEvents,
} from '@common/realtime/events';
import { createSimulatorSession } from '@common/simulator/simulator.api';
import { io, type Socket } from 'socket.io-client';
import { api, apiWith } from '../../lib/api-client';
import type { SimulatorTransport, TripStep } from './simulator-store';

const TRIP = {
  arrived: tripArrived,
  start: tripStart,
  finish: tripFinish,
} as const satisfies Record<TripStep, unknown>;

/** A position unanswered for this long is given up: the next one goes 5 s later anyway. */
const ACK_TIMEOUT_MS = 4_000;

/**
 * The simulator's drivers over the real paths: the dispatcher's session asks for a
 * driver's session, and everything else is done with the driver's token, as his app would.
 * A driver's 401 is his session's, not the dispatcher's: it never logs the page out.
 */
export const httpSimulatorTransport: SimulatorTransport = {
  openSession: async (driverId) =>
    (await api(createSimulatorSession, { body: { driver_id: driverId } })).token,
  readStatus: (token) => apiWith(getDriverStatus, { token, ignoreUnauthorized: true }),
  setStatus: (token, status, keepalive) =>
    apiWith(setDriverStatus, { token, ignoreUnauthorized: true, keepalive }, { body: { status } }),
  endSession: async (token, keepalive) => {
    await apiWith(deleteAccessToken, { token, ignoreUnauthorized: true, keepalive });
  },
  readOffers: (token) => apiWith(getMyOffers, { token, ignoreUnauthorized: true }),
  readOrders: (token) => apiWith(getMyOrders, { token, ignoreUnauthorized: true }),
  accept: async (token, orderId, time) => {
    await apiWith(acceptOrder, { token, ignoreUnauthorized: true }, { body: { orderId, time } });
  },
  refuse: async (token, orderId) => {
    await apiWith(refuseOrder, { token, ignoreUnauthorized: true }, { body: { orderId } });
  },
  trip: (token, orderId, step) =>
    apiWith(TRIP[step], { token, ignoreUnauthorized: true }, { params: { id: orderId } }),
  cancelTrip: (token, orderId, reason) =>
    apiWith(
      tripCancel,
      { token, ignoreUnauthorized: true },
      { params: { id: orderId }, body: { reason } },
    ),
  readConversations: (token) => apiWith(listConversations, { token, ignoreUnauthorized: true }),
  readMessages: async (token, interlocutorId, companyId) =>
    (
      await apiWith(
        listMessages,
        { token, ignoreUnauthorized: true },
        { query: { interlocutor_id: interlocutorId, company_id: companyId } },
      )
    ).data,
  sendMessage: (token, reply, idempotencyKey) =>
    apiWith(
      sendToUser,
      { token, ignoreUnauthorized: true, headers: { 'Idempotency-Key': idempotencyKey } },
      { body: reply },
    ),
  markRead: async (token, read) => {
    await apiWith(markRead, { token, ignoreUnauthorized: true }, { body: read });
  },
  connect(token, on) {
    // Its own connection beside the console's socket (forceNew), the token in `auth`.
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
      auth: { token },
      forceNew: true,
      reconnectionAttempts: RECONNECT.attempts,
      reconnectionDelay: RECONNECT.delayMs,
      reconnectionDelayMax: RECONNECT.delayMs,
    });
    socket.on('driver_state_updated', on.state);
    socket.on('connect', on.connected);
    if (on.offer) socket.on('order_available', on.offer);
    if (on.offerGone) socket.on('remove_live_order', on.offerGone);
    const confirmed = on.confirmed;
    if (confirmed) socket.on('order_accept_confirmed', ({ order }) => confirmed(order));
    const pendingChanged = on.pendingChanged;
    if (pendingChanged) socket.on('pending_orders_updated', () => pendingChanged());
    const canceled = on.canceled;
    if (canceled) socket.on('order_canceled', ({ order }) => canceled(order.id));
    if (on.message) socket.on('message received', on.message);
    const messageStatus = on.messageStatus;
    if (messageStatus) socket.on('message_status', () => messageStatus());
    return {
      get connected() {
        return socket.connected;
      },
      sendPosition: (position) =>
        socket.timeout(ACK_TIMEOUT_MS).emitWithAck('currentPosition', position),
      viewed: (orderId) => {
        if (socket.connected) socket.emit('order_viewed', { orderId });
      },
      delivered: (read) => {
        if (socket.connected) socket.emit('messageDelivered', read);
      },
      close: () => {
        socket.removeAllListeners();
        socket.disconnect();
      },
    };
  },
};
