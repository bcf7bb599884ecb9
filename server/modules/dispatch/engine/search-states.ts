import type { SearchItem } from '@common/dispatch/search-method.schema';
import type { OfferRow, SearchOrder } from './searches.repo';

/**
 * The step runner's decisions, apart from its reads and writes (search-runner.ts): whether a
 * search goes on, which accepter is confirmed first, what a step that found nobody leaves, and
 * which step comes next.
 */

/** Whether the order still wants a driver from this search, or how its search ends. */
export function searchVerdict(
  order: Pick<SearchOrder, 'state' | 'driver_id' | 'in_pending_queue' | 'places'>,
): 'search' | 'pinned' | 'stopped' {
  const searching =
    order.state === 'created' && order.driver_id === null && !order.in_pending_queue;
  if (!searching) return order.in_pending_queue && order.driver_id === null ? 'pinned' : 'stopped';
  // A placed order always has its pickup; an edited database might not.
  return order.places.length === 0 ? 'stopped' : 'search';
}

type Answered = Pick<OfferRow, 'rank' | 'answered_ms'>;

/** The accepters in the order they are confirmed: by rank, or first come under 'any'. */
export const confirmationOrder = <T extends Answered>(
  accepted: readonly T[],
  item: Pick<SearchItem, 'search_order_by'>,
): T[] =>
  [...accepted].sort((a, b) =>
    item.search_order_by === 'any'
      ? (a.answered_ms ?? 0) - (b.answered_ms ?? 0)
      : a.rank - b.rank || (a.answered_ms ?? 0) - (b.answered_ms ?? 0),
  );

/** A closing step's offers and what became of them. */
export function stepTally<T extends Pick<OfferRow, 'step' | 'answer'>>(
  offers: readonly T[],
  step: number,
) {
  const ofStep = offers.filter((o) => o.step === step);
  return {
    offers: ofStep,
    accepted: ofStep.filter((o) => o.answer === 'accepted'),
    refused: ofStep.filter((o) => o.answer === 'refused').length,
  };
}

/** The step after `step` (-1: none opened yet), or null when the plan has no more. */
export const stepAfter = (step: number, planLength: number): number | null =>
  step + 1 < planLength ? step + 1 : null;
