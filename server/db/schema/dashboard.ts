import { date, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, utcTimestamp } from './columns';
import { companies } from './companies';
import { orders } from './orders';
import { users } from './users';

/**
 * Dashboard chart: orders per company and Bucharest day, online (the client app) versus
 * phone, kept by the orders' write path when an order is created, so the chart never scans the
 * orders.
 */
export const orderDailyCounts = pgTable(
  'order_daily_counts',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    online: integer('online').notNull().default(0),
    phone: integer('phone').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.day] })],
);

/** announcesCount: a note from a dispatcher or admin to the company's operators. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    author_id: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** Shown until then; null = until archived. */
    expires_at: utcTimestamp('expires_at'),
    archived_at: utcTimestamp('archived_at'),
    created_at: createdAt(),
  },
  (t) => [index('announcements_company_idx').on(t.company_id, t.created_at)],
);

/** incidentsCount: something that went wrong on a trip, reported by a dispatcher or a driver. */
export const incidents = pgTable(
  'incidents',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    driver_id: integer('driver_id').references(() => users.id, { onDelete: 'set null' }),
    reported_by: integer('reported_by').references(() => users.id, { onDelete: 'set null' }),
    /** dispatcher | driver: who reported it. */
    source: text('source').notNull(),
    description: text('description').notNull(),
    /** open | resolved */
    state: text('state').notNull().default('open'),
    resolved_at: utcTimestamp('resolved_at'),
    resolved_by: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('incidents_company_idx').on(t.company_id, t.state)],
);
