import { performance } from 'node:perf_hooks';

export interface TaggedCacheOptions {
  /** How long an entry is fresh: the bound on staleness for changes this process is not told of. */
  ttlMs: number;
  maxEntries?: number;
  /**
   * Stale-while-reload: for this long past its TTL an entry still answers while one reload runs
   * in the background, so a reader never waits for a mere refresh (0, the default: it waits).
   * An invalidated entry never answers.
   */
  staleForMs?: number;
  /**
   * Shortens each entry's TTL by a random part of up to this fraction (0–1; default 0), so that
   * entries loaded together do not all reload in the same instant (a CPU burst).
   */
  ttlJitter?: number;
  /**
   * At most this many background reloads at once (default: no limit); a stale entry found
   * meanwhile answers stale and reloads at a later read. After a quiet spell every entry is
   * stale at once, and reloading them all together would be one long burst of work on the
   * event loop.
   */
  maxReloadsInFlight?: number;
  /** A background reload failed (the stale value keeps answering until `staleForMs` runs out). */
  onReloadError?(error: unknown): void;
  /** For tests. */
  now?(): number;
}

/**
 * Short-lived answers shared by many readers, dropped at once when something they were built
 * from changes (Caching; bench/orders-lists: 200 dispatchers of a handful of companies
 * ask the same questions every few seconds).
 *
 * - An entry is fresh for `ttlMs`: the bound on staleness for changes this process does not
 *   see (another node's writes, direct database edits). With `staleForMs` it then answers
 *   stale while one background reload runs.
 * - Every entry carries tags ('c7:live', 'order:42'). `invalidate(tags)` marks the tags as
 *   changed *now*: an entry whose load started at or before the mark is stale, including a load
 *   still in flight — so a reader never gets an answer older than a write it has seen complete.
 * - `revise(tag, change)` edits the entries of a tag in place instead (a write that knows
 *   exactly how it changes them), and the result of a reload in flight when it lands.
 * - Concurrent readers of a missing key share one load (single flight); a failed load is not kept.
 */
export class TaggedCache<K, V> {
  private readonly entries = new Map<K, Entry<K, V>>();
  /** tag → time of its last invalidation; a mark older than the TTL can no longer matter. */
  private readonly marks = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly staleForMs: number;
  private readonly ttlJitter: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly onReloadError: (error: unknown) => void;
  private readonly maxReloadsInFlight: number;
  private reloadsInFlight = 0;

  constructor(options: TaggedCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.staleForMs = options.staleForMs ?? 0;
    this.ttlJitter = options.ttlJitter ?? 0;
    this.maxEntries = options.maxEntries ?? 20_000;
    this.now = options.now ?? (() => performance.now());
    this.onReloadError = options.onReloadError ?? (() => {});
    this.maxReloadsInFlight = options.maxReloadsInFlight ?? Number.POSITIVE_INFINITY;
  }

  /** The cached value of `key`, or `load()`'s (then kept under `tags`). */
  get(key: K, tags: readonly string[], load: () => Promise<V>): Promise<V> {
    const entry = this.usable(key);
    if (entry) {
      if (this.expired(entry)) this.reloadInBackground(key, entry, load);
      return entry.value;
    }
    const value = load();
    this.store(key, tags, this.now(), value);
    return value;
  }

  /**
   * Several keys at once: the usable ones from the cache, the others through one `loadMany`
   * call (the stale ones also reload through one call, in the background). A key `loadMany`
   * does not answer is left out of the result (and not cached).
   */
  async getMany(
    keys: readonly K[],
    tagsOf: (key: K) => readonly string[],
    loadMany: (missing: K[]) => Promise<Map<K, V>>,
  ): Promise<Map<K, V>> {
    const pending = new Map<K, Promise<V | undefined>>();
    const missing: K[] = [];
    const expired: [K, Entry<K, V>][] = [];
    for (const key of keys) {
      const entry = this.usable(key);
      if (!entry) {
        missing.push(key);
        continue;
      }
      pending.set(key, entry.value);
      if (this.expired(entry) && !entry.reloading) expired.push([key, entry]);
    }
    if (missing.length > 0) {
      const startedAt = this.now();
      const loaded = loadMany(missing);
      for (const key of missing) {
        const one = loaded.then((found) => oneOf(found, key));
        this.store(key, tagsOf(key), startedAt, one);
        pending.set(key, one.catch(undefinedIfNotFound));
      }
    }
    if (expired.length > 0) this.reloadManyInBackground(expired, loadMany);
    const result = new Map<K, V>();
    for (const [key, value] of pending) {
      const resolved = await value;
      if (resolved !== undefined) result.set(key, resolved);
    }
    return result;
  }

