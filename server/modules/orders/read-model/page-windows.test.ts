import type { Order } from '@common/orders/orders.schema';
import { describe, expect, it } from 'vitest';
import type { ListKey, WindowRead } from './list-keys';
import { listTags } from './list-tags';
import { AHEAD, createPageWindows, DEEP_OFFSET, SLACK } from './page-windows';

/** A newest-first list of one company's orders in memory, read the ways the repository reads it. */
function listOf(size: number) {
  let nextId = 1;
  let second = 0;
  const rows: ListKey[] = [];
  const at = (s: number) =>
    `2026-11-24 ${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  const place = (createdAt = at(second++)) => {
    const key = { created_at: createdAt, id: nextId++ };
    rows.push(key);
    rows.sort((a, b) =>
      a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1,
    );
    return key;
  };
  for (let i = 0; i < size; i++) place();
  let windowReads = 0;
  let betweenReads = 0;
  let aboveReads = 0;
  const newerThan = (a: ListKey, b: ListKey) =>
    a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id);
  const reads = {
    async window(from: number, limit: number): Promise<WindowRead> {
      windowReads++;
      const ids = Int32Array.from(rows.slice(from, from + limit).map((r) => r.id));
      return {
        from,
        ids,
        first: rows[from] ?? null,
        top: rows[0] ?? null,
        head: rows.slice(0, 32).map((r) => r.id),
      };
    },
    async above(top: ListKey | null, limit: number) {
      aboveReads++;
      return rows.filter((r) => !top || newerThan(r, top)).slice(0, limit);
    },
    async between(first: ListKey, top: ListKey, limit: number) {
      betweenReads++;
      return rows
        .filter((r) => newerThan(r, first) && !newerThan(r, top))
        .reverse()
        .slice(0, limit);
    },
  };
  const direct = (offset: number, limit: number) => async () =>
    rows.slice(offset, offset + limit).map((r) => r.id);
  let directReads = 0;
  /** The same read, counted: what the windows fall back to. */
  const fallback = (offset: number, limit: number) => () => {
    directReads++;
    return direct(offset, limit)();
  };
  /** The same reads, except that a window or `between` read waits for `release()` while held. */
  const held = () => {
    let holding = true;
    const waiting: (() => void)[] = [];
    const hold =
      <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
      async (...args: A) => {
        const result = await read(...args);
        if (holding) await new Promise<void>((resolve) => waiting.push(resolve));
        return result;
      };
    return {
      reads: { ...reads, window: hold(reads.window), between: hold(reads.between) },
      hold: (on: boolean) => {
        holding = on;
      },
      release: () => {
        for (const resolve of waiting.splice(0)) resolve();
      },
    };
  };
  return {
    rows,
    place,
    /** An order placed with a time already in the list (below its newest). */
    placeBelowTop: () => place(rows[5]?.created_at),
    remove: (index: number) => rows.splice(index, 1),
    reads,
    held,
    direct,
    fallback,
    directReads: () => directReads,
    windowReads: () => windowReads,
    betweenReads: () => betweenReads,
    aboveReads: () => aboveReads,
  };
}

const company = 7;
const scope = { kind: 'companies' as const, processedBy: [company], billedTo: [] };
const deep = { key: 'c7|page', tags: listTags(scope), offset: DEEP_OFFSET + 30, limit: 15 };

describe('deep pages of GET /api/orders (page windows)', () => {
  it('reads a deep page once, then follows the orders placed above it without reading it again', async () => {
    const list = listOf(DEEP_OFFSET + 500);
    const windows = createPageWindows({ ttlMs: 30_000 });
    const read = () => windows.page(deep, list.reads, list.direct(deep.offset, deep.limit));
    expect(await read()).toEqual(await list.direct(deep.offset, deep.limit)());
    for (let i = 0; i < SLACK / 2; i++) {
      windows.changed([company], list.place());
      if (i % 17 === 0) expect(await read()).toEqual(await list.direct(deep.offset, deep.limit)());
    }
    expect(await read()).toEqual(await list.direct(deep.offset, deep.limit)());
    expect(list.windowReads()).toBe(1);
  });

  it('follows any number of orders placed above it, reading the rows above it by key, never walking again', async () => {
    const list = listOf(DEEP_OFFSET + 500);
    const windows = createPageWindows({ ttlMs: 30_000 });
    const read = () => windows.page(deep, list.reads, list.direct(deep.offset, deep.limit));
    await read();
    for (let step = 0; step < 120; step++) {
      // A few orders placed and told between two requests, as a busy company's are.
      for (let i = 0; i < 1 + (step % 13); i++) windows.changed([company], list.place());
      expect(await read()).toEqual(await list.direct(deep.offset, deep.limit)());
      await new Promise((resolve) => setTimeout(resolve, 0)); // the reads by key land
    }
    expect(list.rows.length).toBeGreaterThan(DEEP_OFFSET + 500 + 3 * SLACK);
    expect(list.windowReads()).toBe(1);
    expect(list.betweenReads()).toBeGreaterThanOrEqual(3);
  });

  it('answers from the window while the rows above it are read, one read at a time', async () => {
    const list = listOf(DEEP_OFFSET + 500);
    const windows = createPageWindows({ ttlMs: 30_000 });
    const slow = list.held();
    slow.hold(false);
    const read = () => windows.page(deep, slow.reads, list.direct(deep.offset, deep.limit));
    await read();
    slow.hold(true);
    for (let i = 0; i <= SLACK / 2; i++) windows.changed([company], list.place());
    expect(await read()).toEqual(await list.direct(deep.offset, deep.limit)());
    expect(list.betweenReads()).toBe(1);
    windows.changed([company], list.place());
    expect(await read()).toEqual(await list.direct(deep.offset, deep.limit)());
    expect(list.betweenReads()).toBe(1);
    slow.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    slow.hold(false);
    for (let i = 0; i < SLACK / 2; i++) windows.changed([company], list.place());
    expect(await read()).toEqual(await list.direct(deep.offset, deep.limit)());
    expect(list.windowReads()).toBe(1);
  });

  it('takes the rows read by key even when orders placed meanwhile moved the page above the window', async () => {
    const list = listOf(DEEP_OFFSET + 500);
    const errors: unknown[] = [];
    const windows = createPageWindows({ ttlMs: 30_000, onRefreshError: (e) => errors.push(e) });
    const slow = list.held();
    slow.hold(false);
    const direct = list.direct(deep.offset, deep.limit);
    const read = () => windows.page(deep, slow.reads, list.fallback(deep.offset, deep.limit));
    await read();
    slow.hold(true);
    // Past half the slack a read by key starts and is held; meanwhile the page moves further
    // above the window than one read by key brings back.
    for (let step = 0; step < 12; step++) {
      for (let i = 0; i < 40; i++) windows.changed([company], list.place());
      expect(await read()).toEqual(await direct());
    }
    slow.hold(false);
    slow.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await read()).toEqual(await direct()); // still above: starts another read by key
    await new Promise((resolve) => setTimeout(resolve, 0));
    const before = list.directReads();
    windows.changed([company], list.place());
    expect(await read()).toEqual(await direct());
    expect(list.directReads()).toBe(before); // from the window again
    expect(list.betweenReads()).toBe(2);
    expect(errors).toEqual([]);
  });

  it("answers a page past the list's end from the window (short, then empty), not from the database", async () => {
    for (const [size, placed] of [
      [deep.offset + 8, 0], // the page's last 7 rows are past the end
      [deep.offset - 40, 0], // the page is past the end
      [deep.offset - 2 * SLACK - 40, 300], // the window itself starts past the end
    ] as const) {
      const list = listOf(size);
      const windows = createPageWindows({ ttlMs: 30_000 });
      const direct = list.direct(deep.offset, deep.limit);
      const read = () => windows.page(deep, list.reads, list.fallback(deep.offset, deep.limit));
      expect(await read()).toEqual(await direct());
      expect(list.directReads()).toBe(0);
      // Orders placed above move the page up, through the end and into the list.
      for (let i = 0; i < Math.max(placed, 30); i++) {
        windows.changed([company], list.place());
        expect(await read()).toEqual(await direct());
        await new Promise((resolve) => setTimeout(resolve, 0)); // reads by key land
      }
      expect(list.windowReads()).toBe(1);
      // Read directly only once the page moved above a window that was read past the end.
      if (placed === 0) expect(list.directReads()).toBe(0);
    }
  });

  it('keeps a window when a placing is told after a request already counted it', async () => {
    const list = listOf(DEEP_OFFSET + 500);
    const windows = createPageWindows({ ttlMs: 30_000 });
    const read = () => windows.page(deep, list.reads, list.direct(deep.offset, deep.limit));
    await read();
    const early = list.place(); // committed; its notification is still on its way
    const later = list.place();
    expect(await read()).toEqual(await list.direct(deep.offset, deep.limit)());
    windows.changed([company], early);
    windows.changed([company], later);
    expect(await read()).toEqual(await list.direct(deep.offset, deep.limit)());
    expect(list.windowReads()).toBe(1);
  });

  it('reads the page directly again once more orders were placed than the window holds', async () => {
    const list = listOf(DEEP_OFFSET + 500);
    const windows = createPageWindows({ ttlMs: 30_000 });
    const read = () => windows.page(deep, list.reads, list.direct(deep.offset, deep.limit));
    await read();
    for (let i = 0; i <= SLACK; i++) list.place();
    expect(await read()).toEqual(await list.direct(deep.offset, deep.limit)());
    expect(await read()).toEqual(await list.direct(deep.offset, deep.limit)());
    expect(list.windowReads()).toBe(2); // the outgrown window was dropped and read anew
  });

  it('drops a window when an order lands below its top, or another change touches its company', async () => {
    const list = listOf(DEEP_OFFSET + 500);
    const windows = createPageWindows({ ttlMs: 30_000 });
    const read = () => windows.page(deep, list.reads, list.direct(deep.offset, deep.limit));
    await read();
    windows.changed([company], list.placeBelowTop());
    expect(await read()).toEqual(await list.direct(deep.offset, deep.limit)());
    expect(list.windowReads()).toBe(2);

    windows.changed([company + 1]); // another company's order: this window stays
    await read();
    expect(list.windowReads()).toBe(2);

    list.remove(3); // e.g. an order that left a states filter
    windows.changed([company]);
    expect(await read()).toEqual(await list.direct(deep.offset, deep.limit)());
    expect(list.windowReads()).toBe(3);
  });

  it('does not keep a window read while a change it may have missed landed', async () => {
    const list = listOf(DEEP_OFFSET + 500);
    const windows = createPageWindows({ ttlMs: 30_000 });
    const slow = list.held();
    const first = windows.page(deep, slow.reads, list.direct(deep.offset, deep.limit));
    await Promise.resolve();
    list.remove(2);
    windows.changed([company]);
    slow.release();
    await first;
    expect(await windows.page(deep, list.reads, list.direct(deep.offset, deep.limit))).toEqual(
      await list.direct(deep.offset, deep.limit)(),
    );
    expect(list.windowReads()).toBe(2);
  });

  it('reads shallow pages directly, and a window again after its lifetime (in the background first)', async () => {
    let clock = 0;
    const list = listOf(DEEP_OFFSET + 500);
    const windows = createPageWindows({ ttlMs: 30_000, now: () => clock });
    const shallow = { ...deep, offset: DEEP_OFFSET - 15 };
    expect(await windows.page(shallow, list.reads, list.direct(shallow.offset, 15))).toEqual(
      await list.direct(shallow.offset, 15)(),
    );
    expect(list.windowReads()).toBe(0);
    const read = () => windows.page(deep, list.reads, list.direct(deep.offset, deep.limit));
    await read();
    clock += 30_000;
    await read(); // answers from the old window, reads a new one behind it
    expect(list.windowReads()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await read();
    expect(list.windowReads()).toBe(2);
    clock += 60_000; // twice the lifetime: too old to answer at all
    await read();
    expect(list.windowReads()).toBe(3);
  });
});

/** The list of these tests holds the live orders; an order as the wire has it, for the matcher. */
const live = () => (order: Order) => order.state === 'created';
const wireOrder = (key: ListKey, state: Order['state'] = 'created') => ({ ...key, state }) as Order;

/**
 * A list with followed windows: `read` asks for the deep page, `placeHere` places an order and
 * tells it as this process does (with the order), `tell` tells of a placing with any order.
 */
function followed(ahead?: (ids: number[]) => void) {
  const list = listOf(DEEP_OFFSET + 500);
  const windows = createPageWindows({ ttlMs: 30_000, ...(ahead ? { ahead } : {}) });
  const direct = list.direct(deep.offset, deep.limit);
  const tell = (key: ListKey, state: Order['state'] = 'created') =>
    windows.changed([company], key, wireOrder(key, state));
  return {
    list,
    windows,
    direct,
    tell,
    read: () => windows.page(deep, list.reads, direct, live),
    placeHere: () => {
      const key = list.place();
      tell(key);
      return key;
    },
  };
}

describe('followed page windows (orders placed through this process)', () => {
  it('count the orders placed here from memory, without reading above their top', async () => {
    const { list, direct, read, placeHere, tell } = followed();
    expect(await read()).toEqual(await direct());
    let next = 1_000_000;
    for (let step = 0; step < 60; step++) {
      for (let i = 0; i < 1 + (step % 7); i++) {
        const placed = placeHere();
        // An order of another list (a draft) placed beside them moves nothing.
        tell({ created_at: placed.created_at, id: next++ }, 'new');
      }
      expect(await read()).toEqual(await direct());
      await new Promise((resolve) => setTimeout(resolve, 0)); // the reads by key land
    }
    expect(list.aboveReads()).toBe(0);
    expect(list.windowReads()).toBe(1);
    expect(list.betweenReads()).toBeGreaterThanOrEqual(1);
  });

  it('count placings told out of order, and drop the window for one told after a newer was counted', async () => {
    const { list, direct, read, tell } = followed();
    await read();
    const early = list.place();
    const later = list.place();
    tell(later);
    tell(early);
    expect(await read()).toEqual(await direct());
    expect(list.windowReads()).toBe(1);
    // Two orders of the same second: the one with the lower id is told after the other counted.
    const second = list.rows[0]?.created_at as string;
    const low = list.place(second);
    const high = list.place(second);
    tell(high);
    // Counts `high`; `low` is committed but not told yet (its placing has not answered).
    await read();
    tell(low);
    expect(await read()).toEqual(await direct());
    expect(list.windowReads()).toBe(2);
    expect(list.aboveReads()).toBe(0);
  });

  it('read above their top once another node tells of a placing, and stay right', async () => {
    const { list, windows, direct, read, placeHere } = followed();
    await read();
    placeHere();
    expect(await read()).toEqual(await direct());
    expect(list.aboveReads()).toBe(0);
    windows.changed([company], list.place()); // another node's: its order is not known here
    for (let i = 0; i < 3; i++) {
      placeHere();
      expect(await read()).toEqual(await direct());
    }
    expect(list.aboveReads()).toBe(3);
    expect(list.windowReads()).toBe(1);
  });

  it('tell which orders the page shows next, as orders placed above it move it', async () => {
    const told: number[][] = [];
    const { list, read, placeHere } = followed((ids) => told.push(ids));
    for (let step = 0; step < 4; step++) {
      await read();
      const next = told.at(-1) ?? [];
      expect(next).toEqual(list.rows.slice(deep.offset - AHEAD, deep.offset).map((r) => r.id));
      for (let i = 0; i < 5; i++) placeHere();
      // The page now starts 5 orders up: every one of them was told ahead.
      expect((await read()).slice(0, 5)).toEqual(next.slice(-5));
    }
  });
});
