import { type ListOrdersQuery, ORDER_COUNT_CAP } from '@common/orders/orders.schema';
import { TaggedCache } from '../../../lib/tagged-cache';
import type { OrderListScope } from './list-keys';
import { changedTags, listTags } from './list-tags';

/**
 * A total known to be over the cap is counted again, in the background, at most this often
 * after orders of its companies changed otherwise than by being placed.
 */
export const CAPPED_RECHECK_MS = 30_000;
/** …and at least this often, for what no node is told (direct database edits). */
export const CAPPED_MAX_AGE_MS = 600_000;
const MAX_CAPPED = 2_000;

/**
 * `meta.total` of GET /api/orders (its pages: list-heads.ts and page-windows.ts). Counting up to
 * ORDER_COUNT_CAP walks up to 10 001 index entries: ~5 ms on PostgreSQL, 10–30 ms on PGlite,
 * whose one session every other query then waits for (bench/orders-lists).
 *
 * - An exact total is remembered for a second per scope and filters, and dropped by any change
 *   to the scope's orders read from the change stream.
 * - A capped total ("more than 10 000") is kept, because no new order can undo it; only orders
 *   leaving a filtered list can (a change other than a placing), and then only at the
 *   boundary. It answers at once and is counted again in the background after such a change
 *   (at most every CAPPED_RECHECK_MS) or after CAPPED_MAX_AGE_MS; a recount under the cap makes
 *   the list exact again. Recounting every 30 s whatever happened held PGlite's one session for
 *   10–30 ms twice a minute per list, delaying every request behind it (bench/orders-lists).
 */
interface Capped {
  total: number;
  tags: readonly string[];
  checkedAt: number;
  checking: boolean;
  /** Orders of its companies changed otherwise than by being placed since it was counted. */
  mayHaveShrunk: boolean;
}

export function createListTotals(ttlMs = 1_000, now: () => number = () => performance.now()) {
  const exact = new TaggedCache<string, number>({ ttlMs, maxEntries: 2_000, now });
  const capped = new Map<string, Capped>();

  function recheck(key: string, load: () => Promise<number>) {
    const known = capped.get(key);
    if (!known || known.checking) return;
    const age = now() - known.checkedAt;
    if (age < CAPPED_MAX_AGE_MS && !(known.mayHaveShrunk && age >= CAPPED_RECHECK_MS)) return;
    known.checking = true;
    known.mayHaveShrunk = false;
    const done = (total: number | undefined) => {
      known.checking = false;
      known.checkedAt = now();
      if (total === undefined) return; // keep the known total; count again next time
      if (total > ORDER_COUNT_CAP) known.total = total;
      else capped.delete(key);
    };
    load().then(done, () => {
      known.mayHaveShrunk = true;
      done(undefined);
    });
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
    const tags = listTags(scope);
    const counted = await exact.get(key, tags, load);
    if (counted > ORDER_COUNT_CAP) {
      if (capped.size >= MAX_CAPPED) capped.delete(capped.keys().next().value as string);
      capped.set(key, {
        total: counted,
        tags,
        checkedAt: now(),
        checking: false,
        mayHaveShrunk: false,
      });
    }
    return counted;
  }

  /**
   * Orders of these companies changed (the change stream); `placed` when the change
   * placed a new order, which can only make a list longer.
   */
  function companiesChanged(companyIds: readonly number[], placed = false) {
    const tags = changedTags(companyIds);
    exact.invalidate(tags);
    if (placed) return;
    for (const known of capped.values()) {
      if (known.tags.some((tag) => tags.includes(tag))) known.mayHaveShrunk = true;
    }
  }

  function clear() {
    exact.clear();
    capped.clear();
  }

  return { count, companiesChanged, clear };
}
