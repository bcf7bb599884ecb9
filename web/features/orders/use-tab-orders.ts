import { useQuery } from '@tanstack/react-query';
import { apiWith } from '../../lib/api-client';
import { orderKeys } from './order-keys';
import { TABS, type TabId } from './tabs';

/** One tab's orders, polled at its SPEC §9 rate (3 s in call, 10 s the others). */
export function useTabOrders(tab: TabId, search: string) {
  const { endpoint, pollMs } = TABS[tab];
  const term = search.trim();
  return useQuery({
    queryKey: orderKeys.tab(tab, term),
    queryFn: ({ signal }) =>
      apiWith(endpoint, { signal }, { query: { search: term || undefined, per_page: 50 } }),
    refetchInterval: pollMs,
    // Typing in the search box keeps the previous rows until the new ones arrive.
    placeholderData: (previous) => previous,
  });
}