  /** The fresh cached value of `key`, if any, without loading it. */
  peek(key: K): Promise<V> | undefined {
    const entry = this.usable(key);
    return entry && !this.expired(entry) ? entry.value : undefined;
  }

  /** Keeps `value` under `tags` as if it had just been loaded. */
  set(key: K, tags: readonly string[], value: V): void {
    this.store(key, tags, this.now(), Promise.resolve(value), { value });
  }

  /** Everything cached under any of `tags` is stale from now on. */
  invalidate(tags: readonly string[]): void {
    const now = this.now();
    for (const tag of tags) this.marks.set(tag, now);
    if (this.marks.size > this.maxEntries) {
      const horizon = this.ttlMs + this.staleForMs;
      for (const [tag, at] of this.marks) if (now - at > horizon) this.marks.delete(tag);
    }
  }

  /**
   * Edits every loaded entry carrying `tag` with `change`, which must accept a value that
   * already reflects the change (a load may have read it). A reload in flight may have read
   * the value before the change, so the change is applied to its result too. An entry still
   * at its first load is dropped instead.
   */
  revise(tag: string, change: (value: V, key: K) => V): void {
    for (const [key, entry] of this.entries) {
      if (!entry.tags.includes(tag)) continue;
      if (!entry.settled) {
        this.entries.delete(key);
        continue;
      }
      const value = change(entry.settled.value, key);
      if (value !== entry.settled.value) {
        entry.settled = { value };
        entry.value = Promise.resolve(value);
      }
      if (entry.reloading) entry.revisions.push(change);
    }
  }

