import { getDispatcherStatistics, getLiveStatistics } from '@common/orders/orders.api';
import { useQuery } from '@tanstack/react-query';
import { apiWith } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/orders/order-keys';
import { STATISTICS_POLL_MS } from '../tabs';

/**
 * The four tab counters, every 15 s. Under `orderKeys.statistics` with the
 * top bar's figures: a change refetches both at once, which also keeps their polls in step.
 */
export function useDispatcherStatistics() {
  return useQuery({
    queryKey: orderKeys.tabCounts,
    queryFn: ({ signal }) => apiWith(getDispatcherStatistics, { signal }),
    refetchInterval: STATISTICS_POLL_MS,
  });
}

/** The top bar's 24 h and driver figures, at the counters' rate and with them. */
export function useLiveStatistics() {
  return useQuery({
    queryKey: orderKeys.liveStatistics,
    queryFn: ({ signal }) => apiWith(getLiveStatistics, { signal }),
    refetchInterval: STATISTICS_POLL_MS,
  });
}
