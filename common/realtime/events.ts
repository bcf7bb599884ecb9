/**
 * Every Socket.IO event and its payload, typed once.
 * Names follow the original product's realtime API (the call events: docs/CALLS.md). Rooms:
 * `company:<id>` and `dispatchers:<id>` (console users only: drivers never get a company's
 * orders or fleet), `drivers:<id>` (a company's drivers: only "the pending queue changed"),
 * `user:<id>`, `session:<id>` (server-joined, never client-requested). The
 * drivers' app contract is written out in docs/DRIVER-API.md.
 */

import type { DriverOffer, DriverOrder, DriverSearch } from '../dispatch/dispatch.schema';
import type { DriverPosition, DriverState, PositionAck } from '../drivers/drivers.schema';
import type { Broadcast, Message } from '../messages/messages.schema';
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
 * The order as it is after change number `seq` of the orders' change stream: a
 * client keeps the highest number it has applied per order and drops an older one that arrives
 * late (two nodes, or a catch-up racing a push).
 */
export type OrderUpdatedPayload = Order & { seq: number };

/** order_canceled: the reason type and the order (with its change number). */
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
 * dispatcher room (batched fan-out), and the drivers gone from the map (offline).
 * Positions are ephemeral: `GET /api/drivers-positions` (every 25 s) repairs a lost batch.
 */
export interface DriversPositionsPayload {
  positions: DriverPosition[];
  gone: number[];
}

/** A position relayed between nodes: the driver's companies go with it (rooms are per company). */
export interface RelayedPosition extends DriverPosition {
  companyIds: number[];
  /** The zone he placed himself in from his app (by_near_stand_and_polygon_manually). */
  declaredPolygonId?: number | null;
}

/**
 * priority_updated: a driver priority interval of the company was created or deleted
 * (the dispatchers' priority windows read their list again; the engine reads the intervals from
 * PostgreSQL at every step, so it needs no event).
 */
export interface PriorityUpdatedPayload {
  company_id: number;
  interval_id: number;
  change: 'created' | 'deleted';
  driver_ids: number[];
}

/** 'remove live order': an offer ended for this driver, and why. */
export interface RemoveLiveOrderPayload {
  orderId: number;
  reason: 'taken' | 'canceled' | 'expired' | 'pending';
}

/** order_accept_confirmed: the order is the driver's (to him only). */
export interface OrderAcceptConfirmedPayload {
  orderId: number;
  order: DriverOrder;
}

/** pending_orders_updated: a company's pending queue changed (read it again). */
export interface PendingOrdersUpdatedPayload {
  company_id: number;
}

/** The answer to a driver's offer event on his socket (accept, refuse, viewed). */
export type DriverAnswerAck =
  | { ok: true }
  | { ok: false; message: string; errors?: Record<string, string[]> };

/** An offer made (orderId set, until untilMs) or ended (orderId null) for the map's red label. */
export interface OfferMark {
  driverId: number;
  orderId: number | null;
  untilMs: number;
  ofOrder?: number;
}

/**
 * client_call_accepted: a dispatcher of the company accepted this SIP call (its order
 * is born); the other dispatchers' pending-calls bars drop it (docs/CALLS.md).
 */
export interface ClientCallAcceptedPayload {
  sip_caller_id: string;
  phone: string;
  order_id: number;
  dispatcher_id: number;
}

/** The company's missed calls changed (one more, or one called back): read the list again. */
export interface MissedCallsUpdatedPayload {
  company_id: number;
  unhandled: number;
}

/**
 * 'message received': a message to this user, or his own sent from another tab or device. A
 * message to all drivers or clients is one emit to the company's room with no copy's id
 * (`id` and `user_id` null): the recipient reads his copy over REST.
 */
export interface MessageReceivedPayload extends Omit<Message, 'id' | 'user_id'> {
  id: number | null;
  user_id: number | null;
}

/**
 * The messages `sender_id` wrote to `user_id` in the company, up to `up_to_id`, were delivered
 * to a device of the recipient or read by him: to both (the sender's ticks, the recipient's
 * other tabs and their unread count).
 */
export interface MessageStatusPayload {
  company_id: number;
  sender_id: number;
  user_id: number;
  status: 'delivered' | 'read';
  up_to_id: number;
  at: string;
}

/** The answer to a messageRead or messageDelivered sent on the socket. */
export type MessageAck =
  | { ok: true; count: number }
  | { ok: false; message: string; errors?: Record<string, string[]> };

