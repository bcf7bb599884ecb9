/**
 * Deep pages of GET /api/orders without walking every row before them on every request
 * (a deep page within 2× of page 1). `page=1000` skips 14,985 index entries:
 * ~5 ms on PostgreSQL, 10–25 ms on PGlite, whose one session every other query waits for.
 *
 * A deep page is read once with `SLACK` rows before it (its window), together with the list's
 * newest orders then (its top). A newest-first list changes at its top as orders are placed:
 * each request reads only the orders placed above the top (a walk of those few entries), takes
 * the page from the window shifted by their number, and moves the top up to them (the window's
 * offsets grow by as many). Before the page reaches the window's first row, the rows just above
 * it are read by key (a walk of `SLACK` entries, not of every row before the page). So a list
 * that only grows at its top is walked to its deep page once.
 *
 * A window read to the list's end knows where the list ends (a list only grows at its top while
 * its window lives): a page past the end answers short or empty from it, not from the database.
 *
 * A window is dropped when an order placed lands below its top and was not counted (two
 * placings racing, an order with an older time), when any other change touches its companies
 * (an order moving into or out of a filter shifts the offsets), and after `ttlMs` (read again
 * in the background) for what no node is told (direct database edits, which reading by key
 * cannot see: it does not count the rows it skips).
 *
 * Followed windows skip even the read above the top: an order placed comes from the change stream
 * with the order itself, which the window's list conditions judge (order-list.match.ts), so a
 * request counts the orders placed since the last one from memory (`countTold`). A placing told
 * without its order above a window's top makes that window read them as above, until it is
 * read again.
 */
import type { Order } from '@common/orders/orders.schema';
import { TaggedCache } from '../../../lib/tagged-cache';
import { type ListKey, newer, type WindowRead } from './list-keys';
import { changedTags } from './list-tags';
import type { ListMatcher } from './order-list.match';

/**
 * A window followed since it was read: offsets count from `top`, which moves up to the orders
 * placed above it; `counted` holds the ids of the latest orders it moved over (and the head
 * read with it), so that a placing told after it was counted does not spoil the window.
 */
export interface Window extends Omit<WindowRead, 'head'> {
  counted: Set<number>;
  /** A read by key (`extend`) is in flight. */
  extending: boolean;
  /**
   * The window holds the list's last row: it was read to the list's end, and a list only grows
   * at its top while its window lives. A page past the end is then short or empty, from here.
   */
  endsHere: boolean;
  /** Its list's conditions: the placings told here move it without a read (null: never). */
  matches: ListMatcher | null;
  /** The placings told before this sequence number are counted (or were read with it). */
  seen: number;
  tags: readonly string[];
}

export interface WindowReads {
  /** The ids at offsets [from, from + limit), the list's newest orders, as one snapshot. */
  window(from: number, limit: number): Promise<WindowRead>;
  /** The list's orders newer than `top`, newest first, at most `limit`. */
  above(top: ListKey | null, limit: number): Promise<ListKey[]>;
  /** The list's orders newer than `first` and not newer than `top`, nearest `first` first. */
  between(first: ListKey, top: ListKey, limit: number): Promise<ListKey[]>;
}

/** Rows read before a deep page, and read by key above it before the page gets there. */
export const SLACK = 200;
/** Pages that start at least this deep use windows; shallower ones are read directly. */
export const DEEP_OFFSET = 1_000;
/** How many of the latest counted orders a window remembers (a placing is told within ms). */
const COUNTED = 512;
/** How many rows above a page `ahead` is given: those its next pages will show. */
export const AHEAD = 30;
/** How many placings are remembered for the followed windows to count; beyond, they read. */
const TOLD = 1_024;

/** A placing told here, with the order itself (the change stream's reader loaded it). */
interface Placing {
  key: ListKey;
  tags: readonly string[];
  order: Order | undefined;
}

/**
 * Whether the page at index `at` of a window's `ids` (`limit` long) can be answered from them:
 * whole, or short where the window holds the list's end.
 */
const holds = (window: Pick<Window, 'ids' | 'endsHere'>, at: number, limit: number) =>
  at >= 0 && (at + limit <= window.ids.length || window.endsHere);

