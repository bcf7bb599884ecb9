import type { CurrentPosition, PositionAck } from '@common/drivers/drivers.schema';
import type { Endpoint, RequestOf, ResponseOf } from '@common/http/define-endpoint';
import {
  type ClientToServerEvents,
  type DriverAnswerAck,
  RECONNECT,
  type ServerToClientEvents,
} from '@common/realtime/events';
import { io, type Socket } from 'socket.io-client';
import { callApi } from './http';

/** The driver's answers to an offer on his socket (docs/DRIVER-API.md). */
export type AnswerEvent = 'order_viewed' | 'accept_order' | 'refuse_order';

/** The server's events a simulated driver listens to. */
export type DriverEventName =
  | 'driver_state_updated'
  | 'order_available'
  | 'remove_live_order'
  | 'order_accept_confirmed'
  | 'order_canceled'
  | 'message received';

/** What his app tells of the messages it got: received on the device, then read. */
export type MessageAckEvent = 'messageDelivered' | 'messageRead';

/**
 * What a simulated driver's socket does for him: Socket.IO with his token in `auth` in life
 * (socketLink), a fake in the unit tests, so the answer and trip logic is tested without a
 * server.
 */
export interface DriverLink {
  readonly connected: boolean;
  on<E extends DriverEventName>(event: E, listener: ServerToClientEvents[E]): void;
  /** Every connection, the first and each reconnection (his app reads its state again then). */
  onConnect(listener: () => void): void;
  onConnectError(listener: (message: string) => void): void;
  position(payload: CurrentPosition, timeoutMs: number): Promise<PositionAck>;
  answer(
    event: AnswerEvent,
    payload: { orderId: number; time?: number },
    timeoutMs: number,
  ): Promise<DriverAnswerAck>;
  /** Messages from `interlocutor_id` in the company were received (or read) on his phone. */
  acknowledge(
    event: MessageAckEvent,
    payload: { interlocutor_id: number; company_id: number },
  ): void;
  /** A renewed session: the handshake again with the new token. */
  reconnect(token: string): void;
  close(): void;
}

/** One endpoint of the shared contracts with the driver's bearer (callApi on the server's URL). */
export type DriverApi = <E extends Endpoint>(
  endpoint: E,
  request: RequestOf<E>,
  token?: string,
) => Promise<ResponseOf<E>>;

export const httpApi =
  (baseUrl: string): DriverApi =>
  (endpoint, request, token) =>
    callApi(baseUrl, endpoint, request, token);

type DriverSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The driver's Socket.IO connection, as docs/DRIVER-API.md §3 tells a driver's app to open it. */
export function socketLink(baseUrl: string, token: string): DriverLink {
  const socket: DriverSocket = io(baseUrl, {
    auth: { token },
    transports: ['websocket'],
    reconnectionAttempts: RECONNECT.attempts,
    reconnectionDelay: RECONNECT.delayMs,
    reconnectionDelayMax: RECONNECT.delayMs,
  });
  // socket.io's typed `on` cannot follow a generic event name; DriverLink's signature keeps it typed.
  const listen = socket.on.bind(socket) as (
    event: string,
    listener: (...args: never[]) => void,
  ) => void;
  return {
    get connected() {
      return socket.connected;
    },
    on: (event, listener) => listen(event, listener),
    onConnect: (listener) => listen('connect', listener),
    onConnectError: (listener) =>
      listen('connect_error', ((error: Error) => listener(error.message)) as never),
    position: (payload, timeoutMs) =>
      socket.timeout(timeoutMs).emitWithAck('currentPosition', payload),
    answer: (event, payload, timeoutMs) => socket.timeout(timeoutMs).emitWithAck(event, payload),
    acknowledge: (event, payload) => {
      socket.emit(event, payload);
    },
    reconnect(next) {
      socket.auth = { token: next };
      socket.disconnect().connect();
    },
    close: () => {
      socket.disconnect();
    },
  };
}
