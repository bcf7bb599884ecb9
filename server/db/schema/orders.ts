import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, utcNow, utcTimestamp } from './columns';
import { companies } from './companies';
import { users } from './users';

/** SPEC §3 Client: a caller of a dispatch company, found again by phone. */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Normalised (common/lib/phone). */
    phone: text('phone').notNull(),
    name: text('name'),
    about: text('about'),
    /** The protocol company user the client rides for, if any. */
    protocol_parent_user: integer('protocol_parent_user').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The client's own app account, if they have one. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('clients_company_phone_idx').on(t.company_id, t.phone),
    index('clients_user_idx').on(t.user_id),
  ],
);

/** SPEC §3 Saved address: remembered from a client's orders; deletable (SPEC §2 client history). */
export const clientAddresses = pgTable(
  'client_addresses',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    client_id: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    place_id: text('place_id'),
    comment: text('comment'),
    scara: text('scara'),
    bloc: text('bloc'),
    reper: text('reper'),
    is_internal: boolean('is_internal').notNull().default(false),
    use_count: integer('use_count').notNull().default(1),
    last_used_at: utcTimestamp('last_used_at').notNull().default(utcNow),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('client_addresses_client_name_idx').on(t.client_id, t.name),
    index('client_addresses_recent_idx').on(t.client_id, t.last_used_at),
  ],
);

/** SPEC §3 Blocked phone: orders from it are refused. */
export const blockedPhones = pgTable(
  'blocked_phones',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    reason: text('reason'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('blocked_phones_company_phone_idx').on(t.company_id, t.phone)],
);

/** A company's services; service 1 is the platform default (SPEC §4). company_id null = everyone's. */
export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

/** SPEC §3 Order option (key, name); company_id null = everyone's. */
export const orderOptions = pgTable(
  'order_options',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('order_options_company_key_idx').on(sql`coalesce(${t.company_id}, 0)`, t.key),
  ],
);

/** Discounts a company grants (read by the order form; managed by the finance issue). */
export const discounts = pgTable('discounts', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  type: text('type').notNull(),
  value: integer('value').notNull(),
  is_active: boolean('is_active').notNull().default(true),
  valid_from: utcTimestamp('valid_from'),
  valid_to: utcTimestamp('valid_to'),
  created_at: createdAt(),
});

/**
 * SPEC §3 Order. `processed_by_company_id` is the tenant that dispatches it (every dispatcher
 * list is scoped by it); `created_by_company_id` is who asked for it (itself, a protocol
 * company, a restaurant). Money in bani.
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
    /** SPEC §3 Call on an order: {phone, state, started_at, ended_at}; written by the telephony issue. */
    call: jsonb('call'),
    call_state: text('call_state'),
    call_playback_state: text('call_playback_state'),
    call_need_interaction: boolean('call_need_interaction').notNull().default(false),
    cancellation_reason_type: text('cancellation_reason_type'),
    cancellation_reason_text: text('cancellation_reason_text'),
    cancelled_by_identifier: text('cancelled_by_identifier'),
    /**
     * The first place's name, kept here for lists and search (SPEC §2 Address column). Not
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
    index('orders_driver_idx').on(t.driver_id, t.created_at.desc().nullsFirst()),
    index('orders_client_idx').on(t.client_id, t.created_at.desc().nullsFirst()),
    index('orders_dispatcher_idx').on(t.dispatcher_id, t.created_at.desc().nullsFirst()),
    index('orders_indicativ_idx').on(t.processed_by_company_id, t.car_indicativ),
  ],
);

/** SPEC §3 Order place: A, B, C … by position. */
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

/** SPEC §3 Order history item: every change of an order, who did it and when. */
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
 * Idempotency-Key records (DESIGN §7): a retried create returns the first answer instead of a
 * second order. Scoped to the user; kept 24 h.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Which endpoint, and a digest of the body: the same key with another request is refused. */
    scope: text('scope').notNull(),
    request_hash: text('request_hash').notNull(),
    status_code: integer('status_code'),
    response: jsonb('response'),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.key] }),
    index('idempotency_keys_created_idx').on(t.created_at),
  ],
);
