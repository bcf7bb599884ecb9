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
import type { Db } from '../../db/client';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import { idempotencyKeyOf } from '../idempotency/idempotency.service';
import { type DispatcherTab, reportRows } from './dispatcher.repo';
import type { DispatcherBoard } from './dispatcher-board';
import type { OrdersService } from './orders.service';

export function ordersRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  orders: OrdersService,
  board: DispatcherBoard,
  db: Db,
) {
  const tabs: [typeof listInCallOrders, DispatcherTab][] = [
    [listInCallOrders, 'in-call'],
    [listLiveOrders, 'live'],
    [listFinishedOrders, 'finished'],
    [listCanceledOrders, 'canceled'],
  ];
  for (const [endpoint, tab] of tabs) {
    route(app, authenticate, endpoint, { roles: CONSOLE_ROLES }, ({ auth, query }) =>
      board.tab(auth, tab, { search: query.search, page: query.page, perPage: query.per_page }),
    );
  }
  route(app, authenticate, getDispatcherStatistics, { roles: CONSOLE_ROLES }, ({ auth }) =>
    board.statistics(auth),
  );
  route(app, authenticate, getLiveStatistics, { roles: CONSOLE_ROLES }, ({ auth }) =>
    board.liveStatistics(auth),
  );
  route(
    app,
    authenticate,
    listOrdersForReport,
    { roles: CONSOLE_ROLES },
    async ({ auth, query }) => ({
      data: await reportRows(db, auth.companyIds, query.per_page),
    }),
  );

  route(app, authenticate, listOrders, { roles: CONSOLE_ROLES }, ({ auth, query }) =>
    orders.list(auth, query),
  );
  route(app, authenticate, getOrder, { roles: CONSOLE_ROLES }, ({ auth, params }) =>
    orders.get(auth, params.id),
  );
  route(
    app,
    authenticate,
    createOrder,
    { roles: CONSOLE_ROLES },
    async ({ auth, body, request, reply }) => {
      const { order, replayed } = await orders.create(
        auth,
        body as z.output<typeof CreateOrderBodySchema>,
        idempotencyKeyOf(request.headers),
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return order;
    },
  );
  route(app, authenticate, updateOrder, { roles: CONSOLE_ROLES }, ({ auth, params, body }) =>
    orders.update(auth, params.id, body),
  );
  route(app, authenticate, updateOrderName, { roles: CONSOLE_ROLES }, ({ auth, params, body }) =>
    orders.updateName(auth, params.id, body.name, body.about),
  );
  route(app, authenticate, updateOrderPlace, { roles: CONSOLE_ROLES }, ({ auth, params, body }) =>
    orders.updatePlace(auth, params.id, params.placeId, body),
  );
  route(app, authenticate, retryOrder, { roles: CONSOLE_ROLES }, ({ auth, params }) =>
    orders.retry(auth, params.id),
  );
  route(app, authenticate, moveOrderToPending, { roles: CONSOLE_ROLES }, ({ auth, params }) =>
    orders.moveToPending(auth, params.id),
  );
  route(app, authenticate, removeAlwaysInCall, { roles: CONSOLE_ROLES }, ({ auth, params }) =>
    orders.removeAlwaysInCall(auth, params.id),
  );
  route(app, authenticate, cancelOrder, { roles: CONSOLE_ROLES }, ({ auth, params, body }) =>
    orders.cancel(auth, params.id, body.reason_text),
  );
  route(app, authenticate, setDriverAndFinish, { roles: CONSOLE_ROLES }, ({ auth, params, body }) =>
    orders.setDriverAndFinish(auth, params.id, body.driverId),
  );
  route(app, authenticate, duplicateOrder, { roles: CONSOLE_ROLES }, ({ auth, params, request }) =>
    orders.duplicate(auth, params.id, idempotencyKeyOf(request.headers)),
  );
  route(app, authenticate, getOrderHistory, { roles: CONSOLE_ROLES }, ({ auth, params }) =>
    orders.orderHistory(auth, params.orderId),
  );
}
