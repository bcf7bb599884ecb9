/**
 * Every Socket.IO event and its payload, typed once (DESIGN §4 Realtime).
 * Names come from SPEC §7 Realtime; later issues add the order, offer and call events here.
 * Rooms: `company:<id>`, `user:<id>`, `session:<id>` (server-joined, never client-requested).
 */

import type { Order } from '../orders/orders.schema';
import type { TabId } from '../orders/orders.tabs';

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

/** SPEC §7 order_canceled: the reason type and the order. */
export interface OrderCanceledPayload {
  reason: string;
  order: Order;
}

export interface ServerToClientEvents {
  user_activity: (payload: UserActivityPayload) => void;
  session_revoked: (payload: SessionRevokedPayload) => void;
  /** Any change of an order, its creation included: the whole order (DESIGN §4 Realtime). */
  order_updated: (order: Order) => void;
  /** SPEC §4 Live events: an order was canceled (dispatcher, no drivers found, call ended …). */
  order_canceled: (payload: OrderCanceledPayload) => void;
}

// biome-ignore lint/suspicious/noEmptyInterface: the console sends nothing yet; drivers' events arrive with the dispatch issue.
export interface ClientToServerEvents {}

/** Between app nodes (Socket.IO serverSideEmit through the Redis adapter). */
export interface InterServerEvents {
  /** A session ended on one node: the others drop it from their session caches. */
  session_ended: (tokenId: number) => void;
  /** An order changed on one node: the others drop what their console caches built from it. */
  orders_changed: (change: OrdersChange) => void;
}

/** What an order change makes stale in the consoles' caches (server dispatcher-board.ts). */
export interface OrdersChange {
  order_id: number;
  company_ids: number[];
  tabs: TabId[];
  /** Set when the change placed a new order: its creation time (with the id, its place in newest-first lists). */
  created_at?: string;
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
