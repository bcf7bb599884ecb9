/**
 * Every Socket.IO event and its payload, typed once (DESIGN §4 Realtime).
 * Names come from SPEC §7 Realtime; later issues add the order, offer and call events here.
 * Rooms: `company:<id>`, `user:<id>`, `session:<id>` (server-joined, never client-requested).
 */

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

export interface ServerToClientEvents {
  user_activity: (payload: UserActivityPayload) => void;
  session_revoked: (payload: SessionRevokedPayload) => void;
  /** Any change of an order, its creation included: the whole order (DESIGN §4 Realtime). */
  order_updated: (order: OrderUpdatedPayload) => void;
  /** SPEC §4 Live events: an order was canceled (dispatcher, no drivers found, call ended …). */
  order_canceled: (payload: OrderCanceledPayload) => void;
  /** The orders' change stream was reset: every order list is read again. */
  orders_reset: (payload: OrdersResetPayload) => void;
}

// biome-ignore lint/suspicious/noEmptyInterface: the console sends nothing yet; drivers' events arrive with the dispatch issue.
export interface ClientToServerEvents {}

/** Between app nodes (Socket.IO serverSideEmit through the Redis adapter). */
export interface InterServerEvents {
  /** A session ended on one node: the others drop it from their session caches. */
  session_ended: (tokenId: number) => void;
  /**
   * Orders changed up to this change number: the others read the change stream now instead of
   * at their next poll. Only a wake-up: a lost one delays, never loses, a change.
   */
  orders_changed: (seq: number) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

export const rooms = {
  company: (id: number) => `company:${id}`,
  user: (id: number) => `user:${id}`,
  session: (id: number) => `session:${id}`,
} as const;

/** SPEC §7: the client reconnects up to 100 times, every 3 s. */
export const RECONNECT = { attempts: 100, delayMs: 3000 } as const;
