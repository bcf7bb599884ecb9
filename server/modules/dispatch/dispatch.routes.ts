import {
  acceptOrder,
  getDispatchTrace,
  getMyOffers,
  getMyOrders,
  getOrderDrivers,
  refuseOrder,
  tripArrived,
  tripCancel,
  tripFinish,
  tripStart,
} from '@common/dispatch/dispatch.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import type { DispatchService } from './dispatch.service';
import type { DispatchEngine } from './engine/dispatch-engine';

const DRIVER = { roles: ['driver'] } as const;
const CONSOLE = { roles: CONSOLE_ROLES };

/** The drivers' answers and trips, the console's view of a search. */
export function dispatchRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  engine: DispatchEngine,
  dispatch: DispatchService,
) {
  route(app, authenticate, acceptOrder, DRIVER, ({ auth, body }) => engine.accept(auth, body));
  route(app, authenticate, refuseOrder, DRIVER, ({ auth, body }) =>
    engine.refuse(auth, body.orderId),
  );
  route(app, authenticate, getOrderDrivers, CONSOLE, ({ auth, query }) =>
    dispatch.orderDrivers(auth, query.orderId),
  );
  route(app, authenticate, getDispatchTrace, CONSOLE, ({ auth, params }) =>
    dispatch.trace(auth, params.id),
  );
  route(app, authenticate, getMyOffers, DRIVER, ({ auth }) => dispatch.myOffers(auth));
  route(app, authenticate, getMyOrders, DRIVER, ({ auth }) => dispatch.myOrders(auth));
  route(app, authenticate, tripArrived, DRIVER, ({ auth, params }) =>
    dispatch.arrived(auth, params.id),
  );
  route(app, authenticate, tripStart, DRIVER, ({ auth, params }) =>
    dispatch.start(auth, params.id),
  );
  route(app, authenticate, tripFinish, DRIVER, ({ auth, params, body }) =>
    dispatch.finish(auth, params.id, body?.taximeter_amount),
  );
  route(app, authenticate, tripCancel, DRIVER, ({ auth, params, body }) =>
    dispatch.cancel(auth, params.id, body.reason),
  );
}
