import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/** What a company sells: services, order options and discounts. */
/** A company's services; service 1 is the platform default. company_id null = everyone's. */
export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

/**
 * Order option (key, name); company_id null = everyone's. `packages`: the company packages it
 * fits (1 taxi, 2 courier, 3 restaurant): a pet or a child seat means nothing to a delivery.
 */
export const orderOptions = pgTable(
  'order_options',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    packages: integer('packages').array().notNull().default(sql`'{1}'::int[]`),
  },
  (t) => [
    uniqueIndex('order_options_company_key_idx').on(sql`coalesce(${t.company_id}, 0)`, t.key),
  ],
);
