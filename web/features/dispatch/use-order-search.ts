import { getDispatchTrace, getOrderDrivers } from '@common/dispatch/dispatch.api';
import type { DriverSearch } from '@common/dispatch/dispatch.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiWith } from '../../lib/api-client';
import { useSocketEvent } from '../../lib/use-socket-event';
import { dispatchKeys } from './dispatch-keys';

/**
 * Driver search panel: the drivers of the order's search (GET
 * /order-drivers), kept live by `ws_order_drivers:{id}`, which carries the whole list. Each
 * push also marks the dispatch trace stale (a step opened, a driver answered), so an open
 * 'De ce?' reads it again. The reconnect refetch of the RealtimeBridge repairs missed pushes.
 */
export function useOrderSearch(orderId: number, enabled = true) {
  const queryClient = useQueryClient();
  useSocketEvent(
    enabled ? (`ws_order_drivers:${orderId}` as const) : null,
    (search: DriverSearch) => {
      queryClient.setQueryData(dispatchKeys.drivers(orderId), search);
      void queryClient.invalidateQueries({ queryKey: dispatchKeys.trace(orderId) });
    },
  );
  return useQuery({
    queryKey: dispatchKeys.drivers(orderId),
    queryFn: ({ signal }) => apiWith(getOrderDrivers, { signal }, { query: { orderId } }),
    enabled: enabled && orderId > 0,
  });
}

/** Explainability: GET /api/orders/{id}/dispatch-trace. */
export function useDispatchTrace(orderId: number, enabled = true) {
  return useQuery({
    queryKey: dispatchKeys.trace(orderId),
    queryFn: ({ signal }) => apiWith(getDispatchTrace, { signal }, { params: { id: orderId } }),
    enabled: enabled && orderId > 0,
  });
}
