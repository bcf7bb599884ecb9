/**
 * A small per-key cache for the address search's per-company data (the company's centre, its
 * internal places), so a search does not wait for the database (docs/ADDRESS-SEARCH.md).
 *
 * - The first get of a key loads it; concurrent gets share that one load.
 * - After ttlMs the value is stale: it still answers while one reload runs in the background
 *   (a search never waits for a refresh), so staleness is ttlMs plus one load. A failed
 *   reload is reported and the old value answers until the next attempt.
 * - invalidate(key) forgets the value and any load in flight (a write of this process): the
 *   next get loads afresh and never sees data read before the write.
 *
 * Keys are companies (or a user's list of them): a few hundred at most, so nothing is evicted.
 */
export interface TtlCacheOptions<K, V> {
  ttlMs: number;
  load(key: K): Promise<V>;
  onReloadError?(error: unknown): void;
  /** For tests. */
  now?(): number;
}

interface Entry<V> {
  value?: { data: V; loadedAt: number };
  loading?: Promise<V>;
}

export interface TtlCache<K, V> {
  get(key: K): Promise<V>;
  invalidate(key: K): void;
}

export function createTtlCache<K, V>(options: TtlCacheOptions<K, V>): TtlCache<K, V> {
  const now = options.now ?? Date.now;
  const entries = new Map<K, Entry<V>>();

  function load(key: K, entry: Entry<V>): Promise<V> {
    if (entry.loading) return entry.loading;
    const loading = options.load(key).then(
      (data) => {
        // An invalidate while loading replaced the entry: this data may predate the write.
        if (entries.get(key) === entry) entry.value = { data, loadedAt: now() };
        entry.loading = undefined;
        return data;
      },
      (error: unknown) => {
        entry.loading = undefined;
        throw error;
      },
    );
    entry.loading = loading;
    return loading;
  }

  return {
    get(key) {
      let entry = entries.get(key);
      if (!entry) {
        entry = {};
        entries.set(key, entry);
      }
      const { value } = entry;
      if (!value) return load(key, entry);
      if (now() - value.loadedAt >= options.ttlMs && !entry.loading) {
        load(key, entry).catch((error: unknown) => options.onReloadError?.(error));
      }
      return Promise.resolve(value.data);
    },
    invalidate(key) {
      entries.delete(key);
    },
  };
}