  /**
   * Drops the entries under any of `tags` whose value `spoiled` says a change made wrong: a
   * change that only some entries of a tag need to see. A load or reload in flight may or may
   * not have seen the change, so its result is judged the same way when it lands.
   */
  dropWhere(tags: readonly string[], spoiled: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) {
      if (!entry.tags.some((tag) => tags.includes(tag))) continue;
      if (entry.settled && spoiled(entry.settled.value)) this.entries.delete(key);
      else if (!entry.settled || entry.reloading) entry.checks.push(spoiled);
    }
  }

  /** Reloads `key` in the background now (it is known to be running out), answering meanwhile. */
  refresh(key: K, load: () => Promise<V>): void {
    const entry = this.entries.get(key);
    if (entry?.settled) this.reloadInBackground(key, entry, load);
  }

  clear(): void {
    this.entries.clear();
    this.marks.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry of `key` if it may answer (fresh, or stale within `staleForMs` and loaded). */
  private usable(key: K): Entry<K, V> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = this.now() - entry.startedAt;
    const answers =
      age < entry.lifetime || (entry.settled && age < entry.lifetime + this.staleForMs);
    if (answers && !this.changedSince(entry)) return entry;
    this.entries.delete(key);
    return undefined;
  }

  private expired(entry: Entry<K, V>): boolean {
    return this.now() - entry.startedAt >= entry.lifetime;
  }

  private reloadInBackground(key: K, entry: Entry<K, V>, load: () => Promise<V>) {
    if (entry.reloading || this.reloadsInFlight >= this.maxReloadsInFlight) return;
    entry.reloading = true;
    const startedAt = this.now();
    this.reloadsInFlight++;
    load()
      .then(
        (value) => this.replace(key, entry, startedAt, value),
        (error: unknown) => this.reloadFailed(entry, error),
      )
      .finally(() => this.reloadsInFlight--);
  }

  private reloadManyInBackground(
    expired: [K, Entry<K, V>][],
    loadMany: (keys: K[]) => Promise<Map<K, V>>,
  ) {
    if (this.reloadsInFlight >= this.maxReloadsInFlight) return;
    for (const [, entry] of expired) entry.reloading = true;
    const startedAt = this.now();
    this.reloadsInFlight++;
    loadMany(expired.map(([key]) => key))
      .finally(() => this.reloadsInFlight--)
      .then(
        (found) => {
          for (const [key, entry] of expired) {
            const value = found.get(key);
            if (value === undefined) {
              // Gone from the database: the next reader asks again and leaves it out.
              if (this.entries.get(key) === entry) this.entries.delete(key);
            } else this.replace(key, entry, startedAt, value);
          }
        },
        (error: unknown) => {
          for (const [, entry] of expired) this.reloadFailed(entry, error);
        },
      );
  }

  /**
   * A finished reload takes the entry's place (with the revisions made meanwhile), unless
   * dropped, or spoiled by a change made meanwhile (`dropWhere`).
   */
  private replace(key: K, entry: Entry<K, V>, startedAt: number, loaded: V) {
    entry.reloading = false;
    const revisions = entry.revisions.splice(0);
    const checks = entry.checks.splice(0);
    if (this.entries.get(key) !== entry) return;
    const value = revisions.reduce((current, change) => change(current, key), loaded);
    if (checks.some((spoiled) => spoiled(value))) this.entries.delete(key);
    else this.store(key, entry.tags, startedAt, Promise.resolve(value), { value });
  }

  private reloadFailed(entry: Entry<K, V>, error: unknown) {
    entry.reloading = false;
    entry.revisions.length = 0;
    entry.checks.length = 0;
    this.onReloadError(error);
  }

  private changedSince(entry: Entry<K, V>): boolean {
    for (const tag of entry.tags) {
      const mark = this.marks.get(tag);
      if (mark !== undefined && mark >= entry.startedAt) return true;
    }
    return false;
  }

  private store(
    key: K,
    tags: readonly string[],
    startedAt: number,
    value: Promise<V>,
    settled?: { value: V },
  ) {
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) this.sweep();
    const entry: Entry<K, V> = {
      startedAt,
      tags,
      value,
      settled,
      reloading: false,
      revisions: [],
      checks: [],
      lifetime: this.ttlMs * (1 - this.ttlJitter * Math.random()),
    };
    this.entries.delete(key); // re-inserted last: the sweep's "oldest first" stays true
    this.entries.set(key, entry);
    if (entry.settled) return;
    value.then(
      (loaded) => {
        if (this.entries.get(key) !== entry) return;
        if (entry.checks.splice(0).some((spoiled) => spoiled(loaded))) this.entries.delete(key);
        else entry.settled = { value: loaded };
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
  }

  /**
   * Drops expired entries, then the oldest (Maps iterate in insertion order) until a tenth of
   * the room is free. A sweep reads every entry, so it must not run on every insert: evicting
   * one entry at a time made each insert into a full cache scan all of it (20,000 rows, 100
   * inserts a second: bench/orders-lists slowed down round after round as the rows filled up).
   */
  private sweep() {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (now - entry.startedAt >= this.ttlMs + this.staleForMs) this.entries.delete(key);
    }
    const keep = Math.floor(this.maxEntries * 0.9);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= keep) break;
      this.entries.delete(key);
    }
  }
}

interface Entry<K, V> {
  startedAt: number;
  tags: readonly string[];
  value: Promise<V>;
  /** The loaded value, once there is one (what `revise` edits and a stale read may answer). */
  settled: { value: V } | undefined;
  reloading: boolean;
  /** Revisions made while a reload was in flight, applied to its result. */
  revisions: ((value: V, key: K) => V)[];
  /** `dropWhere` judgements made while a load or reload was in flight, applied to its result. */
  checks: ((value: V) => boolean)[];
  /** This entry's TTL (`ttlMs`, shortened by up to `ttlJitter`). */
  lifetime: number;
}

class NotFound extends Error {}

function oneOf<K, V>(found: Map<K, V>, key: K): V {
  const value = found.get(key);
  if (value === undefined) throw new NotFound();
  return value;
}

function undefinedIfNotFound(error: unknown): undefined {
  if (error instanceof NotFound) return undefined;
  throw error;
}
