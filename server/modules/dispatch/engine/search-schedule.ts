import { fromUtcString } from '@common/lib/dates';
import type { DbOrTx } from '../../../db/client';
import { beginSearch, searchStartSql } from './searches.repo';

/**
 * When an order's search is due, and its start inside the order's own transaction: the part of
 * the engine the orders' write path calls, so it is built before both.
 */
export function createSearchSchedule(deps: { now: () => number; prebookMinutes: number }) {
  /**
   * Now, or for a booking (departure later than the lead time, DISPATCH_PREBOOK_MINUTES) that
   * long before its departure.
   */
  function dueMs(departureTime: string | null): number {
    const at = deps.now();
    if (!departureTime) return at;
    const departure = fromUtcString(departureTime).getTime();
    if (!Number.isFinite(departure)) return at;
    return Math.max(at, departure - deps.prebookMinutes * 60_000);
  }

  return {
    dueMs,
    /** Starts (or restarts, as a new generation) the order's search inside `tx`. */
    begin: (tx: DbOrTx, orderId: number, companyId: number, departureTime: string | null) =>
      beginSearch(tx, orderId, companyId, dueMs(departureTime)),
    /** The same start as a statement's part (placing an order embeds it). */
    startSql: searchStartSql,
  };
}

export type SearchSchedule = ReturnType<typeof createSearchSchedule>;
