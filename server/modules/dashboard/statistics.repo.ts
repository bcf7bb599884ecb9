import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { hasDriverRole, oneOf } from '../../db/sql';
import type { TenantScope } from '../../http/auth-context';
import { bucharestToday } from '../orders/write/daily-counts.repo';

/**
 * `column` belongs to the scope's companies (one company as plain equality, which walks the
 * (company, created_at) indexes in order: db/sql.ts `oneOf`); nothing to add for the platform
 * admin.
 */
const inScope = (column: SQL, scope: TenantScope): SQL =>
  scope.kind === 'all' ? sql`true` : oneOf(column, scope.companyIds);

/** Midnight of today in Bucharest as a stored UTC time (Time). */
const todayStartUtc = sql`((date_trunc('day', now() at time zone 'Europe/Bucharest')
  at time zone 'Europe/Bucharest') at time zone 'utc')`;

export interface StoredCounts {
  drivers: number;
  clients: number;
  ordersToday: number;
  canceledToday: number;
  ordersTotal: number;
  announcements: number;
  incidents: number;
}

/**
 * The dashboard's common statistics the database knows, in one round trip. Today's orders are read
 * from the orders (index orders_company_created_idx holds the state); the total from the daily
 * counts, so no request counts every order a company ever had.
 */
export async function storedCounts(db: DbOrTx, scope: TenantScope): Promise<StoredCounts> {
  const [row] = rowsOf<Record<keyof StoredCounts, string | number>>(
    await db.execute(sql`select
      (select count(distinct u.id) from users u join company_users cu on cu.user_id = u.id
        where ${hasDriverRole(sql`u.roles`)} and u.disabled_at is null
          and ${inScope(sql`cu.company_id`, scope)}) as "drivers",
      (select count(*) from clients where ${inScope(sql`company_id`, scope)}) as "clients",
      (select count(*) from orders where ${inScope(sql`processed_by_company_id`, scope)}
        and created_at >= ${todayStartUtc}) as "ordersToday",
      (select count(*) from orders where ${inScope(sql`processed_by_company_id`, scope)}
        and created_at >= ${todayStartUtc} and state = 'canceled') as "canceledToday",
      (select coalesce(sum(online + phone), 0) from order_daily_counts
        where ${inScope(sql`company_id`, scope)}) as "ordersTotal",
      (select count(*) from announcements where ${inScope(sql`company_id`, scope)}
        and archived_at is null
        and (expires_at is null or expires_at > (now() at time zone 'utc'))) as "announcements",
      (select count(*) from incidents where ${inScope(sql`company_id`, scope)}
        and state = 'open') as "incidents"`),
  );
  const n = (key: keyof StoredCounts) => Number(row?.[key] ?? 0);
  return {
    drivers: n('drivers'),
    clients: n('clients'),
    ordersToday: n('ordersToday'),
    canceledToday: n('canceledToday'),
    ordersTotal: n('ordersTotal'),
    announcements: n('announcements'),
    incidents: n('incidents'),
  };
}

/** Today in Bucharest and the scope's first counted day (`YYYY-MM-DD`, null: no orders yet). */
export async function chartBounds(
  db: DbOrTx,
  scope: TenantScope,
): Promise<{ today: string; firstDay: string | null }> {
  const [row] = rowsOf<{ today: string; first_day: string | null }>(
    await db.execute(sql`select to_char(${bucharestToday}, 'YYYY-MM-DD') as today,
      (select to_char(min(day), 'YYYY-MM-DD') from order_daily_counts
        where ${inScope(sql`company_id`, scope)}) as first_day`),
  );
  return { today: row?.today ?? '2000-01-01', firstDay: row?.first_day ?? null };
}

/**
 * The chart's points from `from` to `today`, one per day or month, empty ones as zeros: read
 * from order_daily_counts only (dashboard chart, never a scan of the orders).
 */
export async function chartPoints(
  db: DbOrTx,
  scope: TenantScope,
  window: { from: string; to: string; granularity: 'day' | 'month' },
): Promise<{ date: string; online: number; phone: number }[]> {
  const unit = window.granularity === 'day' ? sql.raw(`'day'`) : sql.raw(`'month'`);
  const step = window.granularity === 'day' ? sql.raw(`'1 day'`) : sql.raw(`'1 month'`);
  const rows = rowsOf<{ date: string; online: string | number; phone: string | number }>(
    await db.execute(sql`with buckets as (
        select generate_series(${window.from}::timestamp, ${window.to}::timestamp, ${step}::interval)::date
          as bucket
      ),
      counts as (
        select date_trunc(${unit}, day)::date as bucket, sum(online) as online, sum(phone) as phone
        from order_daily_counts
        where ${inScope(sql`company_id`, scope)} and day between ${window.from}::date and ${window.to}::date
        group by 1
      )
      select to_char(b.bucket, 'YYYY-MM-DD') as date,
        coalesce(c.online, 0) as online, coalesce(c.phone, 0) as phone
      from buckets b left join counts c on c.bucket = b.bucket
      order by b.bucket`),
  );
  return rows.map((r) => ({ date: r.date, online: Number(r.online), phone: Number(r.phone) }));
}

/**
 * Counts the orders again from scratch (the demo seed, whose orders are written directly): the
 * same rule as migration 0013's backfill and the write path.
 */
export async function recountDailyOrders(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from order_daily_counts`);
  await db.execute(sql`insert into order_daily_counts (company_id, day, online, phone)
    select processed_by_company_id,
      ((created_at at time zone 'utc') at time zone 'Europe/Bucharest')::date,
      count(*) filter (where source = 'from_app'),
      count(*) filter (where source <> 'from_app')
    from orders where processed_by_company_id is not null
    group by 1, 2`);
}
