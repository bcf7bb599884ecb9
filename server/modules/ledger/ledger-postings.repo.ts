import type { LedgerKind } from '@common/money/ledger.schema';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { utcNow } from '../../db/schema/columns';

/**
 * The ledger's one write path, SQL only (docs/MONEY.md "The ledger"): an entry is appended and
 * the driver's running balance moved in the caller's transaction, never anything updated or
 * deleted. The balance row's lock orders one driver's entries, so `balance_after` is exact.
 */

export interface NewEntry {
  company_id: number;
  driver_id: number;
  kind: LedgerKind;
  /** Signed bani. */
  amount: number;
  order_id?: number | null;
  transfer_id?: number | null;
  counterpart_id?: number | null;
  created_by?: number | null;
  note?: string | null;
  /** A system posting's once-only key ('finish:<order>:commission' and the like). */
  posting_key?: string | null;
  /** The balance may not end below this (an overdraft refused): a payout's, a transfer's sender. */
  floor?: number;
  /** UTC; now unless history is imported (the demo's weeks), appended in time order. */
  created_at?: string;
}

export interface PostedEntry {
  id: number;
  balance_after: number;
}

/**
 * Appends an entry. With a `floor`, the balance may not end below it: nothing is written and
 * null comes back (an overdraft refused). A `posting_key` already posted writes nothing and
 * answers null too: callers post under the row lock of what they post for (the order), so
 * the check cannot race; the unique index stands behind it.
 */
export async function appendEntry(tx: DbOrTx, entry: NewEntry): Promise<PostedEntry | null> {
  if (entry.posting_key && (await isPosted(tx, entry.company_id, entry.posting_key))) return null;
  const moved = await moveBalance(tx, entry);
  if (moved === null) return null;
  const [row] = rowsOf<{ id: string | number }>(
    await tx.execute(sql`insert into ledger_entries
      (company_id, driver_id, kind, amount, balance_after, order_id, transfer_id, counterpart_id,
       created_by, note, posting_key, created_at)
      values (${entry.company_id}, ${entry.driver_id}, ${entry.kind}, ${entry.amount}, ${moved},
        ${entry.order_id ?? null}, ${entry.transfer_id ?? null}, ${entry.counterpart_id ?? null},
        ${entry.created_by ?? null}, ${entry.note ?? null}, ${entry.posting_key ?? null},
        ${entry.created_at ?? utcNow})
      returning id`),
  );
  if (!row) throw new Error('ledger entry was not written');
  return { id: Number(row.id), balance_after: moved };
}

async function isPosted(tx: DbOrTx, companyId: number, key: string) {
  const rows = rowsOf(
    await tx.execute(
      sql`select 1 from ledger_entries where company_id = ${companyId} and posting_key = ${key}`,
    ),
  );
  return rows.length > 0;
}

/** Moves the running total and answers the new balance (null: it would pass the floor). */
async function moveBalance(tx: DbOrTx, entry: NewEntry) {
  const floor = entry.floor;
  const at = entry.created_at ?? utcNow;
  const key = sql`${entry.company_id}::int, ${entry.driver_id}::int`;
  if (floor === undefined) {
    const [row] = rowsOf<{ balance: number }>(
      await tx.execute(sql`insert into driver_balances (company_id, driver_id, balance, entries, updated_at)
        values (${key}, ${entry.amount}, 1, ${at})
        on conflict (company_id, driver_id) do update
          set balance = driver_balances.balance + excluded.balance,
            entries = driver_balances.entries + 1, updated_at = ${at}
        returning balance`),
    );
    return row ? Number(row.balance) : null;
  }
  await ensureBalanceRow(tx, entry.company_id, entry.driver_id);
  const [row] = rowsOf<{ balance: number }>(
    await tx.execute(sql`update driver_balances
      set balance = balance + ${entry.amount}, entries = entries + 1, updated_at = ${at}
      where company_id = ${entry.company_id} and driver_id = ${entry.driver_id}
        and balance + ${entry.amount} >= ${floor}
      returning balance`),
  );
  return row ? Number(row.balance) : null;
}

/** A driver's balance row with the company (0 until his first entry). */
export async function ensureBalanceRow(tx: DbOrTx, companyId: number, driverId: number) {
  await tx.execute(sql`insert into driver_balances (company_id, driver_id)
    values (${companyId}, ${driverId}) on conflict do nothing`);
}

/** Locks two drivers' balance rows in one order (two opposite transfers cannot deadlock). */
export async function lockBalances(tx: DbOrTx, companyId: number, driverIds: number[]) {
  const ids = [...driverIds].sort((a, b) => a - b);
  for (const driverId of ids) await ensureBalanceRow(tx, companyId, driverId);
  await tx.execute(sql`select 1 from driver_balances
    where company_id = ${companyId} and driver_id = any(${sql.param(ids)}::int[])
    order by driver_id for update`);
}

/** A new transfer's number (both its entries carry it). */
export async function nextTransferId(tx: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ id: string | number }>(
    await tx.execute(sql`select nextval('ledger_transfer_ids') as id`),
  );
  return Number(row?.id);
}

/** What an order's entries add up to, by kind (a correction reverses each). */
export async function orderPostings(tx: DbOrTx, companyId: number, orderId: number) {
  const rows = rowsOf<{ kind: LedgerKind; driver_id: number; total: string | number }>(
    await tx.execute(sql`select kind, driver_id, sum(amount) as total from ledger_entries
      where company_id = ${companyId} and order_id = ${orderId} group by kind, driver_id`),
  );
  return rows.map((r) => ({ kind: r.kind, driver_id: r.driver_id, total: Number(r.total) }));
}

/** How many entries an order has (the suffix that keeps a correction's keys unique). */
export async function orderEntryCount(tx: DbOrTx, orderId: number): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await tx.execute(sql`select count(*) as n from ledger_entries where order_id = ${orderId}`),
  );
  return Number(row?.n ?? 0);
}

/**
 * The company a driver's trip money goes to: the first of the order's companies (its own, then
 * those it searched in) that he works for; the order's own when he works for none of them.
 */
export async function ledgerCompanyOf(
  tx: DbOrTx,
  driverId: number,
  companyIds: readonly number[],
): Promise<number> {
  const rows = rowsOf<{ company_id: number }>(
    await tx.execute(sql`select company_id from company_users
      where user_id = ${driverId} and company_id = any(${sql.param([...companyIds])}::int[])`),
  );
  const his = new Set(rows.map((r) => r.company_id));
  return companyIds.find((id) => his.has(id)) ?? (companyIds[0] as number);
}

/**
 * A balance row (0) for each company a driver works for, so the balances list reads one index;
 * called when a driver's memberships are written.
 */
export async function openBalances(tx: DbOrTx, userId: number) {
  await tx.execute(sql`insert into driver_balances (company_id, driver_id)
    select cu.company_id, cu.user_id from company_users cu join users u on u.id = cu.user_id
    where cu.user_id = ${userId} and 'driver' = any(u.roles)
    on conflict do nothing`);
}
