import type {
  DriverBalance,
  DriverBalancesQuery,
  LedgerEntry,
  LedgerQuery,
  MyBalance,
} from '@common/money/ledger.schema';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';

/** The ledger's reads, SQL only: entries with their names, balances, and the nightly check. */

const likeOf = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A driver's call sign: his first car's, else his identifier. */
const callSign = (userId: SQL) =>
  sql`coalesce((select c.indicativ from cars c where c.driver_id = ${userId} order by c.id limit 1), (select u2.identifier from users u2 where u2.id = ${userId}))`;

const entryColumns = sql`e.id, e.company_id, e.driver_id, d.name as driver_name,
  ${callSign(sql`e.driver_id`)} as indicativ, e.kind, e.amount, e.balance_after, e.order_id,
  e.transfer_id, e.counterpart_id, cp.name as counterpart_name, cb.name as created_by_name,
  e.note, to_char(e.created_at, 'YYYY-MM-DD HH24:MI:SS') as created_at`;

const entryJoins = sql`from ledger_entries e
  join users d on d.id = e.driver_id
  left join users cp on cp.id = e.counterpart_id
  left join users cb on cb.id = e.created_by`;

type EntryRow = Omit<LedgerEntry, 'id' | 'transfer_id'> & {
  id: string | number;
  transfer_id: string | number | null;
};

const toEntry = (row: EntryRow): LedgerEntry => ({
  ...row,
  id: Number(row.id),
  transfer_id: row.transfer_id === null ? null : Number(row.transfer_id),
});

/** Bucharest calendar days as UTC bounds of `created_at`. */
const fromDay = (day: string) =>
  sql`((${day}::date)::timestamp at time zone 'Europe/Bucharest' at time zone 'utc')`;

export async function readEntries(db: DbOrTx, ids: number[]): Promise<LedgerEntry[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<EntryRow>(
    await db.execute(sql`select ${entryColumns} ${entryJoins}
      where e.id = any(${sql.param(ids)}::bigint[]) order by e.id`),
  );
  return rows.map(toEntry);
}

/** The two entries of a transfer (a replayed request answers them again). */
export async function entriesOfTransfer(db: DbOrTx, transferId: number): Promise<LedgerEntry[]> {
  const rows = rowsOf<EntryRow>(
    await db.execute(sql`select ${entryColumns} ${entryJoins}
      where e.transfer_id = ${transferId} order by e.id`),
  );
  return rows.map(toEntry);
}

type EntryFilters = Omit<LedgerQuery, 'company_id' | 'page' | 'per_page'>;

/** One company's entries matching the history's filters. */
function entriesWhere(companyId: number, query: EntryFilters): SQL {
  const filters: SQL[] = [sql`e.company_id = ${companyId}`];
  if (query.driver_id) filters.push(sql`e.driver_id = ${query.driver_id}`);
  if (query.kind) filters.push(sql`e.kind = ${query.kind}`);
  if (query.order_id) filters.push(sql`e.order_id = ${query.order_id}`);
  if (query.date_from) filters.push(sql`e.created_at >= ${fromDay(query.date_from)}`);
  if (query.date_to) filters.push(sql`e.created_at < ${fromDay(query.date_to)} + interval '1 day'`);
  return sql.join(filters, sql` and `);
}

/**
 * Every entry the filters select, newest first, a batch at a time after the last one's id (an
 * export holds no connection between batches and stops when its reader does).
 */
export async function* entryRows(
  db: DbOrTx,
  companyId: number,
  query: EntryFilters,
  batch = 1_000,
): AsyncGenerator<LedgerEntry> {
  const where = entriesWhere(companyId, query);
  let before: number | null = null;
  for (;;) {
    const after = before === null ? sql`` : sql`and e.id < ${before}`;
    const rows: LedgerEntry[] = rowsOf<EntryRow>(
      await db.execute(sql`select ${entryColumns} ${entryJoins} where ${where} ${after}
        order by e.id desc limit ${batch}`),
    ).map(toEntry);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    before = last.id;
  }
}

/** One company's entries (one driver's, when `driverId`), newest first, paged. */
export async function listEntries(
  db: DbOrTx,
  companyId: number,
  query: Omit<LedgerQuery, 'company_id'>,
): Promise<{ data: LedgerEntry[]; total: number }> {
  const where = entriesWhere(companyId, query);
  const [rows, counted] = await Promise.all([
    db.execute(sql`select ${entryColumns} ${entryJoins} where ${where}
      order by e.id desc limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`),
    db.execute(sql`select count(*) as n from ledger_entries e where ${where}`),
  ]);
  const [total] = rowsOf<{ n: string | number }>(counted);
  return { data: rowsOf<EntryRow>(rows).map(toEntry), total: Number(total?.n ?? 0) };
}

/**
 * The company's drivers' balances, lowest first (those below the minimum lead), read along the
 * (company, balance, driver) index.
 */