/** Dispatch events whose name carries the order: `ws_order_drivers:{id}`. */
export type OrderDriversEventName = `ws_order_drivers:${number}`;

export interface ServerToClientEvents {
  user_activity: (payload: UserActivityPayload) => void;
  session_revoked: (payload: SessionRevokedPayload) => void;
  /** Any change of an order, its creation included: the whole order. */
  order_updated: (order: OrderUpdatedPayload) => void;
  /** Live events: an order was canceled (dispatcher, no drivers found, call ended …). */
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
  /** The company's driver priority intervals changed (to its console users). */
  priority_updated: (payload: PriorityUpdatedPayload) => void;
  /** order_available: an offer to this driver (his user room; docs/DRIVER-API.md). */
  order_available: (offer: DriverOffer) => void;
  /** 'remove live order': an offer to this driver ended. */
  remove_live_order: (payload: RemoveLiveOrderPayload) => void;
  /** order_accept_confirmed: to the confirmed driver. */
  order_accept_confirmed: (payload: OrderAcceptConfirmedPayload) => void;
  /** Driver found: to the company's console (the order with its driver). */
  order_driver_found: (payload: { order: Order }) => void;
  /** Order sent to a driver: the drivers a step offered it to (console). */
  order_sent_to_driver: (payload: { orderId: number; driverIds: number[] }) => void;
  /** pending_orders_updated: to the company's drivers and console. */
  pending_orders_updated: (payload: PendingOrdersUpdatedPayload) => void;
  /** client_call_accepted: to the company's console users (room dispatchers:<id>). */
  client_call_accepted: (payload: ClientCallAcceptedPayload) => void;
  /** A call nobody answered was kept, or one was called back (room dispatchers:<id>). */
  missed_calls_updated: (payload: MissedCallsUpdatedPayload) => void;
  /** A message to this user (his room), or to all the company's drivers (room drivers:<id>). */
  'message received': (message: MessageReceivedPayload) => void;
  /** Messages were delivered or read: to their sender and their recipient. */
  message_status: (payload: MessageStatusPayload) => void;
  /** This user sent a message to all drivers or clients (his other tabs list it). */
  messages_broadcast: (broadcast: Broadcast) => void;
  /** ws_order_drivers:{id}: the drivers of an order's search (console). */
  [name: OrderDriversEventName]: (search: DriverSearch) => void;
}

export interface ClientToServerEvents {
  /**
   * A driver's app (or the simulator) sends its position every 5 s. The driver is the
   * socket's user, never the payload's `userId`; a refused position is answered with the
   * errors in the spec's field → messages shape and never stored.
   */
  currentPosition: (payload: unknown, ack?: (answer: PositionAck) => void) => void;
  /** The driver accepts his offer {orderId, time} (as POST /accept-order; docs/DRIVER-API.md). */
  accept_order: (payload: unknown, ack?: (answer: DriverAnswerAck) => void) => void;
  /** The driver refuses his offer {orderId}. */
  refuse_order: (payload: unknown, ack?: (answer: DriverAnswerAck) => void) => void;
  /** order_viewed {orderId}: the driver saw the offer. */
  order_viewed: (payload: unknown, ack?: (answer: DriverAnswerAck) => void) => void;
  /**
   * messageRead {interlocutor_id, company_id?}: the user read what the interlocutor sent him
   * (as POST /api/messages/read); any user's socket, the answer is his unread count.
   */
  messageRead: (payload: unknown, ack?: (answer: MessageAck) => void) => void;
  /** messageDelivered {interlocutor_id, company_id?}: a device of his received those messages. */
  messageDelivered: (payload: unknown, ack?: (answer: MessageAck) => void) => void;
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
  /** Offers made or ended on one node: the others' maps show the red label (ephemeral). */
  driver_offers: (offers: OfferMark[]) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

export const rooms = {
  company: (id: number) => `company:${id}`,
  user: (id: number) => `user:${id}`,
  session: (id: number) => `session:${id}`,
  /** The console users of a company (not its drivers): where position deltas go. */
  dispatchers: (companyId: number) => `dispatchers:${companyId}`,
  /** A company's drivers: only that its pending queue changed goes here (no order details). */
  drivers: (companyId: number) => `drivers:${companyId}`,
  /** A company's clients with an account: only its messages to all clients go here. */
  clients: (companyId: number) => `clients:${companyId}`,
} as const;

/** The client reconnects up to 100 times, every 3 s. */
export const RECONNECT = { attempts: 100, delayMs: 3000 } as const;
