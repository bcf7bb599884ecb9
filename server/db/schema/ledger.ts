import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * A driver's money with a company (docs/MONEY.md "The ledger"): entries are appended, never
 * changed or deleted (a correction is a reversing entry), each with the balance it left.
 * Written only by server/modules/ledger, in the same transaction as `driver_balances`.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    driver_id: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** LEDGER_KINDS (common/money/ledger.schema.ts). */
    kind: text('kind').notNull(),
    /** Signed bani: what the driver is owed grows with a positive amount. */
    amount: integer('amount').notNull(),
    /** The driver's balance with the company right after this entry. */
    balance_after: integer('balance_after').notNull(),
    order_id: integer('order_id'),
    /** The two entries of one transfer share it. */
    transfer_id: bigint('transfer_id', { mode: 'number' }),
    /** The other driver of a transfer. */
    counterpart_id: integer('counterpart_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null: the system (a trip's finish). */
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    /**
     * What makes a system posting happen once: 'commission:<order>:<n>' and the like. A retried
     * or replayed finish hits the unique index and posts nothing.
     */
    posting_key: text('posting_key'),
    created_at: createdAt(),
  },
  (t) => [
    index('ledger_entries_driver_idx').on(t.company_id, t.driver_id, t.id.desc()),
    index('ledger_entries_company_idx').on(t.company_id, t.id.desc()),
    index('ledger_entries_order_idx').on(t.order_id).where(sql`${t.order_id} is not null`),
    uniqueIndex('ledger_entries_posting_idx')
      .on(t.company_id, t.posting_key)
      .where(sql`${t.posting_key} is not null`),
  ],
);

/** Numbers the transfers (both entries of one carry it). */
export const ledgerTransferIds = pgSequence('ledger_transfer_ids');

/**
 * The running total of a driver's entries with a company: read in one row, changed only with an
 * entry in the same transaction (its row lock orders a driver's entries).
 */
export const driverBalances = pgTable(
  'driver_balances',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    driver_id: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    /** How many entries the balance sums (the nightly check compares both). */
    entries: integer('entries').notNull().default(0),
    updated_at: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.company_id, t.driver_id] }),
    index('driver_balances_company_balance_idx').on(t.company_id, t.balance, t.driver_id),
    index('driver_balances_driver_idx').on(t.driver_id),
  ],
);
