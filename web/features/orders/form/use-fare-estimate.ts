import { estimateFare } from '@common/money/tariffs.api';
import type { FareEstimate } from '@common/money/tariffs.schema';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { apiWith, isApiError } from '../../../lib/api-client';
import { localInputsToUtc } from '../../../lib/dates';
import { type OrderDraft, pricedPlaces } from './order-form';

/** The form settles for this long before asking: typing a time asks once, not per key. */
export const ESTIMATE_DEBOUNCE_MS = 500;

/**
 * What the trip would cost (POST /api/fare-estimates), once the pickup and one more place have
 * coordinates; null before, and when the company has no tariff (404) or the server fails (the
 * form works without it).
 */
export function useFareEstimate(
  draft: Pick<OrderDraft, 'places' | 'service_id' | 'departure'>,
  enabled: boolean,
): FareEstimate | null {
  const places = pricedPlaces(draft);
  const departure = draft.departure && localInputsToUtc(draft.departure.date, draft.departure.time);
  const body =
    enabled && places.length >= 2
      ? {
          service_id: draft.service_id,
          places,
          ...(departure ? { departure_time: departure } : {}),
        }
      : null;
  // Compared by value: the draft is a new object on every keystroke.
  const [settled] = useDebouncedValue(
    body === null ? null : JSON.stringify(body),
    ESTIMATE_DEBOUNCE_MS,
  );
  const query = useQuery({
    queryKey: ['fare-estimate', settled],
    queryFn: async ({ signal }) => {
      try {
        return await apiWith(estimateFare, { signal }, { body: JSON.parse(settled ?? '{}') });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    enabled: settled !== null,
    staleTime: 60_000,
    retry: false,
  });
  // An answer for places since changed is not shown while the new one is awaited.
  if (body === null || settled !== JSON.stringify(body)) return null;
  return query.data ?? null;
}
