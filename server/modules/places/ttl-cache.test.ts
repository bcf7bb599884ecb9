import { describe, expect, it, vi } from 'vitest';
import { createTtlCache } from './ttl-cache';

/** The address search's per-company cache: one load, stale-while-reload, invalidation. */
function setup() {
  let time = 0;
  let version = 0;
  const pending: ((value: string) => void)[] = [];
  const load = vi.fn(
    (key: number) =>
      new Promise<string>((resolve) => {
        const at = ++version;
        pending.push(() => resolve(`${key}@${at}`));
      }),
  );
  const cache = createTtlCache<number, string>({ ttlMs: 1_000, load, now: () => time });
  const settle = async () => {
    for (const resolve of pending.splice(0)) resolve('');
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { cache, load, settle, advance: (ms: number) => (time += ms) };
}

describe('ttl cache', () => {
  it('loads once for concurrent gets and then answers from memory', async () => {
    const { cache, load, settle } = setup();
    const both = Promise.all([cache.get(1), cache.get(1)]);
    await settle();
    expect(await both).toEqual(['1@1', '1@1']);
    expect(await cache.get(1)).toBe('1@1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers the stale value while one reload runs, then the new one', async () => {
    const { cache, load, settle, advance } = setup();
    const first = cache.get(1);
    await settle();
    await first;
    advance(1_000);
    expect(await cache.get(1)).toBe('1@1');
    expect(await cache.get(1)).toBe('1@1');
    expect(load).toHaveBeenCalledTimes(2);
    await settle();
    expect(await cache.get(1)).toBe('1@2');
  });

  it('after invalidate, never answers a value loaded before it', async () => {
    const { cache, settle } = setup();
    const before = cache.get(1);
    // A write lands while the first load is in flight.
    cache.invalidate(1);
    const after = cache.get(1);
    await settle();
    expect(await before).toBe('1@1');
    expect(await after).toBe('1@2');
    expect(await cache.get(1)).toBe('1@2');
  });

  it('keeps the old value when a reload fails, and reports it', async () => {
    let fail = false;
    let time = 0;
    const onReloadError = vi.fn();
    const cache = createTtlCache<number, number>({
      ttlMs: 10,
      load: async () => {
        if (fail) throw new Error('database down');
        return 7;
      },
      onReloadError,
      now: () => time,
    });
    expect(await cache.get(1)).toBe(7);
    fail = true;
    time = 20;
    expect(await cache.get(1)).toBe(7);
    await vi.waitFor(() => expect(onReloadError).toHaveBeenCalledTimes(1));
    expect(await cache.get(1)).toBe(7);
  });
});
