import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import { idParam } from '../http/fields';
import { perPageQuery } from '../http/pagination';
import {
  CancelOrderBodySchema,
  CreateOrderBodySchema,
  DispatcherListQuerySchema,
  DispatcherStatisticsSchema,
  ListOrdersQuerySchema,
  LiveStatisticsSchema,
  NotifyDriversBodySchema,
  OrderHistoryItemSchema,
  OrderIdParamsSchema,
  OrderListSchema,
  OrderPlaceInputSchema,
  OrderPlaceParamsSchema,
  OrderSchema,
  ReportOrderRowSchema,
  SetDriverBodySchema,
  UpdateNameBodySchema,
  UpdateOrderBodySchema,
} from './orders.schema';

const dispatcherList = (tab: 'in-call' | 'live' | 'finished' | 'canceled') =>
  defineEndpoint({
    method: 'GET',
    path: `/api/dispatcher-orders/${tab}`,
    query: DispatcherListQuerySchema,
    response: OrderListSchema,
  });

/** The four dispatcher tabs: 'In apel', 'Confirmate', 'Finalizate', 'Anulate'. */
export const listInCallOrders = dispatcherList('in-call');
export const listLiveOrders = dispatcherList('live');
export const listFinishedOrders = dispatcherList('finished');
export const listCanceledOrders = dispatcherList('canceled');

/** Counters of the four tabs (refreshed every 15 s). */
export const getDispatcherStatistics = defineEndpoint({
  method: 'GET',
  path: '/api/dispatcher-orders/statistics',
  response: DispatcherStatisticsSchema,
});

/** The operator top bar's live statistics. */
export const getLiveStatistics = defineEndpoint({
  method: 'GET',
  path: '/api/dispatcher-orders/live-statistics',
  response: LiveStatisticsSchema,
});

export const getOrder = defineEndpoint({
  method: 'GET',
  path: '/api/orders/:id',
  params: OrderIdParamsSchema,
  response: OrderSchema,
});

/** POST /api/orders; an `Idempotency-Key` header makes a retried request return the first answer. */
export const createOrder = defineEndpoint({
  method: 'POST',
  path: '/api/orders',
  body: CreateOrderBodySchema,
  response: OrderSchema,
  status: 201,
  errors: [409],
});

export const updateOrder = defineEndpoint({
  method: 'PATCH',
  path: '/api/orders/:id',
  params: OrderIdParamsSchema,
  body: UpdateOrderBodySchema,
  response: OrderSchema,
  errors: [409],
});

export const listOrders = defineEndpoint({
  method: 'GET',
  path: '/api/orders',
  query: ListOrdersQuerySchema,
  response: OrderListSchema,
});

export const updateOrderName = defineEndpoint({
  method: 'PATCH',
  path: '/api/orders/:id/update-name',
  params: OrderIdParamsSchema,
  body: UpdateNameBodySchema,
  response: OrderSchema,
  errors: [409],
});

export const updateOrderPlace = defineEndpoint({
  method: 'PATCH',
  path: '/api/orders/:id/places/:placeId',
  params: OrderPlaceParamsSchema,
  body: OrderPlaceInputSchema,
  response: OrderSchema,
  errors: [409],
});

const transition = (name: string, method: 'PATCH' | 'DELETE' = 'PATCH') =>
  defineEndpoint({
    method,
    path: `/api/orders/:id/${name}`,
    params: OrderIdParamsSchema,
    response: OrderSchema,
    errors: [409],
  });

export const retryOrder = transition('retry');
export const moveOrderToPending = transition('move-to-pending');
export const removeAlwaysInCall = transition('always-in-call', 'DELETE');

export const cancelOrder = defineEndpoint({
  method: 'PATCH',
  path: '/api/orders/:id/cancel',
  params: OrderIdParamsSchema,
  body: CancelOrderBodySchema,
  response: OrderSchema,
  errors: [409],
});

/**
 * 'notify selected drivers': the order is searched for again, offered to
 * these drivers only (custom_driver_ids), at once.
 */
export const notifyDrivers = defineEndpoint({
  method: 'PATCH',
  path: '/api/orders/:id/notify-drivers',
  params: OrderIdParamsSchema,
  body: NotifyDriversBodySchema,
  response: OrderSchema,
  errors: [409],
});

export const setDriverAndFinish = defineEndpoint({
  method: 'PATCH',
  path: '/api/orders/:id/set-driver-and-finish',
  params: OrderIdParamsSchema,
  body: SetDriverBodySchema,
  response: OrderSchema,
  errors: [409],
});

/** Returns the new order's id (the web navigates to /operator/order/{id}). */
export const duplicateOrder = defineEndpoint({
  method: 'POST',
  path: '/api/orders/:id/duplicate',
  params: OrderIdParamsSchema,
  response: z.object({ id: z.number().int() }),
  status: 201,
  errors: [409],
});

export const getOrderHistory = defineEndpoint({
  method: 'GET',
  path: '/api/order-history/:orderId',
  params: z.object({ orderId: idParam() }),
  response: z.array(OrderHistoryItemSchema),
});

/** GET /api/orders-for-report?per_page=7 (the dashboard's recent orders). */
export const listOrdersForReport = defineEndpoint({
  method: 'GET',
  path: '/api/orders-for-report',
  query: z.strictObject({ per_page: perPageQuery(7) }),
  response: z.object({ data: z.array(ReportOrderRowSchema) }),
});
