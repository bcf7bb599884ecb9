import { getOrder, getOrderHistory, listOrders } from '@common/orders/orders.api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiWith } from '../../../lib/api-client';
import { type OrdersQuery, orderKeys } from './order-keys';

/** One order (id > 0); pushes keep it live, a 10 s poll is the safety net (SPEC §9). */
export function useOrder(id: number | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiWith(getOrder, { signal }, { params: { id: id ?? 0 } }),
    enabled: id !== null && id > 0,
    refetchInterval: 10_000,
  });
}

/** SPEC §7 GET /api/order-history/{orderId}: the processing history and the Timeline tab. */
export function useOrderHistory(id: number, enabled = true) {
  return useQuery({
    queryKey: orderKeys.history(id),
    queryFn: ({ signal }) => apiWith(getOrderHistory, { signal }, { params: { orderId: id } }),
    enabled: enabled && id > 0,
  });
}

/** SPEC §7 GET /api/orders with filters (order search, client history, /orders/{type}). */
export function useOrdersList(query: OrdersQuery, enabled = true) {
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => apiWith(listOrders, { signal }, { query }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
