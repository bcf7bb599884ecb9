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

/** An order's place in a newest-first list: `created_at` (to the second), then id. */
export interface ListKey {
  created_at: string;
  id: number;
}

export interface Window {
  /** Offset of `ids[0]` in the list when it was read. */
  from: number;
  ids: number[];
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
const MAX_WINDOWS = 500;

const newer = (a: ListKey, b: ListKey) =>
  a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id);

interface Entry {
  window: Window;
  companyIds: readonly number[] | 'all';
  loadedAt: number;
}

export function createPageWindows({
  ttlMs,
  now = () => performance.now(),
  onRefreshError = () => {},
}: {
  /** A window older than this is read again in the background; at twice this, in the request. */
  ttlMs: number;
  now?: () => number;
  /** A background read failed (the window in use goes on answering while it can). */
  onRefreshError?: (error: unknown) => void;
}) {
  const entries = new Map<string, Entry>();
  const refreshing = new Set<string>();
  /** Changes seen, for loads in flight when they happened (dropped once no load can need them). */
  let changes: { at: number; companyIds: readonly number[]; placed?: ListKey }[] = [];
  let loading = 0;

  const touches = (
    { companyIds: mine }: Pick<Entry, 'companyIds'>,
    companyIds: readonly number[],
  ) => mine === 'all' || companyIds.some((id) => mine.includes(id));

  /** Would this change make the window wrong? (A placing above the top is what `above` reads.) */
  const spoils = (
    entry: Pick<Entry, 'companyIds' | 'window'>,
    change: { companyIds: readonly number[]; placed?: ListKey },
  ) =>
    touches(entry, change.companyIds) &&
    (!change.placed || !entry.window.top || !newer(change.placed, entry.window.top));

  /**
   * The ids of the page at `offset` (`limit` long) of the list `key` (its scope, filters and
   * page), read from its window when one holds it; `direct` reads it the plain way (shallow
   * pages, a window outgrown).
   */
  async function page(
    list: { key: string; companyIds: readonly number[] | 'all'; offset: number; limit: number },
    reads: WindowReads,
    direct: () => Promise<number[]>,
  ): Promise<number[]> {
    const { key, offset, limit } = list;
    if (offset < DEEP_OFFSET) return direct();
    let entry = entries.get(key);
    if (entry && now() - entry.loadedAt >= 2 * ttlMs) {
      entries.delete(key);
      entry = undefined;
    }
    entry ??= await load(list, reads);
    const placed = await reads.above(entry.window.top, SLACK + 1);
    const from = offset - placed.length; // where the page was when the window was read
    if (placed.length > SLACK || from < entry.window.from) {
      if (entries.get(key) === entry) entries.delete(key);
      return direct();
    }
    // Read the window again before it runs out (or grows old), while this one still answers:
    // a request then never waits for the walk to the deep page.
    if (placed.length > REFRESH_AFTER || now() - entry.loadedAt >= ttlMs) refresh(list, reads);
    const ids = placed.slice(offset, offset + limit);
    const start = Math.max(from, 0) - entry.window.from;
    return ids.concat(entry.window.ids.slice(start, start + limit - ids.length));
  }

  async function load(
    list: { key: string; companyIds: readonly number[] | 'all'; offset: number; limit: number },
    reads: WindowReads,
  ): Promise<Entry> {
    const startedAt = now();
    const from = Math.max(0, list.offset - SLACK);
    loading++;
    try {
      const window = await reads.window(from, list.offset + list.limit - from);
      const entry: Entry = { window, companyIds: list.companyIds, loadedAt: startedAt };
      // A change that landed while the window was read may not be in it.
      if (!changes.some((change) => change.at >= startedAt && spoils(entry, change))) {
        if (entries.size >= MAX_WINDOWS) entries.delete(entries.keys().next().value as string);
        entries.set(list.key, entry);
      }
      return entry;
    } finally {
      loading--;
      if (loading === 0) changes = [];
    }
  }

  function refresh(list: Parameters<typeof load>[0], reads: WindowReads) {
    if (refreshing.has(list.key)) return;
    refreshing.add(list.key);
    load(list, reads)
      .catch(onRefreshError)
      .finally(() => refreshing.delete(list.key));
  }

  /** Orders of these companies changed; `placed` when the change placed a new order. */
  function changed(companyIds: readonly number[], placed?: ListKey) {
    const change = { at: now(), companyIds, ...(placed ? { placed } : {}) };
    for (const [key, entry] of entries) if (spoils(entry, change)) entries.delete(key);
    if (loading > 0) changes.push(change);
  }

  return { page, changed, clear: () => entries.clear() };
}

export type PageWindows = ReturnType<typeof createPageWindows>;
