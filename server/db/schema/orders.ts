import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, updatedAt, utcNow, utcTimestamp } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * Order. `processed_by_company_id` is the tenant that dispatches it (every dispatcher
 * list is scoped by it); `created_by_company_id` is who asked for it (itself, a protocol
 * company, a restaurant); `protocol_company_id` the protocol company the ride is billed to
 * (a protocol client's lists are scoped by it). Money in bani.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    start_at: utcTimestamp('start_at'),
    assigned_at: utcTimestamp('assigned_at'),
    trip_started_at: utcTimestamp('trip_started_at'),
    trip_finished_at: utcTimestamp('trip_finished_at'),
    /** When it left the lists (finished or canceled): the finished/canceled tabs sort by it. */
    closed_at: utcTimestamp('closed_at'),
    state: text('state').notNull().default('new'),
    trip_state: text('trip_state'),
    departure_time: utcTimestamp('departure_time').notNull().default(utcNow),
    service_id: integer('service_id').notNull().default(1),
    phone: text('phone').notNull(),
    client_name: text('client_name'),
    about_client: text('about_client'),
    comment: text('comment'),
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    dispatcher_id: integer('dispatcher_id').references(() => users.id, { onDelete: 'set null' }),
    custom_driver_ids: integer('custom_driver_ids').array().notNull().default(sql`'{}'::int[]`),
    search_company_ids: integer('search_company_ids').array().notNull().default(sql`'{}'::int[]`),
    payment_type: text('payment_type').notNull().default('cash'),
    source: text('source').notNull().default('from_call'),
    cost: integer('cost'),
    /** How `cost` was made (docs/MONEY.md): estimate, zone, fixed, meter, taximeter. */
    cost_source: text('cost_source'),
    discount_amount: integer('discount_amount'),
    discounted_cost: integer('discounted_cost'),
    discount_condition_id: integer('discount_condition_id'),
    discount_compensated: boolean('discount_compensated').notNull().default(false),
    driver_payment: integer('driver_payment'),
    is_paid: boolean('is_paid').notNull().default(false),
    driver_id: integer('driver_id').references(() => users.id, { onDelete: 'set null' }),
    car_indicativ: text('car_indicativ'),
    waiting_driver_time: integer('waiting_driver_time'),
    in_pending_queue: boolean('in_pending_queue').notNull().default(false),
    always_in_call: boolean('always_in_call').notNull().default(false),
    manually_assigned: boolean('manually_assigned').notNull().default(false),
    created_by_company_id: integer('created_by_company_id')
      .notNull()
      .references(() => companies.id),
    processed_by_company_id: integer('processed_by_company_id')
      .notNull()
      .references(() => companies.id),
    protocol_company_id: integer('protocol_company_id').references(() => companies.id),
    /** Call on an order: {phone, state, started_at, ended_at, sip_caller_id}; orders/write/call-transitions.ts. */
    call: jsonb('call'),
    call_state: text('call_state'),
    call_playback_state: text('call_playback_state'),
    call_need_interaction: boolean('call_need_interaction').notNull().default(false),
    cancellation_reason_type: text('cancellation_reason_type'),
    cancellation_reason_text: text('cancellation_reason_text'),
    cancelled_by_identifier: text('cancelled_by_identifier'),
    /**
     * The first place's name, kept here for lists and search (Address column). Not
     * indexed for substring search: only the tabs search it, within their bounded windows (live
     * orders, the last 24 h), and a trigram index cost every order placed its upkeep (migration
     * 0007; bench/orders-lists).
     */
    address: text('address'),
  },
  (t) => [
    // DESC NULLS FIRST is what a plain `ORDER BY … DESC` means: written that way, PostgreSQL
    // walks these indexes in order (drizzle-kit's bare .desc() writes NULLS LAST, which made
    // every newest-first page sort all of a company's orders; bench/orders-lists at 1M).
    // The dispatcher tabs: live states by company, newest first.
    index('orders_company_state_created_idx').on(
      t.processed_by_company_id,
      t.state,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_company_closed_idx').on(
      t.processed_by_company_id,
      t.closed_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Also INCLUDE (state), by migrations 0005/0006 (drizzle cannot express it): the states
    // filter of GET /api/orders then reads the index only.
    index('orders_company_created_idx').on(
      t.processed_by_company_id,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_in_call_idx')
      .on(t.processed_by_company_id, t.created_at.desc().nullsFirst())
      .where(sql`${t.always_in_call} or ${t.call_state} in ('started', 'on_hold')`),
    index('orders_creator_created_idx').on(
      t.created_by_company_id,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A protocol client's lists: the rides billed to his company (order-reads.ts consoleScopeOf).
    index('orders_protocol_created_idx')
      .on(t.protocol_company_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.protocol_company_id} is not null`),
    // A protocol client's monthly statement: his finished rides by the time they ended.
    index('orders_protocol_finished_idx')
      .on(t.protocol_company_id, t.trip_finished_at, t.id)
      .where(sql`${t.protocol_company_id} is not null and ${t.state} = 'finished'`),
    index('orders_driver_idx').on(t.driver_id, t.created_at.desc().nullsFirst()),
    // No driver ever holds two active orders; a confirmation that would give him a
    // second fails here, whatever raced it.
    uniqueIndex('orders_driver_active_idx').on(t.driver_id).where(sql`${t.state} = 'assigned'`),
    index('orders_client_idx').on(t.client_id, t.created_at.desc().nullsFirst()),
    index('orders_dispatcher_idx').on(t.dispatcher_id, t.created_at.desc().nullsFirst()),
    index('orders_indicativ_idx').on(t.processed_by_company_id, t.car_indicativ),
  ],
);

/** Order place: A, B, C … by position. */
export const orderPlaces = pgTable(
  'order_places',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    place_id: text('place_id'),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    comment: text('comment'),
    bloc: text('bloc'),
    scara: text('scara'),
    reper: text('reper'),
  },
  (t) => [uniqueIndex('order_places_order_position_idx').on(t.order_id, t.position)],
);

/** Order history item: every change of an order, who did it and when. */
export const orderHistory = pgTable(
  'order_history',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    timestamp: utcTimestamp('timestamp').notNull().default(utcNow),
    type: text('type').notNull(),
    initiator: text('initiator').notNull(),
    initiator_id: integer('initiator_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details'),
  },
  (t) => [index('order_history_order_idx').on(t.order_id, t.id)],
);

/**
 * The orders' change stream: one row per order write, numbered in the
 * writing transaction by `order_change_counter`, so numbers are gapless and follow commit order
 * (a writer holds the counter's row lock until it commits). Every node's read model and every
 * console socket follows it from the last number it saw; Redis and NOTIFY only wake them up.
 */
export const orderChanges = pgTable(
  'order_changes',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    order_id: integer('order_id').notNull(),
    /** What the write was: 'created' (a new order), 'canceled' or 'changed'. */
    kind: text('kind').notNull(),
    /** The cancellation's reason type, for the order_canceled event. */
    reason: text('reason'),
    /** The protocol company the change stopped billing the order to: its lists and sockets lose it. */
    left_company_id: integer('left_company_id'),
    created_at: createdAt(),
  },
  (t) => [index('order_changes_at_idx').on(t.created_at)],
);

/** The last change number given out: one row, locked by each writer until it commits. */
export const orderChangeCounter = pgTable('order_change_counter', {
  id: smallint('id').primaryKey(),
  last: bigint('last', { mode: 'number' }).notNull(),
});
