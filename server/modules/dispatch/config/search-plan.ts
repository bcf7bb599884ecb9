import { bucharestMoment, firstMatching } from '@common/dispatch/interval-match';
import { DEFAULT_SEARCH_ITEM, type SearchPlan } from '@common/dispatch/search-method.schema';
import type { DbOrTx } from '../../../db/client';
import { dispatchDefaultsOf } from '../../companies/settings.repo';
import { activePriorityDriverIds } from './priority.repo';
import { listIntervals } from './search-config.repo';

/**
 * What the dispatch engine reads of the search configuration (docs/DISPATCH.md
 * '## Search configuration'). Both read PostgreSQL on every call, so every node sees an edit at
 * once; a search copies its plan when it starts.
 */

/**
 * The steps a search started at `nowMs` follows: those of the company's first interval, in
 * position order, that applies at that moment on the Bucharest clock (interval-match.ts); none
 * applies → the company's dispatch defaults (its /settings step) on no method, or when it has
 * none the default search step.
 */
export async function planFor(db: DbOrTx, companyId: number, nowMs: number): Promise<SearchPlan> {
  const intervals = await listIntervals(db, companyId);
  const match = firstMatching(intervals, bucharestMoment(nowMs));
  if (!match) {
    // The company's own default step (/settings) before the built-in one.
    const own = await dispatchDefaultsOf(db, companyId);
    return { method_id: null, interval_id: null, items: [own ?? DEFAULT_SEARCH_ITEM] };
  }
  return {
    method_id: match.search_method_id,
    interval_id: match.id,
    items: match.search_method.definitions.items,
  };
}

/**
 * The drivers the companies' priority intervals put first right now (from ≤ nowUtc ≤ to;
 * `nowUtc` as stored, 'YYYY-MM-DD HH:mm:ss' UTC): one indexed query.
 */
export function priorityDriverIds(
  db: DbOrTx,
  companyIds: number[],
  nowUtc: string,
): Promise<Set<number>> {
  return activePriorityDriverIds(db, companyIds, nowUtc);
}
