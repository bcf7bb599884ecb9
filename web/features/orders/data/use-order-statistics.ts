import { getDispatcherStatistics, getLiveStatistics } from '@common/orders/orders.api';
import { useQuery } from '@tanstack/react-query';
import { apiWith } from '../../../lib/api-client';
import { orderKeys } from './order-keys';
import { STATISTICS_POLL_MS } from '../tabs';

/** The four tab counters (SPEC §7), every 15 s (SPEC §9). */
export function useDispatcherStatistics() {
  return useQuery({
    queryKey: orderKeys.statistics,
    queryFn: ({ signal }) => apiWith(getDispatcherStatistics, { signal }),
    refetchInterval: STATISTICS_POLL_MS,
  });
}

/** The top bar's 24 h and driver figures (SPEC §2), at the counters' rate. */
export function useLiveStatistics() {
  return useQuery({
    queryKey: orderKeys.liveStatistics,
    queryFn: ({ signal }) => apiWith(getLiveStatistics, { signal }),
    refetchInterval: STATISTICS_POLL_MS,
  });
}
