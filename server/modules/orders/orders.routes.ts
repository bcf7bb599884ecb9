import { correctOrderFare } from '@common/money/ledger.api';
import {
  cancelOrder,
  createOrder,
  duplicateOrder,
  getDispatcherStatistics,
  getLiveStatistics,
  getOrder,
  getOrderHistory,
  listCanceledOrders,
  listFinishedOrders,
  listInCallOrders,
  listLiveOrders,
  listOrders,
  listOrdersForReport,
  moveOrderToPending,
  notifyDrivers,
  removeAlwaysInCall,
  retryOrder,
  setDriverAndFinish,
  updateOrder,
  updateOrderName,
  updateOrderPlace,
} from '@common/orders/orders.api';
import type { CreateOrderBodySchema } from '@common/orders/orders.schema';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ADMINISTRATORS } from '../../http/auth-context';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import { idempotencyKeyOf } from '../idempotency/idempotency.service';
import type { OrderReads } from './order-reads';
import type { DispatcherTab } from './read-model/dispatcher.repo';
import type { OrderWritePath } from './write/order-write-path';

/** Orders: reads through the order reads (which decide the caller's orders), writes through the write path. */
export function ordersRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  { writes, reads }: { writes: OrderWritePath; reads: OrderReads },
) {
  const tabs: [typeof listInCallOrders, DispatcherTab][] = [
    [listInCallOrders, 'in-call'],
    [listLiveOrders, 'live'],
    [listFinishedOrders, 'finished'],
    [listCanceledOrders, 'canceled'],
  ];
  for (const [endpoint, tab] of tabs) {
    route(app, authenticate, endpoint, { roles: CONSOLE_ROLES }, ({ auth, query }) =>
      reads.tab(auth, tab, { search: query.search, page: query.page, perPage: query.per_page }),
    );
  }
  route(app, authenticate, getDispatcherStatistics, { roles: CONSOLE_ROLES }, ({ auth }) =>
    reads.statistics(auth),
  );
  route(app, authenticate, getLiveStatistics, { roles: CONSOLE_ROLES }, ({ auth }) =>
    reads.liveStatistics(auth),
  );
  route(
    app,
    authenticate,
    listOrdersForReport,
    { roles: CONSOLE_ROLES },
    async ({ auth, query }) => ({ data: await reads.report(auth, query.per_page) }),
  );

  route(app, authenticate, listOrders, { roles: CONSOLE_ROLES }, ({ auth, query }) =>
    reads.list(auth, query),
  );
  route(app, authenticate, getOrder, { roles: CONSOLE_ROLES }, ({ auth, params }) =>
    reads.get(auth, params.id),
  );
  route(
    app,
    authenticate,
    createOrder,
    { roles: CONSOLE_ROLES },
    async ({ auth, body, request, reply }) => {
      const { order, replayed } = await writes.create(
        auth,
        body as z.output<typeof CreateOrderBodySchema>,
        idempotencyKeyOf(request.headers),
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return order;
    },
  );
  route(app, authenticate, updateOrder, { roles: CONSOLE_ROLES }, ({ auth, params, body }) =>
    writes.update(auth, params.id, body),
  );
  route(app, authenticate, updateOrderName, { roles: CONSOLE_ROLES }, ({ auth, params, body }) =>
    writes.updateName(auth, params.id, body.name, body.about),
  );
  route(app, authenticate, updateOrderPlace, { roles: CONSOLE_ROLES }, ({ auth, params, body }) =>
    writes.updatePlace(auth, params.id, params.placeId, body),
  );
  route(app, authenticate, retryOrder, { roles: CONSOLE_ROLES }, ({ auth, params }) =>
    writes.retry(auth, params.id),
  );
  route(app, authenticate, moveOrderToPending, { roles: CONSOLE_ROLES }, ({ auth, params }) =>
    writes.moveToPending(auth, params.id),
  );
  route(app, authenticate, removeAlwaysInCall, { roles: CONSOLE_ROLES }, ({ auth, params }) =>
    writes.removeAlwaysInCall(auth, params.id),
  );
  route(app, authenticate, cancelOrder, { roles: CONSOLE_ROLES }, ({ auth, params, body }) =>
    writes.cancel(auth, params.id, body),
  );
  route(app, authenticate, notifyDrivers, { roles: CONSOLE_ROLES }, ({ auth, params, body }) =>
    writes.notifyDrivers(auth, params.id, body.driver_ids),
  );
  route(app, authenticate, setDriverAndFinish, { roles: CONSOLE_ROLES }, ({ auth, params, body }) =>
    writes.setDriverAndFinish(auth, params.id, body.driverId),
  );
  // A finished trip's fare and its ledger entries: the company's administrators.
  route(app, authenticate, correctOrderFare, { roles: ADMINISTRATORS }, ({ auth, params, body }) =>
    writes.correctFare(auth, params.id, body.cost, body.note),
  );
  route(app, authenticate, duplicateOrder, { roles: CONSOLE_ROLES }, ({ auth, params, request }) =>
    writes.duplicate(auth, params.id, idempotencyKeyOf(request.headers)),
  );
  route(app, authenticate, getOrderHistory, { roles: CONSOLE_ROLES }, ({ auth, params }) =>
    reads.orderHistory(auth, params.orderId),
  );
}
