import type {
  OrdersReportFilters,
  OrdersReportTotals,
  ReportOrderRow,
  ReportSort,
} from '@common/reports/orders-report.schema';
import { and, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { orders } from '../../db/schema';
import type { OrderListScope } from '../orders/read-model/list-keys';
import { ORDER_FILTERS } from '../orders/read-model/order-list.repo';

/** The orders report's reads, SQL only (docs/REPORTS.md "Orders report"). */

/** A Bucharest calendar day's first instant, UTC, as `created_at` is stored (its index bound). */
const dayStart = (day: string, plus: number) =>
  sql`(((${day}::date + ${plus}::int)::timestamp at time zone 'Europe/Bucharest') at time zone 'utc')`;

/** When the order was due: placed, or a booking's departure; a draft counts from its creation. */
const due = sql`greatest(coalesce(${orders.start_at}, ${orders.created_at}), ${orders.departure_time})`;
const secondsFromDue = (to: SQL) => sql`greatest(0, extract(epoch from (${to} - ${due})))::int`;
const fare = sql`coalesce(${orders.discounted_cost}, ${orders.cost})`;
const callDuration = sql`case when ${orders.call}->>'ended_at' is not null
  then greatest(0, extract(epoch from ((${orders.call}->>'ended_at')::timestamp
    - (${orders.call}->>'started_at')::timestamp)))::int end`;
// A driver set by hand on a closed order was not found by waiting: no time to assign or pick up.
const timeToAssign = sql`case when ${orders.assigned_at} is not null and not ${orders.manually_assigned}
  then ${secondsFromDue(sql`${orders.assigned_at}`)} end`;
const timeToPickup = sql`case when ${orders.trip_started_at} is not null and not ${orders.manually_assigned}
  then ${secondsFromDue(sql`${orders.trip_started_at}`)} end`;

const COLUMNS = sql`${orders.id} as "orderId", ${callDuration} as "callDuration",
  to_char(${orders.created_at}, 'YYYY-MM-DD HH24:MI:SS') as "orderDate",
  ${orders.address} as "placeName", ${orders.state} as state,
  ${orders.car_indicativ} as indicativ, ${orders.client_name} as client_name,
  ${orders.phone} as phone, ${fare} as fare, ${orders.payment_type} as payment_type,
  u.name as dispatcher, ${orders.source} as source, ${timeToAssign} as time_to_assign,
  ${timeToPickup} as time_to_pickup`;
const FROM = sql`from ${orders} left join users u on u.id = ${orders.dispatcher_id}`;

/**
 * Each sort as a never-null key (so a batch can start after a row's key) and the type its
 * value is bound as; rows with no value sort as the lowest.
 */
const SORT_KEYS: Record<ReportSort, { key: SQL; type: 'int' | 'text' | 'timestamp' }> = {
  orderDate: { key: sql`${orders.created_at}`, type: 'timestamp' },
  orderId: { key: sql`${orders.id}`, type: 'int' },
  callDuration: { key: sql`coalesce(${callDuration}, -1)`, type: 'int' },
  fare: { key: sql`coalesce(${fare}, -1)`, type: 'int' },
  time_to_assign: { key: sql`coalesce(${timeToAssign}, -1)`, type: 'int' },
  time_to_pickup: { key: sql`coalesce(${timeToPickup}, -1)`, type: 'int' },
  indicativ: { key: sql`coalesce(${orders.car_indicativ}, '')`, type: 'text' },
  state: { key: sql`${orders.state}`, type: 'text' },
};

const inAny = (column: SQL, ids: number[]) =>
  ids.length === 0 ? undefined : sql`${column} = any(${sql.param(ids)}::int[])`;

/** The report's conditions: the reader's orders (the console's scope) and every filter. */
export function reportWhere(
  scope: OrderListScope,
  filters: Omit<OrdersReportFilters, 'sort' | 'dir'>,
): SQL {
  const conditions: (SQL | undefined)[] = [];
  if (scope.kind === 'companies') {
    const processed = inAny(sql`${orders.processed_by_company_id}`, scope.processedBy);
    const billed = inAny(sql`${orders.protocol_company_id}`, scope.billedTo);
    conditions.push(
      processed && billed ? sql`(${processed} or ${billed})` : (processed ?? billed ?? sql`false`),
    );
  }
  if (filters.date_from)
    conditions.push(sql`${orders.created_at} >= ${dayStart(filters.date_from, 0)}`);
  if (filters.date_to) conditions.push(sql`${orders.created_at} < ${dayStart(filters.date_to, 1)}`);
  for (const name of [
    'time_from',
    'time_to',
    'driver_id',
    'client_id',
    'dispatcher_id',
    'company_id',
    'payment_method',
  ] as const) {
    const value = filters[name];
    if (value !== undefined) conditions.push(ORDER_FILTERS[name](sql`${value}`));
  }
  if (filters.states?.length)
    conditions.push(sql`${orders.state} = any(${sql.param(filters.states)}::text[])`);
  if (filters.source) conditions.push(sql`${orders.source} = ${filters.source}`);
  return and(...conditions) ?? sql`true`;
}

const orderBy = (sort: ReportSort, dir: 'asc' | 'desc') => {
  const direction = sql.raw(dir);
  return sql`order by ${SORT_KEYS[sort].key} ${direction}, ${orders.id} ${direction}`;
};

type Row = ReportOrderRow & { sort_key?: string };

/** One page of the report, in its sort. */
export async function reportPage(
  db: DbOrTx,
  where: SQL,
  filters: Pick<OrdersReportFilters, 'sort' | 'dir'>,
  page: { limit: number; offset: number },
): Promise<ReportOrderRow[]> {
  return rowsOf<ReportOrderRow>(
    await db.execute(sql`select ${COLUMNS} ${FROM} where ${where}
      ${orderBy(filters.sort, filters.dir)} limit ${page.limit} offset ${page.offset}`),
  );
}

/** The sums of the whole filtered set. */
export async function reportTotals(db: DbOrTx, where: SQL): Promise<OrdersReportTotals> {
  const [row] = rowsOf<Record<keyof OrdersReportTotals, string | number>>(
    await db.execute(sql`select count(*) as orders,
        count(*) filter (where ${orders.state} = 'finished') as finished,
        count(*) filter (where ${orders.state} = 'canceled') as canceled,
        coalesce(sum(${fare}) filter (where ${orders.state} = 'finished'), 0) as fare
      from ${orders} where ${where}`),
  );
  return {
    orders: Number(row?.orders ?? 0),
    finished: Number(row?.finished ?? 0),
    canceled: Number(row?.canceled ?? 0),
    fare: Number(row?.fare ?? 0),
  };
}

/**
 * Every row of the report in its sort, a batch at a time: each batch is one short query that
 * starts after the last row's key, so a long export holds no connection (PGlite has one) and
 * stops reading as soon as its reader stops.
 */
export async function* reportRows(
  db: DbOrTx,
  where: SQL,
  filters: Pick<OrdersReportFilters, 'sort' | 'dir'>,
  batch = 1_000,
): AsyncGenerator<ReportOrderRow> {
  const { key, type } = SORT_KEYS[filters.sort];
  const after = filters.dir === 'asc' ? sql`>` : sql`<`;
  let last: { key: string; id: number } | null = null;
  for (;;) {
    const from: SQL | undefined = last
      ? sql`and (${key}, ${orders.id}) ${after} (${last.key}::${sql.raw(type)}, ${last.id}::int)`
      : undefined;
    const rows: Row[] = rowsOf<Row>(
      await db.execute(sql`select ${COLUMNS}, ${key}::text as sort_key ${FROM}
        where ${where} ${from ?? sql``} ${orderBy(filters.sort, filters.dir)} limit ${batch}`),
    );
    for (const { sort_key: _, ...row } of rows) yield row;
    const end: Row | undefined = rows.at(-1);
    if (!end || rows.length < batch) return;
    last = { key: end.sort_key as string, id: end.orderId };
  }
}
