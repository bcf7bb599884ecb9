import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, utcTimestamp } from './columns';
import { companies } from './companies';
import { orders } from './orders';
import { users } from './users';

/**
 * Search method: a company's list of search steps (`definitions.items[]`), each a
 * search type, time, limit, ordering, notification method and refusal rules.
 */
export const searchMethods = pgTable(
  'search_methods',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    definitions: jsonb('definitions').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('search_methods_company_idx').on(t.company_id)],
);

/**
 * Search interval: when a method applies (weekdays or a custom day, a time window);
 * the first interval in `position` order that matches the moment decides.
 */
export const searchIntervals = pgTable(
  'search_intervals',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    search_method_id: integer('search_method_id')
      .notNull()
      .references(() => searchMethods.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    value: jsonb('value').notNull(),
    position: integer('position').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('search_intervals_company_idx').on(t.company_id, t.position)],
);

/** Driver priority interval: from → to (UTC), its drivers are offered first. */
export const priorityIntervals = pgTable(
  'priority_intervals',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    from: utcTimestamp('from').notNull(),
    to: utcTimestamp('to').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('priority_intervals_company_idx').on(t.company_id, t.to)],
);

export const priorityIntervalDrivers = pgTable(
  'priority_interval_drivers',
  {
    interval_id: integer('interval_id')
      .notNull()
      .references(() => priorityIntervals.id, { onDelete: 'cascade' }),
    driver_id: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.interval_id, t.driver_id] })],
);

/**
 * An order's driver search: the method it follows (a snapshot taken when it
 * started), its current step and that step's deadline, and the lease of the node working on it
 * right now. `generation` counts the searches of one order (a retry starts a new one). Times
 * are epoch milliseconds of the nodes' clocks (the engine's clock is injectable for tests).
 */
export const orderSearches = pgTable(
  'order_searches',
  {
    order_id: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    company_id: integer('company_id').notNull(),
    generation: integer('generation').notNull().default(1),
    /** 'running' while steps remain; 'done' once confirmed, exhausted, stopped or pinned. */
    state: text('state').notNull().default('running'),
    /** SearchPlan: what this search follows, fixed at its first step (null before). */
    plan: jsonb('plan'),
    /** The current step (an index of plan.items), -1 before the first. */
    step: smallint('step').notNull().default(-1),
    /** by_rotation: the step's drivers in order, offered one at a time (null otherwise). */
    rotation: jsonb('rotation'),
    /** by_rotation: the index in `rotation` being offered now. */
    slot: smallint('slot').notNull().default(0),
    /** When the engine must look at it next (the step's or slot's deadline). */
    due_ms: bigint('due_ms', { mode: 'number' }).notNull(),
    /** The node holding it and until when; another may claim it after (a dead node's). */
    lease_owner: text('lease_owner'),
    lease_until_ms: bigint('lease_until_ms', { mode: 'number' }).notNull().default(0),
    /** Fencing token: bumped by every claim; a write with an older one is refused. */
    fence: bigint('fence', { mode: 'number' }).notNull().default(0),
    /** How it ended: 'confirmed', 'no_drivers_found', 'stopped', 'pinned'. */
    outcome: text('outcome'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('order_searches_due_idx').on(t.state, t.due_ms)],
);

/**
 * One offer of an order to a driver in one step of one search: offered, viewed,
 * answered (accepted with the minutes he needs, or refused).
 */
export const orderOffers = pgTable(
  'order_offers',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull(),
    step: smallint('step').notNull(),
    driver_id: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    company_id: integer('company_id').notNull(),
    /** His place in the step's ordering (1 = first): the best accepted rank wins. */
    rank: smallint('rank').notNull(),
    /** 'offer' (a personal offer) or 'pending' (the order in his pending list). */
    kind: text('kind').notNull().default('offer'),
    distance_m: integer('distance_m'),
    offered_ms: bigint('offered_ms', { mode: 'number' }).notNull(),
    /** The offer's own deadline (a step's, or a rotation slot's). */
    expires_ms: bigint('expires_ms', { mode: 'number' }).notNull(),
    viewed_ms: bigint('viewed_ms', { mode: 'number' }),
    answered_ms: bigint('answered_ms', { mode: 'number' }),
    /** 'accepted' | 'refused' | 'withdrawn' (the step closed without his answer, or lost). */
    answer: text('answer'),
    /** Accepted: the minutes he needs to reach the client (accept-order `time`). */
    minutes: smallint('minutes'),
  },
  (t) => [
    index('order_offers_order_idx').on(t.order_id, t.generation, t.step),
    index('order_offers_driver_idx').on(t.driver_id, t.offered_ms),
  ],
);

/**
 * The dispatch trace (explainability): one row per step of a search — its method
 * item, every driver considered with why he was skipped or that he was offered — and one per
 * decision (confirmed, nobody accepted, exhausted, stopped).
 */
export const dispatchTrace = pgTable(
  'dispatch_trace',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    generation: integer('generation').notNull(),
    step: smallint('step').notNull(),
    kind: text('kind').notNull(),
    at_ms: bigint('at_ms', { mode: 'number' }).notNull(),
    details: jsonb('details').notNull(),
  },
  (t) => [index('dispatch_trace_order_idx').on(t.order_id, t.id)],
);

/**
 * Refusals a driver gathered under a step's ban conditions (ban_conditions): counted
 * per company since `since_ms`; `count` reached → banned (type ban) or his queue place reset
 * (type reset), and the counter starts again after `reset_interval`.
 */
export const driverRefusals = pgTable(
  'driver_refusals',
  {
    driver_id: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    company_id: integer('company_id').notNull(),
    count: integer('count').notNull().default(0),
    since_ms: bigint('since_ms', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.driver_id, t.company_id] })],
);
