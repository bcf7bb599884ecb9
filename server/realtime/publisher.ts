import type { DriverState } from '@common/drivers/drivers.schema';
import type { Order } from '@common/orders/orders.schema';
import {
  type ClientToServerEvents,
  type DriversPositionsPayload,
  type InterServerEvents,
  type OfferMark,
  type RelayedPosition,
  rooms,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@common/realtime/events';
import type { Server, Socket } from 'socket.io';
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

export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/**
 * The only way services talk to sockets. With the Redis adapter every
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
   * Tells this node's own sockets of an order as change `seq` left it (and, for a cancellation,
   * why): every node's reader of the change stream tells its own sockets, so a relay between
   * nodes lost on the way loses nothing (change-stream/order-feed.ts).
   */
  orderChanged(order: Order, seq: number, canceledFor?: string | null): void;
  /** Tells this node's own sockets to read every order list again (a reset of the stream). */
  ordersReset(seq: number): void;
  /**
   * Tells this node's sockets of a protocol company that change `seq` billed one of its orders to
   * another: they read their lists again (the order as it is now is no longer theirs to see).
   */
  orderLeft(companyId: number, seq: number): void;
  /** Wakes the other nodes' readers of the change stream. */
  wakeOrderReaders(seq: number): void;
  /**
   * Tells the other nodes that zones or stands changed (revision `revision`): their zone
   * indexes read them again at once instead of at their next poll (zone-index-follower.ts).
   */
  wakeZoneReaders(revision: number): void;
  /** Wakes the other nodes' readers of the drivers' change stream. */
  wakeDriverReaders(seq: number): void;
  /** Tells this node's dispatcher sockets of one company the fleet's latest moves (batched). */
  driversPositions(companyId: number, payload: DriversPositionsPayload): void;
  /** Tells this node's sockets of a driver's new state: his companies' dispatchers and himself. */
  driverStateChanged(companyIds: readonly number[], state: DriverState): void;
  /** Relays this node's drivers' positions to the other nodes (null on a single node). */
  relayPositions: ((positions: RelayedPosition[]) => void) | null;
  /** Tells the other nodes of offers made or ended (the map's red label; null on one node). */
  relayOffers: ((offers: OfferMark[]) => void) | null;
  /** To a company's drivers (room `drivers:<id>`): only that its pending queue changed. */
  toDrivers<E extends ServerEventName>(
    companyId: number,
    event: E,
    payload: ServerEventPayload<E>,
  ): void;
  /** To a company's clients with an account (room `clients:<id>`): its messages to all clients. */
  toClients<E extends ServerEventName>(
    companyId: number,
    event: E,
    payload: ServerEventPayload<E>,
  ): void;
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
    orderChanged: (order, seq, canceledFor) => {
      const local = io.local;
      // The companies whose lists show it (order-reads.ts consoleScopeOf): the one that
      // dispatches it and the protocol company it is billed to.
      const companies = [order.processed_by_company_id];
      if (order.protocol_user) companies.push(order.protocol_user.id);
      const to = local.to(companies.map((id) => rooms.company(id)));
      to.emit('order_updated', { ...order, seq });
      if (canceledFor) {
        to.emit('order_canceled', { reason: canceledFor, order, seq });
        // His trip ended under him: the driver of a canceled order is told too.
        if (order.driver_id !== null && canceledFor !== 'driver_canceled')
          local
            .to(rooms.user(order.driver_id))
            .emit('order_canceled', { reason: canceledFor, order, seq });
      }
    },
    ordersReset: (seq) => {
      io.local.emit('orders_reset', { seq });
    },
    orderLeft: (companyId, seq) => {
      io.local.to(rooms.company(companyId)).emit('orders_reset', { seq });
    },
    wakeOrderReaders: (seq) => {
      if (options.clustered) io.serverSideEmit('orders_changed', seq);
    },
    wakeZoneReaders: (revision) => {
      if (options.clustered) io.serverSideEmit('zones_changed', revision);
    },
    wakeDriverReaders: (seq) => {
      if (options.clustered) io.serverSideEmit('drivers_changed', seq);
    },
    driversPositions: (companyId, payload) => {
      io.local.to(rooms.dispatchers(companyId)).emit('drivers_positions', payload);
    },
    driverStateChanged: (companyIds, state) => {
      io.local
        .to([rooms.user(state.driver_id), ...companyIds.map((id) => rooms.dispatchers(id))])
        .emit('driver_state_updated', state);
    },
    relayPositions: options.clustered
      ? (positions) => io.serverSideEmit('driver_positions', positions)
      : null,
    relayOffers: options.clustered ? (offers) => io.serverSideEmit('driver_offers', offers) : null,
    toDrivers: (companyId, event, payload) => emit(rooms.drivers(companyId), event, payload),
    toClients: (companyId, event, payload) => emit(rooms.clients(companyId), event, payload),
  };
}
