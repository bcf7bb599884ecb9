import { ORDER_COUNT_CAP } from '@common/orders/orders.schema';
import type { TabId } from '@common/orders/orders.tabs';
import { and, desc, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../../db/client';
import { preparedPerDb } from '../../../db/prepared';
import { orders } from '../../../db/schema';
import { intArray, oneOf } from '../../../db/sql';
import { parseIntList } from '../../../lib/int-list';
import { orderColumns } from '../orders.select';

/** The four tabs (common/orders/orders.tabs.ts). */
export type DispatcherTab = TabId;

const last24h = sql`(now() at time zone 'utc') - interval '24 hours'`;

/** Final and Anulat: orders closed in the last 24 h, newest closing first. */
export const isClosedTab = (tab: DispatcherTab) => tab === 'finished' || tab === 'canceled';

/** Each tab's rows, always bounded: live orders, or the last 24 h of closed ones. */
const tabFilter: Record<DispatcherTab, SQL> = {
  'in-call': sql`(${orders.always_in_call} or ${orders.call_state} in ('started', 'on_hold'))`,
  live: sql`${orders.state} in ('created', 'pending', 'assigned')`,
  finished: sql`${orders.state} = 'finished' and ${orders.closed_at} >= ${last24h}`,
  canceled: sql`${orders.state} = 'canceled' and ${orders.closed_at} >= ${last24h}`,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A console's orders: those its dispatching companies dispatch and those billed to its protocol
 * companies (`billedTo`, empty for everyone but a protocol client). Each side follows its own
 * index; both together only for a user of both kinds of company.
 */
export function consoleOrdersOf(companyIds: number[], billedTo: readonly number[] = []): SQL {
  const processed = oneOf(orders.processed_by_company_id, companyIds);
  if (billedTo.length === 0) return processed;
  const billed = oneOf(orders.protocol_company_id, [...billedTo]);
  return companyIds.length === 0 ? billed : sql`(${processed} or ${billed})`;
}

/** A tab's orders in display order, as (id, dispatcher) pairs: small enough to share and reorder. */
export interface TabIds {
  ids: Int32Array;
  dispatcherIds: Int32Array;
  /** More than ORDER_COUNT_CAP orders matched; only the first ORDER_COUNT_CAP are listed. */
  capped: boolean;
  /** Each dispatcher's positions in the list, built on first use (dispatcher-board.ts). */
  positions?: Map<number, number[]>;
}

/**
 * The ids of a tab's orders, newest first ("own first" is applied per dispatcher by the
 * caller). Bounded twice: by the tab's window and by ORDER_COUNT_CAP.
 */
export async function tabIds(
  db: DbOrTx,
  input: { tab: DispatcherTab; companyIds: number[]; billedTo?: number[]; search?: string },
): Promise<TabIds> {
  const [row] = await tabIdsQuery(db, input);
  const ids = parseIntList(row?.ids ?? '', ORDER_COUNT_CAP);
  return {
    ids: ids.values,
    dispatcherIds: parseIntList(row?.dispatcher_ids ?? '', ORDER_COUNT_CAP).values,
    capped: ids.count > ORDER_COUNT_CAP,
  };
}

/**
 * The statement behind `tabIds` (also EXPLAINed by bench/orders-lists): one row of two
 * comma-separated lists, not thousands of rows. A busy company's Final tab holds thousands of
 * orders of the last 24 h, and parsing them row by row cost milliseconds of the event loop at
 * every reload (and as `int[]`, a string per element).
 */
export function tabIdsQuery(
  db: DbOrTx,
  input: { tab: DispatcherTab; companyIds: number[]; billedTo?: number[]; search?: string },
) {
  const search = input.search?.trim();
  const closedTab = isClosedTab(input.tab);
  const tab = db
    .select({
      id: orders.id,
      dispatcher_id: sql<number>`coalesce(${orders.dispatcher_id}, 0)`.as('dispatcher_id'),
      sort_at: sql`${closedTab ? orders.closed_at : orders.created_at}`.as('sort_at'),
    })
    .from(orders)
    .where(
      and(
        consoleOrdersOf(input.companyIds, input.billedTo),
        tabFilter[input.tab],
        // The call sign exactly, or the address as a case-insensitive substring.
        search
          ? sql`(${orders.car_indicativ} = ${search} or f_unaccent(lower(${orders.address})) like f_unaccent(${`%${escapeLike(search.toLowerCase())}%`}))`
          : undefined,
      ),
    )
    .orderBy(desc(closedTab ? orders.closed_at : orders.created_at), desc(orders.id))
    .limit(ORDER_COUNT_CAP + 1)
    .as('tab');
  const newestFirst = sql`order by ${tab.sort_at} desc nulls first, ${tab.id} desc`;
  return db
    .select({
      ids: sql<string>`coalesce(string_agg(${tab.id}::text, ',' ${newestFirst}), '')`,
      dispatcher_ids: sql<string>`coalesce(string_agg(${tab.dispatcher_id}::text, ',' ${newestFirst}), '')`,
    })
    .from(tab);
}

/** The statement behind `ordersByIds` (also EXPLAINed by bench/orders-lists). */
export const ordersByIdsQuery = (db: DbOrTx, ids: number[] | Placeholder) =>
  db
    .select(orderColumns)
    .from(orders)
    .where(sql`${orders.id} = any(${intArray(ids)})`);

const ordersByIdsPrepared = preparedPerDb((db) =>
  ordersByIdsQuery(db, sql.placeholder('ids')).prepare('orders_by_ids'),
);

/** Wire-shaped orders by id (ids come from a scoped query: no scope here). */
export const ordersByIds = (db: Db, ids: number[]) => ordersByIdsPrepared(db).execute({ ids });

const countWhere = (scope: SQL, filter: SQL) =>
  sql<number>`(select count(*)::int from ${orders} where ${scope} and ${filter})`;

/**
 * Operator top bar: last 24 h orders and cancellations. The drivers' figures come from
 * the live driver index, not from here.
 */
export async function liveCounts(db: DbOrTx, companyIds: number[], billedTo: number[] = []) {
  const [row] = rowsOf<{ orders_24h: number; canceled_24h: number }>(
    await db.execute(liveCountsQuery(companyIds, billedTo)),
  );
  return {
    orders_24h: Number(row?.orders_24h ?? 0),
    canceled_24h: Number(row?.canceled_24h ?? 0),
  };
}

/** The statement behind `liveCounts` (also EXPLAINed by bench/orders-lists). */
export function liveCountsQuery(companyIds: number[], billedTo: number[] = []) {
  const scope = consoleOrdersOf(companyIds, billedTo);
  const created24h = sql`${orders.created_at} >= ${last24h}`;
  return sql`select
    ${countWhere(scope, created24h)} as orders_24h,
    ${countWhere(scope, sql`${orders.state} = 'canceled' and ${orders.closed_at} >= ${last24h}`)} as canceled_24h`;
}

/** Report order rows: the newest orders of the companies (and those billed to the protocol ones, `billedTo`). */
export async function reportRows(
  db: DbOrTx,
  scope: { companyIds: number[]; billedTo: number[] },
  limit: number,
) {
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
    .where(consoleOrdersOf(scope.companyIds, scope.billedTo))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(limit);
}
