import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, updatedAt, utcTimestamp } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * A discount condition of a dispatch company (docs/MONEY.md "Discounts"): a percentage (basis
 * points) or a fixed amount (bani) off the fare, for one client, one protocol company or
 * everyone, within its dates and usage limits.
 */
export const discountConditions = pgTable(
  'discount_conditions',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'percent' (value in basis points: 1000 = 10%) or 'fixed' (value in bani). */
    kind: text('kind').notNull(),
    value: integer('value').notNull(),
    /** Bani: the most a percentage takes off one fare. */
    max_amount: integer('max_amount'),
    /** Bucharest calendar days, both included; null: open. */
    valid_from: date('valid_from', { mode: 'string' }),
    valid_until: date('valid_until', { mode: 'string' }),
    /** For one client, or one protocol company's rides; both null: everyone. */
    client_id: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    protocol_company_id: integer('protocol_company_id').references(() => companies.id, {
      onDelete: 'cascade',
    }),
    /** How many orders one client may use it for, and all together; null: no limit. */
    per_client_limit: integer('per_client_limit'),
    total_limit: integer('total_limit'),
    /** Orders that used it, kept with each use under the row's lock (the total limit). */
    uses: integer('uses').notNull().default(0),
    /** The company pays the driver back the discount (/finances/transfer-discount). */
    compensate_driver: boolean('compensate_driver').notNull().default(false),
    disabled_at: utcTimestamp('disabled_at'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('discount_conditions_company_idx').on(t.company_id),
    index('discount_conditions_client_idx').on(t.client_id).where(sql`${t.client_id} is not null`),
  ],
);

/** One order's use of a condition: counted against the per-client limit; one per order. */
export const discountUses = pgTable(
  'discount_uses',
  {
    order_id: integer('order_id').primaryKey(),
    condition_id: integer('condition_id')
      .notNull()
      .references(() => discountConditions.id, { onDelete: 'cascade' }),
    client_id: integer('client_id'),
    created_at: createdAt(),
  },
  (t) => [index('discount_uses_condition_client_idx').on(t.condition_id, t.client_id)],
);
