import {
  type ClientToServerEvents,
  type InterServerEvents,
  type OrdersChange,
  rooms,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@common/realtime/events';
import type { Server } from 'socket.io';
import type { AuthContext } from '../http/auth-context';

export interface SocketData {
  auth: AuthContext;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/**
 * The only way services talk to sockets (DESIGN §4 Realtime). With the Redis adapter every
 * call reaches the sockets of every node.
 */
export interface Publisher {
  toCompany<E extends ServerEventName>(
    companyId: number,
    event: E,
    payload: ServerEventPayload<E>,
  ): void;
  toUser<E extends ServerEventName>(userId: number, event: E, payload: ServerEventPayload<E>): void;
  /**
   * Tells the sockets of one session it ended, then disconnects them (logout, revocation), and
   * tells the other nodes to forget the session.
   */
  endSession(tokenId: number, reason: ServerEventPayload<'session_revoked'>['reason']): void;
  /**
   * Tells the other nodes an order changed, before its event reaches their sockets (one Redis
   * connection keeps the order), so a console refetching on that event gets a fresh list.
   */
  ordersChanged(change: OrdersChange): void;
}

/**
 * `clustered`: other nodes share the Redis adapter. A single node has nobody to tell, and the
 * in-memory adapter warns on every `serverSideEmit`.
 */
export function createPublisher(io: RealtimeServer, options: { clustered: boolean }): Publisher {
  const emit = <E extends ServerEventName>(
    room: string,
    event: E,
    payload: ServerEventPayload<E>,
  ) => {
    // socket.io's typed emit cannot follow a generic event name; the signature above keeps it typed.
    (io.to(room).emit as (event: E, payload: ServerEventPayload<E>) => boolean)(event, payload);
  };
  return {
    toCompany: (companyId, event, payload) => emit(rooms.company(companyId), event, payload),
    toUser: (userId, event, payload) => emit(rooms.user(userId), event, payload),
    endSession: (tokenId, reason) => {
      const room = rooms.session(tokenId);
      emit(room, 'session_revoked', { reason });
      io.in(room).disconnectSockets(true);
      if (options.clustered) io.serverSideEmit('session_ended', tokenId);
    },
    ordersChanged: (change) => {
      if (options.clustered) io.serverSideEmit('orders_changed', change);
    },
  };
}
