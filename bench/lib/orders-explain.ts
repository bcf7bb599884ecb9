import { and, count, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { orders } from '../../server/db/schema';
import { orderColumns } from '../../server/modules/orders/orders.select';

/**
 * The statements behind each endpoint of bench/orders-lists.bench.ts, rebuilt with the same
 * drizzle columns and the same WHERE/ORDER BY as server/modules/orders/dispatcher.repo.ts
 * (listTab, tabCounts) and orders.repo.ts (listOrders) so that EXPLAIN (ANALYZE) shows the
 * plans the endpoints get. A mirror, not the code itself: keep it in step when those change.
 */
const ids = (values: number[]) => sql`${sql.param(values)}::int[]`;
const last24h = sql`(now() at time zone 'utc') - interval '24 hours'`;

const tabFilter = {
  'in-call': sql`(${orders.always_in_call} or ${orders.call_state} in ('started', 'on_hold'))`,
  live: sql`${orders.state} in ('created', 'pending', 'assigned')`,
  finished: sql`${orders.state} = 'finished' and ${orders.closed_at} >= ${last24h}`,
  canceled: sql`${orders.state} = 'canceled' and ${orders.closed_at} >= ${last24h}`,
} satisfies Record<string, SQL>;

export type ExplainTarget = keyof typeof tabFilter | 'statistics' | 'orders';

export function explainStatements(
  db: Db,
  target: ExplainTarget,
  input: { companyId: number; userId: number; page: number; perPage: number; states?: string[] },
): Record<string, SQLWrapper> {
  const companyIds = [input.companyId];
  if (target === 'statistics') {
    const countWhere = (filter: SQL) =>
      sql`(select count(*)::int from ${orders} where ${orders.processed_by_company_id} = any(${ids(companyIds)}) and ${filter})`;
    return {
      counts: sql`select ${countWhere(tabFilter['in-call'])} as in_call,
        ${countWhere(tabFilter.live)} as live, ${countWhere(tabFilter.finished)} as finished,
        ${countWhere(tabFilter.canceled)} as canceled`,
    };
  }
  if (target === 'orders') {
    const where = and(
      sql`(${orders.processed_by_company_id} = any(${ids(companyIds)}) or ${orders.created_by_company_id} = any(${ids(companyIds)}))`,
      input.states ? sql`${orders.state} in ${input.states}` : undefined,
    );
    return {
      data: db
        .select(orderColumns)
        .from(orders)
        .where(where)
        .orderBy(desc(orders.created_at), desc(orders.id))
        .limit(input.perPage)
        .offset((input.page - 1) * input.perPage),
      total: db.select({ value: count() }).from(orders).where(where),
    };
  }
  const where = and(
    sql`${orders.processed_by_company_id} = any(${ids(companyIds)})`,
    tabFilter[target],
  );
  const closedTab = target === 'finished' || target === 'canceled';
  return {
    data: db
      .select(orderColumns)
      .from(orders)
      .where(where)
      .orderBy(
        sql`(${orders.dispatcher_id} = ${input.userId}) desc nulls last`,
        closedTab ? desc(orders.closed_at) : desc(orders.created_at),
        desc(orders.id),
      )
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    total: db.select({ value: count() }).from(orders).where(where),
  };
}
