import { type ListOrdersQuery, ORDER_COUNT_CAP } from '@common/orders/orders.schema';
import { TaggedCache } from '../../lib/tagged-cache';
import { changedTags, listTags } from './list-tags';
import type { OrderListScope } from './orders.repo';

/** How often a total known to be over the cap is counted again, in the background. */
export const CAPPED_RECHECK_MS = 30_000;
const MAX_CAPPED = 2_000;

/**
 * `meta.total` of GET /api/orders (the page itself is always read fresh). Counting up to
 * ORDER_COUNT_CAP walks up to 10 001 index entries: ~5 ms on PostgreSQL, 10–30 ms on PGlite,
 * whose one session every other query then waits for (bench/orders-lists).
 *
 * - An exact total is remembered for a second per scope and filters, and dropped by any change
 *   to the scope's orders made through this process or told by another node.
 * - A capped total ("more than 10 000") is kept, because no new order can undo it; only orders
 *   leaving a filtered list can, and then only at the boundary. It answers at once and is
 *   counted again in the background every CAPPED_RECHECK_MS; a recount under the cap makes the
 *   list exact again.
 */
export function createListTotals(ttlMs = 1_000, now: () => number = () => performance.now()) {
  const exact = new TaggedCache<string, number>({ ttlMs, maxEntries: 2_000, now });
  const capped = new Map<string, { total: number; checkedAt: number; checking: boolean }>();

  function recheck(key: string, load: () => Promise<number>) {
    const known = capped.get(key);
    if (!known || known.checking || now() - known.checkedAt < CAPPED_RECHECK_MS) return;
    known.checking = true;
    const done = (total: number | undefined) => {
      known.checking = false;
      known.checkedAt = now();
      if (total === undefined) return; // keep the known total; count again next time
      if (total > ORDER_COUNT_CAP) known.total = total;
      else capped.delete(key);
    };
    load().then(done, () => done(undefined));
  }

  async function count(
    scope: OrderListScope,
    query: ListOrdersQuery,
    load: () => Promise<number>,
  ): Promise<number> {
    const { page: _page, per_page: _perPage, ...filters } = query;
    const key = JSON.stringify([scope, filters]);
    const known = capped.get(key);
    if (known) {
      recheck(key, load);
      return known.total;
    }
    const counted = await exact.get(key, listTags(scope), load);
    if (counted > ORDER_COUNT_CAP) {
      if (capped.size >= MAX_CAPPED) capped.delete(capped.keys().next().value as string);
      capped.set(key, { total: counted, checkedAt: now(), checking: false });
    }
    return counted;
  }

  /** Orders of these companies changed (here or on another node). */
  function companiesChanged(companyIds: readonly number[]) {
    exact.invalidate(changedTags(companyIds));
  }

  return { count, companiesChanged };
}
