import { describe, expect, it } from 'vitest';
import { TaggedCache } from './tagged-cache';

function setup(ttlMs = 1_000) {
  let now = 0;
  const cache = new TaggedCache<string, number>({ ttlMs, maxEntries: 4, now: () => now });
  let loads = 0;
  const loader = (value: number) => () => {
    loads++;
    return Promise.resolve(value);
  };
  return {
    cache,
    loader,
    loads: () => loads,
    tick: (ms: number) => {
      now += ms;
    },
  };
}

describe('TaggedCache', () => {
  it('keeps a value for its lifetime, then loads again', async () => {
    const { cache, loader, loads, tick } = setup();
    expect(await cache.get('a', ['t'], loader(1))).toBe(1);
    tick(999);
    expect(await cache.get('a', ['t'], loader(2))).toBe(1);
    tick(1);
    expect(await cache.get('a', ['t'], loader(3))).toBe(3);
    expect(loads()).toBe(2);
  });

  it('shares one load between concurrent readers', async () => {
    const { cache, loads } = setup();
    let release: (value: number) => void = () => {};
    const slow = () =>
      new Promise<number>((resolve) => {
        release = resolve;
      });
    let calls = 0;
    const counted = () => {
      calls++;
      return slow();
    };
    const readers = [cache.get('a', [], counted), cache.get('a', [], counted)];
    release(7);
    expect(await Promise.all(readers)).toEqual([7, 7]);
    expect(calls).toBe(1);
    expect(loads()).toBe(0);
  });

  it('drops entries of an invalidated tag, and only those', async () => {
    const { cache, loader, tick } = setup();
    await cache.get('a', ['c1:live'], loader(1));
    await cache.get('b', ['c2:live'], loader(1));
    tick(10);
    cache.invalidate(['c1:live']);
    expect(await cache.get('a', ['c1:live'], loader(2))).toBe(2);
    expect(await cache.get('b', ['c2:live'], loader(2))).toBe(1);
  });

  it('treats a load still in flight at invalidation as stale (never older than a seen write)', async () => {
    const { cache, tick } = setup();
    let release: (value: number) => void = () => {};
    const inFlight = cache.get(
      'a',
      ['t'],
      () =>
        new Promise<number>((resolve) => {
          release = resolve;
        }),
    );
    tick(5);
    cache.invalidate(['t']); // a write completed while the load ran
    release(1);
    expect(await inFlight).toBe(1); // its own caller gets what it asked for…
    expect(await cache.get('a', ['t'], () => Promise.resolve(2))).toBe(2); // …later readers do not
  });

  it('does not keep a failed load', async () => {
    const { cache, loader } = setup();
    await expect(cache.get('a', [], () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get('a', [], loader(1))).toBe(1);
  });

  it('loads only the missing keys of a batch, in one call, and leaves out unknown keys', async () => {
    const { cache, loader } = setup();
    await cache.get('a', [], loader(1));
    const asked: string[][] = [];
    const found = await cache.getMany(
      ['a', 'b', 'zz'],
      () => [],
      async (missing) => {
        asked.push(missing);
        return new Map(missing.filter((k) => k !== 'zz').map((k) => [k, 2]));
      },
    );
    expect(asked).toEqual([['b', 'zz']]);
    expect([...found]).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(await cache.get('zz', [], loader(3))).toBe(3);
  });

  it('stays within its size bound', async () => {
    const { cache, loader } = setup();
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f']) await cache.get(key, [], loader(1));
    expect(cache.size).toBeLessThanOrEqual(4);
  });
});
