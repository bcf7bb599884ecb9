import { describe, expect, it } from 'vitest';
import { ownFirstPage } from './dispatcher-board';

const list = (pairs: [number, number][]) => ({
  ids: Int32Array.from(pairs.map(([id]) => id)),
  dispatcherIds: Int32Array.from(pairs.map(([, dispatcher]) => dispatcher)),
  capped: false,
});

describe('ownFirstPage (SPEC §2: own orders first, then the newest)', () => {
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
