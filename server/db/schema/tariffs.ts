import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { services } from './catalog';
import { createdAt, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './users';
import { polygons } from './zones';

/**
 * A company's meter (docs/MONEY.md), in integer bani: one per service, and one with
 * `service_id` null for every service without its own.
 */
export const tariffs = pgTable(
  'tariffs',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    service_id: integer('service_id').references(() => services.id, { onDelete: 'cascade' }),
    start_fee: integer('start_fee').notNull(),
    per_km: integer('per_km').notNull(),
    per_minute: integer('per_minute').notNull(),
    minimum_fare: integer('minimum_fare').notNull(),
    updated_at: updatedAt(),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('tariffs_company_service_idx').on(t.company_id, sql`coalesce(${t.service_id}, 0)`),
  ],
);

/** Windows in Bucharest time that multiply the meter (night, weekend); the highest wins. */
export const tariffSurcharges = pgTable(
  'tariff_surcharges',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 1 = Monday … 7 = Sunday: the days a window starts. */
    days: integer('days').array().notNull(),
    /** 'HH:mm'; `time_to` before `time_from` runs past midnight. */
    time_from: text('time_from').notNull(),
    time_to: text('time_to').notNull(),
    percent: integer('percent').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('tariff_surcharges_company_idx').on(t.company_id)],
);

/** A fixed price from one of the company's zones to another, for one service or all. */
export const zonePrices = pgTable(
  'zone_prices',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    service_id: integer('service_id').references(() => services.id, { onDelete: 'cascade' }),
    from_polygon_id: integer('from_polygon_id')
      .notNull()
      .references(() => polygons.id, { onDelete: 'cascade' }),
    to_polygon_id: integer('to_polygon_id')
      .notNull()
      .references(() => polygons.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    /** The same price from `to` back to `from`. */
    both_ways: boolean('both_ways').notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('zone_prices_pair_idx').on(
      t.company_id,
      sql`coalesce(${t.service_id}, 0)`,
      t.from_polygon_id,
      t.to_polygon_id,
    ),
  ],
);

/**
 * A company's money rules beyond the meter (one row, once it has chosen; the defaults below
 * otherwise): the taximeter, the balance gate and whether a transfer or payout may overdraw.
 */
export const financeSettings = pgTable('finance_settings', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** The driver app's taximeter amount at the finish is the fare. */
  accept_taximeter: boolean('accept_taximeter').notNull().default(false),
  /** Bani: a driver whose balance is below this is offered nothing. */
  min_balance: integer('min_balance').notNull().default(0),
  /** A transfer or payout may leave the sender's balance below zero. */
  allow_negative_balance: boolean('allow_negative_balance').notNull().default(false),
});

/**
 * The company's cut of a finished trip, per service and one for every other service
 * (`service_id` null): a percentage of the fare in basis points (1500 = 15%) plus a fixed amount.
 */
export const commissions = pgTable(
  'commissions',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    service_id: integer('service_id').references(() => services.id, { onDelete: 'cascade' }),
    percent_bp: integer('percent_bp').notNull().default(0),
    fixed: integer('fixed').notNull().default(0),
    updated_at: updatedAt(),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('commissions_company_service_idx').on(
      t.company_id,
      sql`coalesce(${t.service_id}, 0)`,
    ),
  ],
);
