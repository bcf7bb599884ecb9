/**
 * Deep pages of GET /api/orders without walking every row before them on every request
 * (research B4: a deep page within 2× of page 1). `page=1000` skips 14,985 index entries:
 * ~5 ms on PostgreSQL, 10–25 ms on PGlite, whose one session every other query waits for.
 *
 * A deep page is read once with `SLACK` rows before it (its window), together with the list's
 * newest order then (its top). A newest-first list changes at its top as orders are placed:
 * later requests read only the orders above the top (a walk of those few entries) and take the
 * page from the window shifted by their number. A window is dropped when the shift outgrows
 * it, when any other change touches its companies (an order that moved into or out of a
 * filter), when an order placed lands below its top (two placings racing, or an order with an
 * older time), and after `ttlMs` for what no node is told (direct database edits). Before it
 * runs out or grows old it is read again in the background, so a request rarely waits for the
 * walk to its page.
 */
import { TaggedCache } from '../../lib/tagged-cache';
import { changedTags } from './list-tags';

/** An order's place in a newest-first list: `created_at` (to the second), then id. */
export interface ListKey {
  created_at: string;
  id: number;
}

export interface Window {
  /** Offset of `ids[0]` in the list when it was read. */
  from: number;
  ids: Int32Array;
  /** The list's newest order when the window was read; null for an empty list. */
  top: ListKey | null;
}

export interface WindowReads {
  /** The ids at offsets [from, from + limit) and the list's newest order, as one snapshot. */
  window(from: number, limit: number): Promise<Window>;
  /** The ids of orders newer than `top`, newest first, at most `limit`. */
  above(top: ListKey | null, limit: number): Promise<number[]>;
}

/** Rows read before a deep page: up to this many orders may be placed before it is read again. */
export const SLACK = 200;
/** Past this many orders placed above it, a window is read again in the background. */
const REFRESH_AFTER = SLACK / 2;
/** Pages that start at least this deep use windows; shallower ones are read directly. */
export const DEEP_OFFSET = 1_000;

const newer = (a: ListKey, b: ListKey) =>
  a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id);

export function createPageWindows({
  ttlMs,
  now,
  onRefreshError,
}: {
  /** A window older than this is read again in the background; at twice this, in the request. */
  ttlMs: number;
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

  /**
   * The ids of the page at `offset` (`limit` long) of the list `key` (its scope, filters and
   * page), read from its window when one holds it; `direct` reads it the plain way (shallow
   * pages, a window outgrown).
   */
  async function page(
    list: { key: string; tags: readonly string[]; offset: number; limit: number },
    reads: WindowReads,
    direct: () => Promise<number[]>,
  ): Promise<number[]> {
    const { key, offset, limit } = list;
    if (offset < DEEP_OFFSET) return direct();
    const from = Math.max(0, offset - SLACK);
    const load = () => reads.window(from, offset + limit - from);
    const window = await windows.get(key, list.tags, load);
    const placed = await reads.above(window.top, SLACK + 1);
    const at = offset - placed.length; // where the page was when the window was read
    // Read the window again before it runs out, while this one still answers: a request then
    // rarely waits for the walk to the deep page.
    if (placed.length > REFRESH_AFTER) windows.refresh(key, load);
    if (placed.length > SLACK || at < window.from) return direct();
    const ids = placed.slice(offset, offset + limit);
    const start = Math.max(at, 0) - window.from;
    return ids.concat(Array.from(window.ids.subarray(start, start + limit - ids.length)));
  }

  /**
   * Orders of these companies changed; `placed` when the change placed a new order, which
   * spoils only the windows whose top it lands below (above it is what `above` reads).
   */
  function changed(companyIds: readonly number[], placed?: ListKey) {
    const tags = changedTags(companyIds);
    if (!placed) windows.invalidate(tags);
    else windows.dropWhere(tags, (window) => !window.top || !newer(placed, window.top));
  }

  return { page, changed, clear: () => windows.clear() };
}

export type PageWindows = ReturnType<typeof createPageWindows>;
