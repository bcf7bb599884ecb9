import type {
  OrderCanceledPayload,
  OrdersResetPayload,
  OrderUpdatedPayload,
} from '@common/realtime/events';
import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { applyOrderUpdate, invalidateOrderLists } from '../../../lib/orders/order-cache';
import { showToast, TOAST_MS } from '../../../lib/toast';

/** What the binding needs of the socket: the order events, on and off. */
export interface OrderEventSource {
  on(event: 'order_updated', handler: (payload: OrderUpdatedPayload) => void): unknown;
  on(event: 'order_canceled', handler: (payload: OrderCanceledPayload) => void): unknown;
  on(event: 'orders_reset', handler: (payload: OrdersResetPayload) => void): unknown;
  off(event: 'order_updated', handler: (payload: OrderUpdatedPayload) => void): unknown;
  off(event: 'order_canceled', handler: (payload: OrderCanceledPayload) => void): unknown;
  off(event: 'orders_reset', handler: (payload: OrdersResetPayload) => void): unknown;
}

interface OrderEventDeps {
  queryClient: QueryClient;
  /** The logged user: the no-drivers notice is for the dispatcher's own orders. */
  userId: number | null;
  openOrder: (id: number) => void;
  /** The order screen's path (/operator/order/{id}): the notice's link is a real link. */
  orderPath?: (id: number) => string;
}

/**
 * Routes the order events of the socket into the query cache:
 * `order_updated` carries the whole order and its change number; `order_canceled` too, plus the
 * reason; `orders_reset` refetches every list; and a
 * 'no_drivers_found' on an own order raises a 60 s notice with a link to the order.
 */
export function bindOrderEvents(socket: OrderEventSource, deps: OrderEventDeps): () => void {
  const onUpdated = ({ seq, ...order }: OrderUpdatedPayload) =>
    applyOrderUpdate(deps.queryClient, order, seq);
  const onReset = () => invalidateOrderLists(deps.queryClient);
  const onCanceled = ({ reason, order, seq }: OrderCanceledPayload) => {
    applyOrderUpdate(deps.queryClient, order, seq);
    if (reason !== 'no_drivers_found' || order.dispatcher_id !== deps.userId) return;
    const id = `no-drivers-${order.id}`;
    showToast({
      id,
      color: 'orange',
      autoClose: TOAST_MS.noDrivers,
      withCloseButton: true,
      withBorder: true,
      'data-testid': 'no-drivers-toast',
      message: (
        <Text size="sm">
          Șoferii nu au fost găsiți ·{' '}
          <Anchor
            href={deps.orderPath?.(order.id) ?? `#${order.id}`}
            size="sm"
            onClick={(event) => {
              // A plain click stays in the app (the router); Ctrl/middle click opens a tab.
              if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              notifications.hide(id);
              deps.openOrder(order.id);
            }}
          >
            comanda #{order.id}
          </Anchor>
        </Text>
      ),
    });
  };
  socket.on('order_updated', onUpdated);
  socket.on('order_canceled', onCanceled);
  socket.on('orders_reset', onReset);
  return () => {
    socket.off('order_updated', onUpdated);
    socket.off('order_canceled', onCanceled);
    socket.off('orders_reset', onReset);
  };
}
