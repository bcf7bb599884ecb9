import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, utcTimestamp } from './columns';
import { companies } from './companies';
import { orders } from './orders';
import { users } from './users';

/**
 * One SIP call that reached a company's line (docs/CALLS.md): answered — its order was born from
 * it, once, by the dispatcher who accepted it first — or missed (the PBX's hook: nobody
 * answered). The unique (company, Call-ID) pair is what makes an accept happen once per SIP call
 * however often it is retried or raced.
 */
export const calls = pgTable(
  'calls',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sip_call_id: text('sip_call_id').notNull(),
    /** The caller's number, normalised when it is one, else as the PBX gave it. */
    phone: text('phone').notNull(),
    /** 'answered' or 'missed'. */
    outcome: text('outcome').notNull(),
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    dispatcher_id: integer('dispatcher_id').references(() => users.id, { onDelete: 'set null' }),
    /** A missed call's final SIP code (487 the caller gave up, 486 busy, 480 nobody online). */
    code: smallint('code'),
    created_at: createdAt(),
    /** A missed call called back: when and by whom. */
    handled_at: utcTimestamp('handled_at'),
    handled_by_id: integer('handled_by_id').references(() => users.id, { onDelete: 'set null' }),
    handled_by: text('handled_by'),
  },
  (t) => [
    uniqueIndex('calls_company_sip_call_idx').on(t.company_id, t.sip_call_id),
    // The console's missed-calls list: a company's unhandled ones, newest first.
    index('calls_missed_idx')
      .on(t.company_id, t.created_at.desc().nullsFirst())
      .where(sql`${t.outcome} = 'missed' and ${t.handled_at} is null`),
  ],
);
