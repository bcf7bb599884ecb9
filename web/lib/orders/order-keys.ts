import type { ListOrdersQuerySchema } from '@common/orders/orders.schema';
import type { TabId } from '@common/orders/orders.tabs';
import type { z } from 'zod';

/** GET /api/orders parameters as sent (states comma-joined). */
export type OrdersQuery = z.input<typeof ListOrdersQuerySchema>;

/** TanStack Query keys of orders: shared, so every list of orders is patched by the order pushes. */
export const orderKeys = {
  all: ['orders'] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  tabs: ['orders', 'tab'] as const,
  tab: (tab: TabId, search: string, page = 1) => ['orders', 'tab', tab, search, page] as const,
  lists: ['orders', 'list'] as const,
  list: (query: OrdersQuery) => ['orders', 'list', query] as const,
  /**
   * Both counters of the console: invalidating this refetches the tab counts and the top bar's
   * 24 h counts together, so the two never disagree after a change.
   */
  statistics: ['orders', 'statistics'] as const,
  /** GET /api/dispatcher-orders/statistics: the four tab counts. */
  tabCounts: ['orders', 'statistics', 'tabs'] as const,
  /** GET /api/dispatcher-orders/live-statistics: the top bar's figures. */
  liveStatistics: ['orders', 'statistics', 'live'] as const,
  history: (id: number) => ['orders', 'history', id] as const,
};
