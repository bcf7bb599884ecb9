import type { CommissionRule } from '@common/money/commission';
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

/** A system posting whose key is already in the ledger: its transaction must not commit. */
export class AlreadyPostedError extends Error {
  constructor(readonly postingKey: string) {
    super(`ledger posting ${postingKey} was made already`);
  }
}

/**
 * Appends an entry and moves the running balance in one statement: the balance row's upsert
 * takes its lock and gives the exact `balance_after`. With a `floor`, the balance may not end
 * below it: nothing is written and null comes back (an overdraft refused). A `posting_key`
 * already posted throws AlreadyPostedError, so the caller's transaction (which may have moved
 * the balance in the same statement) rolls back; callers post under the row lock of what they
 * post for (the order), whose guard already refuses a second time.
 */
export async function appendEntry(tx: DbOrTx, entry: NewEntry): Promise<PostedEntry | null> {
  const at = entry.created_at ?? utcNow;
  if (entry.floor !== undefined) await ensureBalanceRow(tx, entry.company_id, entry.driver_id);
  const moved =
    entry.floor === undefined
      ? sql`insert into driver_balances (company_id, driver_id, balance, entries, updated_at)
          values (${entry.company_id}::int, ${entry.driver_id}::int, ${entry.amount}, 1, ${at})
          on conflict (company_id, driver_id) do update
            set balance = driver_balances.balance + excluded.balance,
              entries = driver_balances.entries + 1, updated_at = excluded.updated_at
          returning balance`
      : sql`update driver_balances
          set balance = balance + ${entry.amount}, entries = entries + 1, updated_at = ${at}
          where company_id = ${entry.company_id} and driver_id = ${entry.driver_id}
            and balance + ${entry.amount} >= ${entry.floor}
          returning balance`;
  const [row] = rowsOf<{ id: string | number; balance_after: number }>(
    await tx.execute(sql`with moved as (${moved})
      insert into ledger_entries
        (company_id, driver_id, kind, amount, balance_after, order_id, transfer_id, counterpart_id,
         created_by, note, posting_key, created_at)
      select ${entry.company_id}, ${entry.driver_id}, ${entry.kind}, ${entry.amount}, moved.balance,
        ${entry.order_id ?? null}::int, ${entry.transfer_id ?? null}::bigint,
        ${entry.counterpart_id ?? null}::int, ${entry.created_by ?? null}::int,
        ${entry.note ?? null}::text, ${entry.posting_key ?? null}::text, ${at}
      from moved
      on conflict (company_id, posting_key) where posting_key is not null do nothing
      returning id, balance_after`),
  );
  if (row) return { id: Number(row.id), balance_after: Number(row.balance_after) };
  if (entry.posting_key) throw new AlreadyPostedError(entry.posting_key);
  return null;
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
 * Where a driver's trip money goes, in one statement: the first of the order's companies (its
 * own, then those it searched in) that he works for (the order's own when none), and that
 * company's commission for the service (its own, else every service's; none: no rule).
 */
export async function tripTarget(
  tx: DbOrTx,
  driverId: number,
  companyIds: readonly number[],
  serviceId: number,
): Promise<{ companyId: number; rule: CommissionRule | undefined }> {
  const ids = sql.param([...companyIds]);
  const [row] = rowsOf<{ company_id: number; percent_bp: number | null; fixed: number | null }>(
    await tx.execute(sql`with target as (
        select coalesce(
          (select cu.company_id from company_users cu
            where cu.user_id = ${driverId} and cu.company_id = any(${ids}::int[])
            order by array_position(${ids}::int[], cu.company_id) limit 1),
          ${companyIds[0] ?? 0}::int) as company_id)
      select t.company_id, c.percent_bp, c.fixed from target t
      left join lateral (select percent_bp, fixed from commissions c
        where c.company_id = t.company_id and (c.service_id = ${serviceId} or c.service_id is null)
        order by c.service_id nulls last limit 1) c on true`),
  );
  const companyId = Number(row?.company_id ?? companyIds[0]);
  const rule =
    row && row.percent_bp !== null && row.fixed !== null
      ? { percent_bp: row.percent_bp, fixed: row.fixed }
      : undefined;
  return { companyId, rule };
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
