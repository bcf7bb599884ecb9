import { and, count, desc, inArray, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { companyUsers, orders, users } from '../../db/schema';
import { intArray } from '../../db/sql';
import { orderColumns } from './orders.select';

/** SPEC §2 the four tabs. */
export type DispatcherTab = 'in-call' | 'live' | 'finished' | 'canceled';

const last24h = sql`(now() at time zone 'utc') - interval '24 hours'`;

/** Each tab's rows, always bounded: live orders, or the last 24 h of closed ones (DESIGN §8). */
const tabFilter: Record<DispatcherTab, SQL> = {
  'in-call': sql`(${orders.always_in_call} or ${orders.call_state} in ('started', 'on_hold'))`,
  live: sql`${orders.state} in ('created', 'pending', 'assigned')`,
  finished: sql`${orders.state} = 'finished' and ${orders.closed_at} >= ${last24h}`,
  canceled: sql`${orders.state} = 'canceled' and ${orders.closed_at} >= ${last24h}`,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listTab(
  db: DbOrTx,
  input: {
    tab: DispatcherTab;
    companyIds: number[];
    userId: number;
    search?: string;
    page: number;
    perPage: number;
  },
) {
  const search = input.search?.trim();
  const where = and(
    sql`${orders.processed_by_company_id} = any(${intArray(input.companyIds)})`,
    tabFilter[input.tab],
    // SPEC §5: the call sign exactly, or the address as a case-insensitive substring.
    search
      ? sql`(${orders.car_indicativ} = ${search} or f_unaccent(lower(${orders.address})) like f_unaccent(${`%${escapeLike(search.toLowerCase())}%`}))`
      : undefined,
  );
  const closedTab = input.tab === 'finished' || input.tab === 'canceled';
  const [data, [total]] = await Promise.all([
    db
      .select(orderColumns)
      .from(orders)
      .where(where)
      // SPEC §2: own orders first, then the newest.
      .orderBy(
        sql`(${orders.dispatcher_id} = ${input.userId}) desc nulls last`,
        closedTab ? desc(orders.closed_at) : desc(orders.created_at),
        desc(orders.id),
      )
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return { data, meta: { total: total?.value ?? 0, page: input.page, per_page: input.perPage } };
}

const countWhere = (companyIds: number[], filter: SQL) =>
  sql<number>`(select count(*)::int from ${orders} where ${orders.processed_by_company_id} = any(${intArray(companyIds)}) and ${filter})`;

/** SPEC §7 GET /api/dispatcher-orders/statistics: the four tab counters in one round trip. */
export async function tabCounts(db: DbOrTx, companyIds: number[]) {
  const result = await db.execute(sql`select
    ${countWhere(companyIds, tabFilter['in-call'])} as in_call,
    ${countWhere(companyIds, tabFilter.live)} as live,
    ${countWhere(companyIds, tabFilter.finished)} as finished,
    ${countWhere(companyIds, tabFilter.canceled)} as canceled`);
  const [row] = rowsOf<{ in_call: number; live: number; finished: number; canceled: number }>(
    result,
  );
  return {
    in_call: Number(row?.in_call ?? 0),
    live: Number(row?.live ?? 0),
    finished: Number(row?.finished ?? 0),
    canceled: Number(row?.canceled ?? 0),
  };
}

/** SPEC §2 operator top bar: last 24 h orders and cancellations; drivers online and busy. */
export async function liveCounts(db: DbOrTx, companyIds: number[]) {
  const created24h = sql`${orders.created_at} >= ${last24h}`;
  const result = await db.execute(sql`select
    ${countWhere(companyIds, created24h)} as orders_24h,
    ${countWhere(companyIds, sql`${orders.state} = 'canceled' and ${orders.closed_at} >= ${last24h}`)} as canceled_24h,
    (select count(*)::int from ${users} u where u.is_online and 'driver' = any(u.roles)
      and exists (select 1 from ${companyUsers} cu where cu.user_id = u.id and cu.company_id = any(${intArray(companyIds)}))) as online,
    (select count(distinct o.driver_id)::int from ${orders} o where o.processed_by_company_id = any(${intArray(companyIds)})
      and o.state = 'assigned' and o.driver_id is not null) as busy`);
  const [row] = rowsOf<{ orders_24h: number; canceled_24h: number; online: number; busy: number }>(
    result,
  );
  const online = Number(row?.online ?? 0);
  const busy = Number(row?.busy ?? 0);
  return {
    orders_24h: Number(row?.orders_24h ?? 0),
    canceled_24h: Number(row?.canceled_24h ?? 0),
    drivers_online: online,
    drivers_busy: busy,
    drivers_free: Math.max(0, online - busy),
  };
}

/** SPEC §3 Report order rows: the newest orders of the companies. */
export async function reportRows(db: DbOrTx, companyIds: number[], limit: number) {
  return db
    .select({
      orderId: orders.id,
      callDuration: sql<number | null>`case when ${orders}.call ->> 'ended_at' is not null
        then extract(epoch from ((${orders}.call ->> 'ended_at')::timestamp - (${orders}.call ->> 'started_at')::timestamp))::int end`,
      orderDate: orders.created_at,
      placeName: orders.address,
      state: sql<
        'new' | 'created' | 'pending' | 'assigned' | 'finished' | 'canceled'
      >`${orders.state}`,
      indicativ: orders.car_indicativ,
    })
    .from(orders)
    .where(inArray(orders.processed_by_company_id, companyIds))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(limit);
}
