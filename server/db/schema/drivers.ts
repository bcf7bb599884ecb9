import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, utcTimestamp } from './columns';
import { users } from './users';

/**
 * Each driver's last known position. Live positions are held in memory (the driver
 * index) and flushed here in batches, one multi-row statement every few seconds (no
 * write per GPS message); start-up rebuilds the index from it.
 */
export const driverPositions = pgTable('driver_positions', {
  driver_id: integer('driver_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lat: doublePrecision('lat').notNull(),
  long: doublePrecision('long').notNull(),
  polygon_id: integer('polygon_id'),
  order_id: integer('order_id'),
  reported_at: utcTimestamp('reported_at').notNull(),
});

/**
 * Every position received, for trips and audits, kept DRIVER_POSITIONS_KEEP_DAYS (config),
 * written in the same batches as `driver_positions`.
 */
export const driverPositionHistory = pgTable(
  'driver_position_history',
  {
    driver_id: integer('driver_id').notNull(),
    reported_at: utcTimestamp('reported_at').notNull(),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    order_id: integer('order_id'),
  },
  (t) => [
    primaryKey({ columns: [t.driver_id, t.reported_at] }),
    index('driver_position_history_at_idx').on(t.reported_at),
    index('driver_position_history_order_idx').on(t.order_id),
  ],
);

/**
 * The drivers' change stream, like `order_changes`: one numbered row per change of
 * a driver's durable state (online, paused, busy, ban, priority), written in the same
 * transaction, numbered gapless in commit order by `driver_change_counter`.
 */
export const driverChanges = pgTable(
  'driver_changes',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    driver_id: integer('driver_id').notNull(),
    /** What changed: 'status', 'ban', 'busy', 'priority' (for the logs and tests). */
    kind: text('kind').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('driver_changes_at_idx').on(t.created_at)],
);

export const driverChangeCounter = pgTable('driver_change_counter', {
  id: smallint('id').primaryKey(),
  last: bigint('last', { mode: 'number' }).notNull(),
});