export function createPageWindows({
  ttlMs,
  now,
  onRefreshError,
  ahead = () => {},
}: {
  /** A window older than this is read again in the background; at twice this, in the request. */
  ttlMs: number;
  /**
   * Told the ids just above each page served from a window: as orders are placed above it, a
   * deep page shows them next (a few every second on a busy list), and their rows, loaded
   * ahead, are then not read in a request's path.
   */
  ahead?: (ids: number[]) => void;
  now?: () => number;
  /** A background read failed (the window in use goes on answering while it can). */
  onRefreshError?: (error: unknown) => void;
}) {
  // A TaggedCache keyed by list and page, tagged by the list's companies (list-tags.ts): single
  // flight, stale-while-reload, and "a change during a read makes it stale" come from there.
  const windows = new TaggedCache<string, Window>({
    ttlMs,
    staleForMs: ttlMs,
    maxEntries: 500,
    ...(now ? { now } : {}),
    ...(onRefreshError ? { onReloadError: onRefreshError } : {}),
  });
  const reportError = onRefreshError ?? (() => {});
  /** The latest TOLD placings, the one numbered `n` at `n % TOLD`. */
  const told: Placing[] = [];
  let placings = 0;

  /**
   * Counts into a followed window the placings told since it last did, from memory; false when
   * it cannot (it is not followed, or one of them came without its order and above its top).
   */
  function countTold(window: Window): boolean {
    const { matches } = window;
    if (!matches || placings - window.seen > TOLD) return false;
    const placed: ListKey[] = [];
    for (let n = window.seen; n < placings; n++) {
      const { key, tags, order } = told[n % TOLD] as Placing;
      if (window.top && !newer(key, window.top)) continue; // read with it, or it was dropped
      if (window.counted.has(key.id) || !tags.some((tag) => window.tags.includes(tag))) continue;
      if (!order) return false;
      if (matches(order)) placed.push(key);
    }
    window.seen = placings;
    if (placed.length > 0)
      moveTop(
        window,
        placed.sort((a, b) => (newer(a, b) ? -1 : 1)),
      );
    return true;
  }

  /**
   * The ids of the page at `offset` (`limit` long) of the list `key` (its scope, filters and
   * page), read from its window when one holds it; `direct` reads it the plain way (shallow
   * pages, a window outgrown).
   */
  async function page(
    list: { key: string; tags: readonly string[]; offset: number; limit: number },
    reads: WindowReads,
    direct: () => Promise<number[]>,
    /** The list's conditions, built when a window is read; none: the window reads above its top. */
    matcher?: () => ListMatcher,
  ): Promise<number[]> {
    const { key, offset, limit, tags } = list;
    if (offset < DEEP_OFFSET) return direct();
    const load = async (): Promise<Window> => {
      const seen = placings;
      const from = Math.max(0, offset - SLACK);
      const wanted = offset + limit - from;
      const read = await reads.window(from, wanted);
      const matches = matcher?.() ?? null;
      const endsHere = read.ids.length < wanted;
      return {
        ...read,
        counted: new Set(read.head),
        extending: false,
        endsHere,
        matches,
        seen,
        tags,
      };
    };
    const window = await windows.get(key, tags, load);
    if (countTold(window)) {
      if (offset - window.from < SLACK / 2) extend(window, reads, offset + limit);
      const at = offset - window.from;
      if (!holds(window, at, limit)) return direct();
      ahead(Array.from(window.ids.subarray(Math.max(0, at - AHEAD), at)));
      return Array.from(window.ids.subarray(at, at + limit));
    }
    window.matches = null; // read above its top from now on
    // This request's frame: the window may move (another request) while `above` is read.
    const { from, ids, top, endsHere } = window;
    const placed = await reads.above(top, SLACK + 1);
    if (placed.length > SLACK) {
      // Too many to follow (a long quiet spell): read it again behind the direct answers.
      windows.refresh(key, load);
      return direct();
    }
    if (placed[0] && window.top === top) moveTop(window, placed);
    // Before the page gets near the window's first row (or past it), read the rows above it.
    if (offset - window.from < SLACK / 2) extend(window, reads, offset + limit);
    const at = offset - placed.length - from; // the page's index in this frame's `ids`
    if (!holds({ ids, endsHere }, at, limit)) return direct();
    const fromPlaced = placed.slice(offset, offset + limit).map((order) => order.id);
    ahead(Array.from(ids.subarray(Math.max(0, at - AHEAD), at)));
    return fromPlaced.concat(Array.from(ids.subarray(at, at + limit - fromPlaced.length)));
  }

  /** Counts the orders placed above the window's top into its offsets. */
  function moveTop(window: Window, placed: ListKey[]) {
    window.from += placed.length;
    window.top = placed[0] ?? window.top;
    for (const order of placed) window.counted.add(order.id);
    for (const id of window.counted) {
      if (window.counted.size <= COUNTED) break;
      window.counted.delete(id);
    }
  }

  /**
   * Reads up to SLACK rows just above the window's first row by key, in the background, and
   * puts them before it; the rows below the page, which it will not come back to (it only
   * moves up as orders are placed), are let go.
   */
  function extend(window: Window, reads: WindowReads, pageEnd: number) {
    const { first, top, from } = window;
    if (window.extending || !first || !top || from === 0) return;
    window.extending = true;
    reads
      .between(first, top, Math.min(SLACK, from))
      .then((rows) => {
        // The rows from the window's start to the page's end (none if, meanwhile, orders
        // placed moved the page above the window: the rows read by key are then all it has).
        const keep = Math.max(0, Math.min(window.ids.length, pageEnd - window.from));
        if (keep < window.ids.length) window.endsHere = false;
        const ids = new Int32Array(rows.length + keep);
        rows.forEach((row, i) => {
          ids[rows.length - 1 - i] = row.id;
        });
        ids.set(window.ids.subarray(0, keep), rows.length);
        window.ids = ids;
        window.from -= rows.length;
        window.first = rows[rows.length - 1] ?? window.first;
      })
      .catch(reportError)
      .finally(() => {
        window.extending = false;
      });
  }

  /**
   * Orders of these companies changed; `placed` when the change placed a new order, which
   * spoils only the windows whose top it lands below without having been counted (above it
   * is what `above` reads, or `countTold` counts: `order` is the order placed, as the change
   * stream's reader loaded it).
   */
  function changed(companyIds: readonly number[], placed?: ListKey, order?: Order) {
    const tags = changedTags(companyIds);
    if (!placed) {
      windows.invalidate(tags);
      return;
    }
    told[placings % TOLD] = { key: placed, tags, order };
    placings++;
    windows.dropWhere(
      tags,
      (window) => !window.top || (!newer(placed, window.top) && !window.counted.has(placed.id)),
    );
  }

  return { page, changed, clear: () => windows.clear() };
}

export type PageWindows = ReturnType<typeof createPageWindows>;
