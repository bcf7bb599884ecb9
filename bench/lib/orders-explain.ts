import { ListOrdersQuerySchema } from '@common/orders/orders.schema';
import { TAB_IDS } from '@common/orders/orders.tabs';
import type { SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import {
  type DispatcherTab,
  ordersByIdsQuery,
  tabIds,
  tabIdsQuery,
} from '../../server/modules/orders/read-model/dispatcher.repo';
import { listOrdersQueries } from '../../server/modules/orders/read-model/order-list.repo';

export type ExplainTarget = DispatcherTab | 'statistics' | 'orders';

/**
 * The statements behind each endpoint of bench/orders-lists.bench.ts, taken from the
 * repositories themselves (no mirror to keep in step), so that EXPLAIN (ANALYZE) shows the
 * plans the endpoints get. A tab is two statements: its ordered ids (cached per company for a
 * second) and the wire rows of one page (cached per order).
 */
export async function explainStatements(
  db: Db,
  target: ExplainTarget,
  input: { companyId: number; page: number; perPage: number; states?: string[] },
): Promise<Record<string, SQLWrapper>> {
  const companyIds = [input.companyId];
  // The counters are the sizes of the four tabs' id lists (dispatcher-board.ts).
  if (target === 'statistics') {
    return Object.fromEntries(TAB_IDS.map((tab) => [tab, tabIdsQuery(db, { tab, companyIds })]));
  }
  if (target === 'orders') {
    const query = ListOrdersQuerySchema.parse({
      page: input.page,
      per_page: input.perPage,
      ...(input.states ? { states: input.states.join(',') } : {}),
    });
    const list = listOrdersQueries(
      db,
      { kind: 'companies', processedBy: companyIds, billedTo: [] },
      query,
    );
    // The rows come from the serialised-row cache; a cold one is read as a tab's rows are.
    const ids = await list.pageIds();
    return { ...list.explained(), rows: ordersByIdsQuery(db, ids) };
  }
  const list = await tabIds(db, { tab: target, companyIds });
  const pageIds = [...list.ids.subarray(0, input.perPage)];
  return {
    ids: tabIdsQuery(db, { tab: target, companyIds }),
    rows: ordersByIdsQuery(db, pageIds),
  };
}
