import type { AuthService } from '../modules/auth/auth.service';
import { createMessageAcks } from '../modules/messages/message-acks';
import type { MessagesService } from '../modules/messages/messages.service';
import type { SocketHandlers } from '../realtime/socket-server';
import type { Core } from './core';
import type { FleetArea } from './fleet';
import type { OrdersArea } from './orders';

/**
 * What the sockets reach: sessions for the handshake, the fleet for drivers' positions, the
 * engine for their answers, messages for their ticks, and each follower for the other nodes' wake-ups.
 */
export function socketHandlers(
  { app, config, sessions }: Core,
  auth: AuthService,
  { fleet, zones }: FleetArea,
  { feed, driverAnswers }: OrdersArea,
  messages: MessagesService,
): SocketHandlers {
  return {
    verifyToken: (token) => auth.authenticate(token),
    currentSession: (tokenId) => auth.current(tokenId),
    onSessionEnded: (tokenId) => sessions.revokeToken(tokenId),
    onOrdersChanged: () => {
      // A test's node that ignores every wake-up, to prove the poll alone keeps it true.
      if (!config.TEST_DROP_ORDER_WAKEUPS) void feed.wake();
    },
    onZonesChanged: () => void zones.wake(),
    onDriversChanged: () => void fleet.wake(),
    onDriverPositions: (positions) => fleet.relayed(positions),
    onDriverOffers: (offers) => fleet.markOffers(offers),
    onDriverConnected: (caller) => fleet.ensureKnown(caller.userId),
    onCurrentPosition: (caller, payload) => fleet.receivePosition(caller, payload),
    onDriverAnswer: driverAnswers,
    onMessageStatus: createMessageAcks(messages, app.log),
  };
}
