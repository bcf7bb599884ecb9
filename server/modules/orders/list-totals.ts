import { type ListOrdersQuery, ORDER_COUNT_CAP } from '@common/orders/orders.schema';
import { TaggedCache } from '../../lib/tagged-cache';
import type { OrderListScope } from './orders.repo';

/**
 * `meta.total` of GET /api/orders, remembered for a second per scope and filters (the page
 * itself is always read fresh). Counting up to ORDER_COUNT_CAP walks up to 10 001 index entries
 * (~5 ms) and several dispatchers page the same list. An exact total is dropped by any change
 * to the scope's orders made through this process; a capped one ("more than 10 000") cannot be
 * undone by a new order and is kept for its second whatever happens.
 */
export function createListTotals(ttlMs = 1_000) {
  const cache = new TaggedCache<string, number>({ ttlMs, maxEntries: 2_000 });
  const tagsOf = (scope: OrderListScope) =>
    scope.kind === 'all'
      ? ['orders:all']
      : [...scope.processedBy, ...scope.createdBy].map((id) => `c${id}:orders`);

  async function count(
    scope: OrderListScope,
    query: ListOrdersQuery,
    load: () => Promise<number>,
  ): Promise<number> {
    const { page: _page, per_page: _perPage, ...filters } = query;
    const key = JSON.stringify([scope, filters]);
    const capped = cache.peek(`capped|${key}`);
    if (capped) return capped;
    const counted = await cache.get(key, tagsOf(scope), load);
    if (counted > ORDER_COUNT_CAP) cache.set(`capped|${key}`, [], counted);
    return counted;
  }

  /** Orders of these companies changed (here or on another node). */
  function companiesChanged(companyIds: readonly number[]) {
    cache.invalidate(['orders:all', ...companyIds.map((id) => `c${id}:orders`)]);
  }

  return { count, companiesChanged };
}
