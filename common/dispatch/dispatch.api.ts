import { defineEndpoint } from '../http/define-endpoint';
import { OrderIdParamsSchema, OrderSchema } from '../orders/orders.schema';
import {
  AcceptOrderBodySchema,
  DispatchTraceSchema,
  DriverCancelBodySchema,
  DriverOffersSchema,
  DriverOrdersSchema,
  DriverSearchSchema,
  OfferAnswerSchema,
  OrderDriversQuerySchema,
  OrderIdBodySchema,
  TripFinishBodySchema,
} from './dispatch.schema';

/**
 * POST {ws api}/accept-order {userId, orderId, time}: the driver (the token's user)
 * accepts his offer, or takes an order from the pending queue. 409: no open offer.
 */
export const acceptOrder = defineEndpoint({
  method: 'POST',
  path: '/accept-order',
  body: AcceptOrderBodySchema,
  response: OfferAnswerSchema,
  errors: [404, 409],
});

/** The driver refuses his offer (simulator 'Refuz'). */
export const refuseOrder = defineEndpoint({
  method: 'POST',
  path: '/refuse-order',
  body: OrderIdBodySchema,
  response: OfferAnswerSchema,
  errors: [409],
});

/** GET /order-drivers?orderId: the drivers of the order's search (console). */
export const getOrderDrivers = defineEndpoint({
  method: 'GET',
  path: '/order-drivers',
  query: OrderDriversQuerySchema,
  response: DriverSearchSchema,
  errors: [404],
});

/** Explainability: every step of the order's searches and every decision. */
export const getDispatchTrace = defineEndpoint({
  method: 'GET',
  path: '/api/orders/:id/dispatch-trace',
  params: OrderIdParamsSchema,
  response: DispatchTraceSchema,
  errors: [404],
});

/** The driver's open offers and his companies' pending queue (his app after a reconnect). */
export const getMyOffers = defineEndpoint({
  method: 'GET',
  path: '/api/drivers/me/offers',
  response: DriverOffersSchema,
});

/** The driver's active orders (assigned to him, not finished). */
export const getMyOrders = defineEndpoint({
  method: 'GET',
  path: '/api/drivers/me/orders',
  response: DriverOrdersSchema,
});

const tripStep = (step: 'arrived' | 'start' | 'finish') =>
  defineEndpoint({
    method: 'POST',
    path: `/api/drivers/me/orders/:id/${step}`,
    params: OrderIdParamsSchema,
    response: OrderSchema,
    errors: [404, 409],
  });

/** Trip: arrived at the client (waiting_client). */
export const tripArrived = tripStep('arrived');
/** Trip: started (trip_started_at). */
export const tripStart = tripStep('start');
/**
 * Trip: finished (trip_finished_at); the driver is free, the fare is made. The body is optional:
 * `{taximeter_amount}` where the driver's app has a taximeter.
 */
export const tripFinish = defineEndpoint({
  ...tripStep('finish'),
  body: TripFinishBodySchema,
});

/** The driver cancels his order; cancellation text `driverId~reason`. */
export const tripCancel = defineEndpoint({
  method: 'POST',
  path: '/api/drivers/me/orders/:id/cancel',
  params: OrderIdParamsSchema,
  body: DriverCancelBodySchema,
  response: OrderSchema,
  errors: [404, 409],
});
