import type { ListOrdersQuerySchema } from '@common/orders/orders.schema';
import type { z } from 'zod';
import type { TabId } from '../tabs';

/** GET /api/orders parameters as sent (states comma-joined). */
export type OrdersQuery = z.input<typeof ListOrdersQuerySchema>;

/** TanStack Query keys of the orders feature (aesthetics-anchors §3.8). */
export const orderKeys = {
  all: ['orders'] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  tabs: ['orders', 'tab'] as const,
  tab: (tab: TabId, search: string, page = 1) => ['orders', 'tab', tab, search, page] as const,
  lists: ['orders', 'list'] as const,
  list: (query: OrdersQuery) => ['orders', 'list', query] as const,
  statistics: ['orders', 'statistics'] as const,
  liveStatistics: ['orders', 'live-statistics'] as const,
  history: (id: number) => ['orders', 'history', id] as const,
};
