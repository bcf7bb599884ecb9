/**
 * Every Socket.IO event and its payload, typed once (DESIGN §4 Realtime).
 * Names come from SPEC §7 Realtime; later issues add the offer and call events here. Rooms:
 * `company:<id>` and `dispatchers:<id>` (console users only: drivers never get a company's
 * orders or fleet), `user:<id>`, `session:<id>` (server-joined, never client-requested). The
 * drivers' app contract is written out in docs/DRIVER-API.md.
 */

import type { DriverPosition, DriverState, PositionAck } from '../drivers/drivers.schema';
import type { Order } from '../orders/orders.schema';

/** A user went online or offline in the console (PATCH /api/user-activity). */
export interface UserActivityPayload {
  user_id: number;
  is_online: boolean;
  updated_at: string;
}

/** The server revoked the session this socket belongs to (logout, ban): the client logs out. */
export interface SessionRevokedPayload {
  reason: 'logout' | 'revoked';
}

/**
 * The order as it is after change number `seq` of the orders' change stream (DESIGN §4): a
 * client keeps the highest number it has applied per order and drops an older one that arrives
 * late (two nodes, or a catch-up racing a push).
 */
export type OrderUpdatedPayload = Order & { seq: number };

/** SPEC §7 order_canceled: the reason type and the order (with its change number). */
export interface OrderCanceledPayload {
  reason: string;
  order: Order;
  seq: number;
}

/** The server could not tell every change one by one (a bulk load): read every list again. */
export interface OrdersResetPayload {
  seq: number;
}

/**
 * The drivers' positions that changed since the last batch, at most about once a second per
 * dispatcher room (DESIGN §8 batched fan-out), and the drivers gone from the map (offline).
 * Positions are ephemeral: `GET /api/drivers-positions` (every 25 s) repairs a lost batch.
 */
export interface DriversPositionsPayload {
  positions: DriverPosition[];
  gone: number[];
}

/** A position relayed between nodes: the driver's companies go with it (rooms are per company). */
export interface RelayedPosition extends DriverPosition {
  companyIds: number[];
}

/**
 * SPEC §7 priority_updated: a driver priority interval of the company was created or deleted
 * (the dispatchers' priority windows read their list again; the engine reads the intervals from
 * PostgreSQL at every step, so it needs no event).
 */
export interface PriorityUpdatedPayload {
  company_id: number;
  interval_id: number;
  change: 'created' | 'deleted';
  driver_ids: number[];
}

export interface ServerToClientEvents {
  user_activity: (payload: UserActivityPayload) => void;
  session_revoked: (payload: SessionRevokedPayload) => void;
  /** Any change of an order, its creation included: the whole order (DESIGN §4 Realtime). */
  order_updated: (order: OrderUpdatedPayload) => void;
  /** SPEC §4 Live events: an order was canceled (dispatcher, no drivers found, call ended …). */
  order_canceled: (payload: OrderCanceledPayload) => void;
  /** The orders' change stream was reset: every order list is read again. */
  orders_reset: (payload: OrdersResetPayload) => void;
  /** Position deltas to dispatchers (room `dispatchers:<company>`), batched per second. */
  drivers_positions: (payload: DriversPositionsPayload) => void;
  /**
   * A driver's durable state changed (online, paused, busy, ban, priority), with its change
   * number: to the dispatchers of his companies and to the driver himself (his app learns of a
   * ban this way, docs/DRIVER-API.md).
   */
  driver_state_updated: (state: DriverState) => void;
  /** SPEC §7: the company's driver priority intervals changed (to its console users). */
  priority_updated: (payload: PriorityUpdatedPayload) => void;
}

export interface ClientToServerEvents {
  /**
   * SPEC §7: a driver's app (or the simulator) sends its position every 5 s. The driver is the
   * socket's user, never the payload's `userId`; a refused position is answered with the
   * errors in the spec's field → messages shape and never stored.
   */
  currentPosition: (payload: unknown, ack?: (answer: PositionAck) => void) => void;
}

/** Between app nodes (Socket.IO serverSideEmit through the Redis adapter). */
export interface InterServerEvents {
  /** A session ended on one node: the others drop it from their session caches. */
  session_ended: (tokenId: number) => void;
  /**
   * Orders changed up to this change number: the others read the change stream now instead of
   * at their next poll. Only a wake-up: a lost one delays, never loses, a change.
   */
  orders_changed: (seq: number) => void;
  /** Drivers' durable state changed up to this number: read the drivers' stream now (a wake-up). */
  drivers_changed: (seq: number) => void;
  /** The positions this node's drivers sent in the last second (ephemeral, at most once). */
  driver_positions: (positions: RelayedPosition[]) => void;
  /** Zones or stands changed: rebuild the zone index now instead of at the next check. */
  zones_changed: (revision: number) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

export const rooms = {
  company: (id: number) => `company:${id}`,
  user: (id: number) => `user:${id}`,
  session: (id: number) => `session:${id}`,
  /** The console users of a company (not its drivers): where position deltas go. */
  dispatchers: (companyId: number) => `dispatchers:${companyId}`,
} as const;

/** SPEC §7: the client reconnects up to 100 times, every 3 s. */
export const RECONNECT = { attempts: 100, delayMs: 3000 } as const;
