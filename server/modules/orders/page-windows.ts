/**
 * Deep pages of GET /api/orders without walking every row before them on every request
 * (research B4: a deep page within 2× of page 1). `page=1000` skips 14,985 index entries:
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
 * A window is dropped when an order placed lands below its top and was not counted (two
 * placings racing, an order with an older time), when any other change touches its companies
 * (an order moving into or out of a filter shifts the offsets), and after `ttlMs` (read again
 * in the background) for what no node is told (direct database edits, which reading by key
 * cannot see: it does not count the rows it skips).
 */
import { TaggedCache } from '../../lib/tagged-cache';
import { changedTags } from './list-tags';

/** An order's place in a newest-first list: `created_at` (to the second), then id. */
export interface ListKey {
  created_at: string;
  id: number;
}

/** A window as read: `ids` are the list's rows at offsets [from, from + ids.length). */
export interface WindowRead {
  from: number;
  ids: Int32Array;
  /** The key of `ids[0]`; null for an empty window. */
  first: ListKey | null;
  /** The list's newest order when the window was read, whose offset is 0; null for an empty list. */
  top: ListKey | null;
  /** The ids of the list's newest orders then (the first few), top first. */
  head: number[];
}

/**
 * A window followed since it was read: offsets count from `top`, which moves up to the orders
 * placed above it; `counted` holds the ids of the latest orders it moved over (and the head
 * read with it), so that a placing told after it was counted does not spoil the window.
 */
export interface Window extends Omit<WindowRead, 'head'> {
  counted: Set<number>;
  /** A read by key (`extend`) is in flight. */
  extending: boolean;
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

/** Whether `a` comes before `b` in a newest-first list. */
export const newer = (a: ListKey, b: ListKey) =>
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
  const reportError = onRefreshError ?? (() => {});

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
    const load = async (): Promise<Window> => {
      const from = Math.max(0, offset - SLACK);
      const read = await reads.window(from, offset + limit - from);
      return { ...read, counted: new Set(read.head), extending: false };
    };
    const window = await windows.get(key, list.tags, load);
    // This request's frame: the window may move (another request) while `above` is read.
    const { from, ids, top } = window;
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
    if (at < 0 || at + limit > ids.length) return direct();
    const fromPlaced = placed.slice(offset, offset + limit).map((order) => order.id);
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
   * is what `above` reads).
   */
  function changed(companyIds: readonly number[], placed?: ListKey) {
    const tags = changedTags(companyIds);
    if (!placed) windows.invalidate(tags);
    else
      windows.dropWhere(
        tags,
        (window) => !window.top || (!newer(placed, window.top) && !window.counted.has(placed.id)),
      );
  }

  return { page, changed, clear: () => windows.clear() };
}

export type PageWindows = ReturnType<typeof createPageWindows>;
