import type { Order } from '@common/orders/orders.schema';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { apiWith } from '../../../lib/api-client';
import type { OrderPage } from '../../../lib/orders/order-cache';
import { orderKeys } from '../../../lib/orders/order-keys';
import { TABS, type TabId } from '../tabs';

/** Rows per request: one page of GET /api/dispatcher-orders/{tab} (per_page ≤ 100). */
export const TAB_PAGE_SIZE = 50;

export interface TabOrders {
  /** The shown pages' rows, each order once (a poll can move a row across a page edge). */
  orders: Order[];
  /** The tab's full size, as its counter. */
  total: number;
  isPending: boolean;
  /** Page 1 failed (its last poll): the tab shows the error instead of rows. */
  error: Error | null;
  /** A further page failed (its poll retries it). */
  moreError: Error | null;
  /** More rows than the shown pages hold. */
  hasMore: boolean;
  loadingMore: boolean;
  showMore: () => void;
}

/**
 * One tab's orders, polled at its rate (3 s in call, 10 s the others). It shows one
 * page, and a page more each time the list asks (a tab no longer stops silently at
 * 50). Every shown page is its own query, so each keeps its poll, and the socket patches each
 * like the first (order-cache). A new search starts again at one page.
 */
export function useTabOrders(tab: TabId, search: string): TabOrders {
  const { endpoint, pollMs } = TABS[tab];
  const term = search.trim();
  const [shown, setShown] = useState({ term, pages: 1 });
  const pages = shown.term === term ? shown.pages : 1;
  const results = useQueries({
    queries: Array.from({ length: pages }, (_, index) => ({
      queryKey: orderKeys.tab(tab, term, index + 1),
      queryFn: ({ signal }: { signal: AbortSignal }): Promise<OrderPage> =>
        apiWith(
          endpoint,
          { signal },
          { query: { search: term || undefined, per_page: TAB_PAGE_SIZE, page: index + 1 } },
        ),
      refetchInterval: pollMs,
      // Typing in the search box keeps the previous rows until the new ones arrive.
      placeholderData: (previous: OrderPage | undefined) => previous,
    })),
  });

  const seen = new Set<number>();
  const orders: Order[] = [];
  for (const result of results) {
    for (const order of result.data?.data ?? []) {
      if (seen.has(order.id)) continue;
      seen.add(order.id);
      orders.push(order);
    }
  }
  const first = results[0];
  const last = results[results.length - 1];
  const total = first?.data?.meta.total ?? 0;
  const loadingMore = pages > 1 && last?.data === undefined && !last?.error;
  return {
    orders,
    total,
    isPending: first?.isPending ?? true,
    error: first?.error ?? null,
    moreError: pages > 1 && last?.data === undefined ? (last?.error ?? null) : null,
    hasMore: total > pages * TAB_PAGE_SIZE,
    loadingMore,
    showMore: () => setShown({ term, pages: pages + 1 }),
  };
}
