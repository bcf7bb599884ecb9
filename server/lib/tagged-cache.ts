import { performance } from 'node:perf_hooks';

/**
 * Short-lived answers shared by many readers, dropped at once when something they were built
 * from changes (DESIGN §8 Caching; bench/orders-lists: 200 dispatchers of a handful of companies
 * ask the same questions every few seconds).
 *
 * - An entry lives `ttlMs` at most: the bound on staleness for changes this process does not
 *   see (another node's writes, direct database edits).
 * - Every entry carries tags ('c7:live', 'order:42'). `invalidate(tags)` marks the tags as
 *   changed *now*: an entry whose load started at or before the mark is stale, including a load
 *   still in flight — so a reader never gets an answer older than a write it has seen complete.
 * - Concurrent readers of a missing key share one load (single flight); a failed load is not kept.
 */
export class TaggedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  /** tag → time of its last invalidation; a mark older than the TTL can no longer matter. */
  private readonly marks = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 20_000;
    this.now = options.now ?? (() => performance.now());
  }

  /** The cached value of `key`, or `load()`'s (then kept under `tags`). */
  get(key: K, tags: readonly string[], load: () => Promise<V>): Promise<V> {
    const fresh = this.fresh(key);
    if (fresh) return fresh.value;
    const value = load();
    this.store(key, tags, this.now(), value);
    return value;
  }

  /**
   * Several keys at once: the fresh ones from the cache, the others through one `loadMany`
   * call. A key `loadMany` does not answer is left out of the result (and not cached).
   */
  async getMany(
    keys: readonly K[],
    tagsOf: (key: K) => readonly string[],
    loadMany: (missing: K[]) => Promise<Map<K, V>>,
  ): Promise<Map<K, V>> {
    const pending = new Map<K, Promise<V | undefined>>();
    const missing: K[] = [];
    for (const key of keys) {
      const fresh = this.fresh(key);
      if (fresh) pending.set(key, fresh.value);
      else missing.push(key);
    }
    if (missing.length > 0) {
      const startedAt = this.now();
      const loaded = loadMany(missing);
      for (const key of missing) {
        const one = loaded.then((found) => {
          const value = found.get(key);
          if (value === undefined) throw new NotFound();
          return value;
        });
        this.store(key, tagsOf(key), startedAt, one);
        pending.set(
          key,
          one.catch((error: unknown) => {
            if (error instanceof NotFound) return undefined;
            throw error;
          }),
        );
      }
    }
    const result = new Map<K, V>();
    for (const [key, value] of pending) {
      const resolved = await value;
      if (resolved !== undefined) result.set(key, resolved);
    }
    return result;
  }

  /** The fresh cached value of `key`, if any, without loading it. */
  peek(key: K): Promise<V> | undefined {
    return this.fresh(key)?.value;
  }

  /** Keeps `value` under `tags` as if it had just been loaded. */
  set(key: K, tags: readonly string[], value: V): void {
    this.store(key, tags, this.now(), Promise.resolve(value));
  }

  /** Everything cached under any of `tags` is stale from now on. */
  invalidate(tags: readonly string[]): void {
    const now = this.now();
    for (const tag of tags) this.marks.set(tag, now);
    if (this.marks.size > this.maxEntries) {
      for (const [tag, at] of this.marks) if (now - at > this.ttlMs) this.marks.delete(tag);
    }
  }

  clear(): void {
    this.entries.clear();
    this.marks.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private fresh(key: K): Entry<V> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.startedAt < this.ttlMs && !this.changedSince(entry)) return entry;
    this.entries.delete(key);
    return undefined;
  }

  private changedSince(entry: Entry<V>): boolean {
    for (const tag of entry.tags) {
      const mark = this.marks.get(tag);
      if (mark !== undefined && mark >= entry.startedAt) return true;
    }
    return false;
  }

  private store(key: K, tags: readonly string[], startedAt: number, value: Promise<V>) {
    if (this.entries.size >= this.maxEntries) this.sweep();
    const entry: Entry<V> = { startedAt, tags, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
  }

  /** Drops expired entries; if all are fresh, the oldest (Maps iterate in insertion order). */
  private sweep() {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (now - entry.startedAt >= this.ttlMs) this.entries.delete(key);
    }
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

interface Entry<V> {
  startedAt: number;
  tags: readonly string[];
  value: Promise<V>;
}

class NotFound extends Error {}
