import { listOrders } from '@common/orders/orders.api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiWith } from '../api-client';
import { type OrdersQuery, orderKeys } from './order-keys';

/** GET /api/orders with filters (order search, client history, /orders/{type}). */
export function useOrdersList(query: OrdersQuery, enabled = true) {
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => apiWith(listOrders, { signal }, { query }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
