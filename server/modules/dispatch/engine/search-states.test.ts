import { describe, expect, it } from 'vitest';
import { confirmationOrder, searchVerdict, stepAfter, stepTally } from './search-states';

const pickup = { name: 'A', lat: 47.16, long: 27.59 };
const searching = {
  state: 'created',
  driver_id: null,
  in_pending_queue: false,
  places: [pickup],
};

describe('the step runner’s states', () => {
  it('goes on while the order is placed, without driver, out of the pending queue, with a pickup', () => {
    expect(searchVerdict(searching)).toBe('search');
  });

  it('ends pinned when the order waits in the pending queue, stopped when it moved on', () => {
    expect(searchVerdict({ ...searching, in_pending_queue: true })).toBe('pinned');
    expect(searchVerdict({ ...searching, state: 'canceled' })).toBe('stopped');
    expect(searchVerdict({ ...searching, driver_id: 7 })).toBe('stopped');
    // Assigned by hand while queued: the driver wins, nothing is pinned.
    expect(searchVerdict({ ...searching, in_pending_queue: true, driver_id: 7 })).toBe('stopped');
    expect(searchVerdict({ ...searching, places: [] })).toBe('stopped');
  });

  it('confirms accepters by rank, the earlier answer first on a tie; under any, first come', () => {
    const a = { rank: 2, answered_ms: 100 };
    const b = { rank: 1, answered_ms: 300 };
    const c = { rank: 1, answered_ms: 200 };
    expect(confirmationOrder([a, b, c], { search_order_by: 'by_distance' })).toEqual([c, b, a]);
    expect(confirmationOrder([a, b, c], { search_order_by: 'any' })).toEqual([a, c, b]);
  });

  it('tallies only the closing step’s offers', () => {
    const offers = [
      { step: 0, answer: 'accepted' },
      { step: 1, answer: 'accepted' },
      { step: 1, answer: 'refused' },
      { step: 1, answer: 'refused' },
      { step: 1, answer: null },
    ];
    const tally = stepTally(offers, 1);
    expect(tally.offers).toHaveLength(4);
    expect(tally.accepted).toEqual([offers[1]]);
    expect(tally.refused).toBe(2);
    expect(stepTally(offers, 2)).toEqual({ offers: [], accepted: [], refused: 0 });
  });

  it('opens the first step, then each next one, and is exhausted after the last', () => {
    expect(stepAfter(-1, 3)).toBe(0);
    expect(stepAfter(0, 3)).toBe(1);
    expect(stepAfter(2, 3)).toBe(null);
    expect(stepAfter(-1, 0)).toBe(null);
  });
});
