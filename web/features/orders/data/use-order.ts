import { getOrder, getOrderHistory } from '@common/orders/orders.api';
import { useQuery } from '@tanstack/react-query';
import { apiWith } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/orders/order-keys';

/** One order (id > 0); pushes keep it live, a 10 s poll is the safety net. */
export function useOrder(id: number | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiWith(getOrder, { signal }, { params: { id: id ?? 0 } }),
    enabled: id !== null && id > 0,
    refetchInterval: 10_000,
  });
}

/** GET /api/order-history/{orderId}: the processing history and the Timeline tab. */
export function useOrderHistory(id: number, enabled = true) {
  return useQuery({
    queryKey: orderKeys.history(id),
    queryFn: ({ signal }) => apiWith(getOrderHistory, { signal }, { params: { orderId: id } }),
    enabled: enabled && id > 0,
  });
}
