import { ORDER_COUNT_CAP } from '@common/orders/orders.schema';
import { describe, expect, it } from 'vitest';
import { ownFirstPage, tabsOfNew, withNewest } from './dispatcher-board';

const list = (pairs: [number, number][]) => ({
  ids: Int32Array.from(pairs.map(([id]) => id)),
  dispatcherIds: Int32Array.from(pairs.map(([, dispatcher]) => dispatcher)),
  capped: false,
});

describe('ownFirstPage (own orders first, then the newest)', () => {
  // Newest first; dispatcher 7 is the caller, 0 means no dispatcher.
  const tab = list([
    [10, 3],
    [9, 7],
    [8, 0],
    [7, 7],
    [6, 3],
  ]);

  it('puts the caller’s orders first, each group newest first', () => {
    expect(ownFirstPage(tab, 7, 1, 10)).toEqual([9, 7, 10, 8, 6]);
  });

  it('pages across the boundary between own and other orders', () => {
    expect(ownFirstPage(tab, 7, 1, 2)).toEqual([9, 7]);
    expect(ownFirstPage(tab, 7, 2, 2)).toEqual([10, 8]);
    expect(ownFirstPage(tab, 7, 3, 2)).toEqual([6]);
    expect(ownFirstPage(tab, 7, 4, 2)).toEqual([]);
  });

  it('is the plain newest-first order for someone with no orders in the tab', () => {
    expect(ownFirstPage(tab, 99, 1, 10)).toEqual([10, 9, 8, 7, 6]);
  });
});

describe('tabsOfNew (which cached tabs a new order makes stale)', () => {
  it('puts a placed order in Confirmate, and in Live only when kept in a call', () => {
    expect(tabsOfNew({ state: 'created', always_in_call: false, call: null })).toEqual(['live']);
    // The same two tabs, in the order of TAB_IDS.
    expect(tabsOfNew({ state: 'created', always_in_call: true, call: null })).toEqual([
      'in-call',
      'live',
    ]);
  });

  it('leaves every tab alone for a draft, unless it is kept in a call', () => {
    expect(tabsOfNew({ state: 'new', always_in_call: false, call: null })).toEqual([]);
    expect(tabsOfNew({ state: 'new', always_in_call: true, call: null })).toEqual(['in-call']);
  });
});

describe('withNewest (a new order patched into a cached tab list)', () => {
  it('puts the order first with its dispatcher', () => {
    const patched = withNewest(
      list([
        [5, 3],
        [4, 0],
      ]),
      { id: 6, dispatcher_id: 7 },
    );
    expect([...patched.ids]).toEqual([6, 5, 4]);
    expect([...patched.dispatcherIds]).toEqual([7, 3, 0]);
    expect(patched.capped).toBe(false);
  });

  it('leaves a list alone that a load already read the order into', () => {
    const loaded = list([
      [6, 7],
      [5, 3],
    ]);
    expect(withNewest(loaded, { id: 6, dispatcher_id: 7 })).toBe(loaded);
  });

  it('stays within ORDER_COUNT_CAP, dropping the oldest and saying there are more', () => {
    const full = list(Array.from({ length: ORDER_COUNT_CAP }, (_, i) => [ORDER_COUNT_CAP - i, 1]));
    const patched = withNewest(full, { id: ORDER_COUNT_CAP + 1, dispatcher_id: null });
    expect(patched.ids.length).toBe(ORDER_COUNT_CAP);
    expect(patched.ids[0]).toBe(ORDER_COUNT_CAP + 1);
    expect(patched.ids[ORDER_COUNT_CAP - 1]).toBe(2);
    expect(patched.dispatcherIds[0]).toBe(0);
    expect(patched.capped).toBe(true);
  });
});