export async function listBalances(
  db: DbOrTx,
  companyId: number,
  minBalance: number,
  query: Omit<DriverBalancesQuery, 'company_id'>,
): Promise<{ data: DriverBalance[]; total: number }> {
  const filters: SQL[] = [
    sql`b.company_id = ${companyId}`,
    sql`exists (select 1 from company_users cu where cu.company_id = b.company_id and cu.user_id = b.driver_id)`,
  ];
  if (query.below_min) filters.push(sql`b.balance < ${minBalance}`);
  if (query.search) {
    const like = likeOf(query.search);
    filters.push(sql`exists (select 1 from users u where u.id = b.driver_id and (
      f_unaccent(lower(u.name)) like f_unaccent(${like}) or lower(u.identifier) like ${like}
      or exists (select 1 from cars c where c.driver_id = u.id and lower(c.indicativ) like ${like})))`);
  }
  const where = sql.join(filters, sql` and `);
  // The page first, then its names and call signs: joined before the limit, the call sign's
  // subquery ran for every row the offset skips (bench/ledger: a deep page of 10,000, 62 → 9 ms).
  const [rows, counted] = await Promise.all([
    db.execute(sql`select b.company_id, b.driver_id, u.name, ${callSign(sql`b.driver_id`)} as indicativ,
        u.is_online, b.balance, b.balance < ${minBalance} as below_min,
        case when b.entries > 0 then to_char(b.updated_at, 'YYYY-MM-DD HH24:MI:SS') end as last_entry_at
      from (select * from driver_balances b where ${where}
        order by b.balance, b.driver_id
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}) b
      join users u on u.id = b.driver_id
      order by b.balance, b.driver_id`),
    db.execute(sql`select count(*) as n from driver_balances b where ${where}`),
  ]);
  const [total] = rowsOf<{ n: string | number }>(counted);
  return { data: rowsOf<DriverBalance>(rows), total: Number(total?.n ?? 0) };
}

/**
 * A driver's balances with each of these companies of his (a simulator's session reaches one),
 * with their minimums.
 */
export async function balancesOf(
  db: DbOrTx,
  driverId: number,
  companyIds: readonly number[],
): Promise<MyBalance['balances']> {
  return rowsOf<MyBalance['balances'][number]>(
    await db.execute(sql`select cu.company_id, c.name as company_name,
        coalesce(b.balance, 0) as balance, coalesce(s.min_balance, 0) as min_balance
      from company_users cu
      join companies c on c.id = cu.company_id
      left join driver_balances b on b.company_id = cu.company_id and b.driver_id = cu.user_id
      left join finance_settings s on s.company_id = cu.company_id
      where cu.user_id = ${driverId} and cu.company_id = any(${sql.param([...companyIds])}::int[])
      order by cu.company_id`),
  );
}

/** Whether the user is a driver of the company (money moves only between its drivers). */
export async function isCompanyDriver(db: DbOrTx, companyId: number, driverId: number) {
  const rows = rowsOf(
    await db.execute(sql`select 1 from company_users cu join users u on u.id = cu.user_id
      where cu.company_id = ${companyId} and cu.user_id = ${driverId} and 'driver' = any(u.roles)`),
  );
  return rows.length > 0;
}

/** A balance that is not the sum of its entries, or whose count or last entry disagrees. */
export interface BalanceMismatch {
  company_id: number;
  driver_id: number;
  balance: number;
  sum: number;
  entries: number;
  counted: number;
  last_balance_after: number | null;
}

/**
 * The nightly check: every running total against the sum and count of its entries and the
 * balance its last entry left. Answers the disagreements (none, in a healthy ledger).
 */
export async function balanceMismatches(db: DbOrTx): Promise<BalanceMismatch[]> {
  const rows = rowsOf<Record<keyof BalanceMismatch, string | number | null>>(
    await db.execute(sql`with sums as (
        select company_id, driver_id, sum(amount) as sum, count(*) as counted, max(id) as last_id
        from ledger_entries group by company_id, driver_id)
      select b.company_id, b.driver_id, b.balance, coalesce(s.sum, 0) as sum, b.entries,
        coalesce(s.counted, 0) as counted, l.balance_after as last_balance_after
      from driver_balances b
      left join sums s on s.company_id = b.company_id and s.driver_id = b.driver_id
      left join ledger_entries l on l.id = s.last_id
      where b.balance <> coalesce(s.sum, 0) or b.entries <> coalesce(s.counted, 0)
        or (s.last_id is not null and l.balance_after <> b.balance)
      union all
      select s.company_id, s.driver_id, 0, s.sum, 0, s.counted, null
      from sums s
      where not exists (select 1 from driver_balances b
        where b.company_id = s.company_id and b.driver_id = s.driver_id)`),
  );
  return rows.map((r) => ({
    company_id: Number(r.company_id),
    driver_id: Number(r.driver_id),
    balance: Number(r.balance),
    sum: Number(r.sum),
    entries: Number(r.entries),
    counted: Number(r.counted),
    last_balance_after: r.last_balance_after === null ? null : Number(r.last_balance_after),
  }));
}
