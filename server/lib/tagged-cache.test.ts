import { describe, expect, it, vi } from 'vitest';
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

/** A load that finishes when the test says so. */
function deferred<T>() {
  let release: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { load: () => promise, release: (value: T) => release(value) };
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
    const { load, release } = deferred<number>();
    const inFlight = cache.get('a', ['t'], load);
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

  it('makes room in a full cache a tenth at a time, oldest first (not one scan per insert)', async () => {
    let now = 0;
    const cache = new TaggedCache<number, number>({
      ttlMs: 1_000,
      maxEntries: 100,
      now: () => now,
    });
    for (let key = 0; key < 100; key++) cache.set(key, [], key);
    now += 10;
    cache.set(100, [], 100);
    expect(cache.size).toBe(91); // 90 kept + the new one
    expect(cache.peek(9)).toBeUndefined();
    expect(await cache.peek(10)).toBe(10);
    for (let key = 101; key < 110; key++) cache.set(key, [], key);
    expect(cache.size).toBe(100); // the next nine inserts needed no sweep
    expect(await cache.peek(10)).toBe(10);
  });

  it('runs at most maxReloadsInFlight background reloads; a stale entry found meanwhile waits its turn', async () => {
    let now = 0;
    const cache = new TaggedCache<string, number>({
      ttlMs: 100,
      staleForMs: 10_000,
      maxReloadsInFlight: 1,
      now: () => now,
    });
    await cache.get('a', [], () => Promise.resolve(1));
    await cache.get('b', [], () => Promise.resolve(1));
    now += 100;
    const a = deferred<number>();
    let bLoads = 0;
    const loadB = () => {
      bLoads++;
      return Promise.resolve(2);
    };
    expect(await cache.get('a', [], a.load)).toBe(1); // stale answer, reload of a in flight
    expect(await cache.get('b', [], loadB)).toBe(1); // stale answer, no second reload yet
    expect(bLoads).toBe(0);
    a.release(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('a', [], a.load)).toBe(2);
    expect(await cache.get('b', [], loadB)).toBe(1); // its turn now
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(bLoads).toBe(1);
    expect(await cache.get('b', [], loadB)).toBe(2);

    now += 100;
    const many = deferred<Map<string, number>>();
    const first = await cache.getMany(['a', 'b'], () => [], many.load);
    expect([...first.values()]).toEqual([2, 2]);
    let second = 0;
    await cache.getMany(
      ['a'],
      () => [],
      () => {
        second++;
        return Promise.resolve(new Map([['a', 4]]));
      },
    );
    expect(second).toBe(0); // the batch of a and b is still in flight
    many.release(
      new Map([
        ['a', 3],
        ['b', 3],
      ]),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('b', [], loadB)).toBe(3);
  });

  it('dropWhere drops the spoiled entries of a tag, and judges loads in flight when they land', async () => {
    const { cache, loader } = setup();
    await cache.get('low', ['c1'], loader(1));
    await cache.get('high', ['c1'], loader(9));
    await cache.get('other', ['c2'], loader(1));
    const spoiledLoad = deferred<number>();
    const spoiledLoading = cache.get('loading-low', ['c1'], spoiledLoad.load);
    const soundLoad = deferred<number>();
    const soundLoading = cache.get('loading-high', ['c1'], soundLoad.load);
    cache.dropWhere(['c1'], (value) => value < 5);
    spoiledLoad.release(1);
    soundLoad.release(7);
    expect(await spoiledLoading).toBe(1); // its reader still gets it…
    expect(await soundLoading).toBe(7);
    expect(cache.peek('low')).toBeUndefined();
    expect(cache.peek('loading-low')).toBeUndefined(); // …but it is not kept
    expect(await cache.peek('loading-high')).toBe(7);
    expect(await cache.peek('high')).toBe(9);
    expect(await cache.peek('other')).toBe(1);
  });

  it('dropWhere judges a background reload in flight when it lands', async () => {
    const { cache, loader } = setup();
    await cache.get('a', ['c1'], loader(9));
    const reload = deferred<number>();
    cache.refresh('a', reload.load);
    cache.dropWhere(['c1'], (value) => value < 5); // the loaded 9 is sound
    expect(await cache.peek('a')).toBe(9);
    reload.release(2); // the reload read a value the change spoils
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.peek('a')).toBeUndefined();
  });

  it('refresh reloads a loaded entry in the background and answers meanwhile', async () => {
    const { cache, loader, loads } = setup();
    await cache.get('a', [], loader(1));
    const next = deferred<number>();
    cache.refresh('a', next.load);
    expect(await cache.get('a', [], loader(3))).toBe(1);
    next.release(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('a', [], loader(3))).toBe(2);
    expect(loads()).toBe(1);
  });

  describe('stale-while-reload (staleForMs)', () => {
    /** A cache whose loads wait for `settle()`, so a test sees what answers meanwhile. */
    function slowSetup() {
      let now = 0;
      let version = 0;
      const waiting: (() => void)[] = [];
      const onReloadError = vi.fn();
      const cache = new TaggedCache<string, string>({
        ttlMs: 1_000,
        staleForMs: 5_000,
        onReloadError,
        now: () => now,
      });
      let failNext = false;
      const load = vi.fn(
        () =>
          new Promise<string>((resolve, reject) => {
            const at = ++version;
            const fail = failNext;
            waiting.push(() => (fail ? reject(new Error('database down')) : resolve(`v${at}`)));
          }),
      );
      const settle = async () => {
        for (const release of waiting.splice(0)) release();
        await new Promise((resolve) => setImmediate(resolve));
      };
      const loaded = async (key = 'a', tags = ['t']) => {
        const first = cache.get(key, tags, load);
        await settle();
        return first;
      };
      /** What the next reader gets, its load (if any) let through. */
      const nextRead = async () => {
        const next = cache.get('a', ['t'], load);
        await settle();
        return next;
      };
      return {
        cache,
        load,
        settle,
        loaded,
        nextRead,
        onReloadError,
        failNextLoad: () => {
          failNext = true;
        },
        tick: (ms: number) => {
          now += ms;
        },
      };
    }

    it('answers the stale value while one reload runs, then the reloaded one', async () => {
      const { cache, load, settle, loaded, tick } = slowSetup();
      expect(await loaded()).toBe('v1');
      tick(1_000);
      expect(await cache.get('a', ['t'], load)).toBe('v1');
      expect(await cache.get('a', ['t'], load)).toBe('v1');
      expect(load).toHaveBeenCalledTimes(2); // one reload for both readers
      await settle();
      expect(await cache.get('a', ['t'], load)).toBe('v2');
    });

    it('never answers an invalidated value, stale or not', async () => {
      const { cache, loaded, nextRead, tick } = slowSetup();
      await loaded();
      tick(1_500);
      cache.invalidate(['t']);
      expect(await nextRead()).toBe('v2');
    });

    it('does not keep a reload that started before an invalidation', async () => {
      const { cache, load, settle, loaded, nextRead, tick } = slowSetup();
      await loaded();
      tick(1_000);
      expect(await cache.get('a', ['t'], load)).toBe('v1'); // starts reload v2
      tick(1);
      cache.invalidate(['t']); // a write completes while v2 is read
      await settle(); // v2 lands: older than the write
      expect(await nextRead()).toBe('v3');
    });

    it('waits for a load once the value is older than ttl + staleForMs', async () => {
      const { loaded, nextRead, tick } = slowSetup();
      await loaded();
      tick(6_000);
      expect(await nextRead()).toBe('v2');
    });

    it('keeps answering the stale value when a reload fails, and reports it', async () => {
      const { cache, load, settle, loaded, onReloadError, failNextLoad, tick } = slowSetup();
      await loaded();
      tick(1_000);
      failNextLoad();
      expect(await cache.get('a', ['t'], load)).toBe('v1');
      await settle();
      expect(onReloadError).toHaveBeenCalledTimes(1);
      expect(await cache.get('a', ['t'], load)).toBe('v1');
    });

    it('reloads the stale keys of a batch in one background call', async () => {
      let now = 0;
      const cache = new TaggedCache<number, string>({
        ttlMs: 100,
        staleForMs: 1_000,
        now: () => now,
      });
      const calls: number[][] = [];
      const loadMany = async (keys: number[]) => {
        calls.push(keys);
        return new Map(keys.filter((k) => k !== 3).map((k) => [k, `${k}@${calls.length}`]));
      };
      await cache.getMany([1, 2, 3], () => [], loadMany);
      now = 100;
      const stale = await cache.getMany([1, 2, 4], () => [], loadMany);
      expect([...stale]).toEqual([
        [1, '1@1'],
        [2, '2@1'],
        [4, '4@2'],
      ]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(calls).toEqual([[1, 2, 3], [4], [1, 2]]);
      expect([...(await cache.getMany([1, 2], () => [], loadMany))]).toEqual([
        [1, '1@3'],
        [2, '2@3'],
      ]);
    });
  });

  describe('revise', () => {
    it('edits the loaded entries of a tag in place, and only those', async () => {
      const { cache, loader, loads } = setup();
      await cache.get('a', ['c1:live'], loader(1));
      await cache.get('b', ['c2:live'], loader(10));
      cache.revise('c1:live', (value) => value + 1);
      expect(await cache.get('a', ['c1:live'], loader(99))).toBe(2);
      expect(await cache.get('b', ['c2:live'], loader(99))).toBe(10);
      expect(loads()).toBe(2);
    });

    it('applies a revision made during a reload to what the reload brings', async () => {
      let now = 0;
      const cache = new TaggedCache<string, number[]>({
        ttlMs: 100,
        staleForMs: 1_000,
        now: () => now,
      });
      await cache.get('a', ['t'], async () => [1]);
      now = 100;
      let release: (value: number[]) => void = () => {};
      const reload = () =>
        new Promise<number[]>((resolve) => {
          release = resolve;
        });
      expect(await cache.get('a', ['t'], reload)).toEqual([1]); // the reload starts
      const add = (n: number) => (list: number[]) => (list.includes(n) ? list : [n, ...list]);
      cache.revise('t', add(2)); // a write lands while it reads
      expect(await cache.get('a', ['t'], reload)).toEqual([2, 1]);
      release([1]); // read before the write
      await new Promise((resolve) => setImmediate(resolve));
      expect(await cache.get('a', ['t'], reload)).toEqual([2, 1]);
    });

    it('spreads the entries’ lifetimes with ttlJitter, never beyond the TTL', async () => {
      let now = 0;
      const cache = new TaggedCache<number, number>({
        ttlMs: 1_000,
        ttlJitter: 0.5,
        now: () => now,
      });
      const keys = Array.from({ length: 200 }, (_, i) => i);
      for (const key of keys) await cache.get(key, [], async () => 0);
      now = 750;
      let reloaded = 0;
      for (const key of keys) await cache.get(key, [], async () => ++reloaded);
      expect(reloaded).toBeGreaterThan(20); // about half expire before 750 ms…
      expect(reloaded).toBeLessThan(180);
      now = 1_000;
      const fresh = keys.filter((key) => cache.peek(key) !== undefined).length;
      expect(fresh).toBe(reloaded); // …and every first copy by 1,000 ms
    });

    it('drops an entry still loading: its load may predate the change', async () => {
      const { cache, loader } = setup();
      const { load, release } = deferred<number>();
      const inFlight = cache.get('a', ['t'], load);
      cache.revise('t', (value) => value + 1);
      release(1);
      expect(await inFlight).toBe(1);
      expect(await cache.get('a', ['t'], loader(5))).toBe(5);
    });
  });
});
