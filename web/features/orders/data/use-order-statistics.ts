import { getDispatcherStatistics, getLiveStatistics } from '@common/orders/orders.api';
import { useQuery } from '@tanstack/react-query';
import { apiWith } from '../../../lib/api-client';
import { STATISTICS_POLL_MS } from '../tabs';
import { orderKeys } from './order-keys';

/**
 * The four tab counters (SPEC §7), every 15 s (SPEC §9). Under `orderKeys.statistics` with the
 * top bar's figures: a change refetches both at once, which also keeps their polls in step.
 */
export function useDispatcherStatistics() {
  return useQuery({
    queryKey: orderKeys.tabCounts,
    queryFn: ({ signal }) => apiWith(getDispatcherStatistics, { signal }),
    refetchInterval: STATISTICS_POLL_MS,
  });
}

/** The top bar's 24 h and driver figures (SPEC §2), at the counters' rate and with them. */
export function useLiveStatistics() {
  return useQuery({
    queryKey: orderKeys.liveStatistics,
    queryFn: ({ signal }) => apiWith(getLiveStatistics, { signal }),
    refetchInterval: STATISTICS_POLL_MS,
  });
}
