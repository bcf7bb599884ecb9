import {
  applicableDiscounts,
  compensateDiscount,
  createDiscount,
  getDiscount,
  listDiscountCompensations,
  listDiscounts,
  updateDiscount,
} from '@common/money/discounts.api';
import type { FastifyInstance } from 'fastify';
import { ADMINISTRATORS } from '../../http/auth-context';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import type { DiscountsService } from './discounts.service';

/** The console reads them (the service keeps them from a protocol client); administrators write. */
const READ = { roles: CONSOLE_ROLES };
const WRITE = { roles: ADMINISTRATORS };

export function discountsRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  discounts: DiscountsService,
) {
  route(app, authenticate, listDiscounts, READ, ({ auth, query }) => discounts.list(auth, query));
  // Whoever places orders: the console, a protocol client for his own rides.
  route(app, authenticate, applicableDiscounts, { roles: CONSOLE_ROLES }, ({ auth, query }) =>
    discounts.applicable(auth, query),
  );
  route(app, authenticate, getDiscount, READ, ({ auth, params }) => discounts.get(auth, params.id));
  route(app, authenticate, createDiscount, WRITE, ({ auth, query, body }) =>
    discounts.create(auth, query.company_id, body),
  );
  route(app, authenticate, updateDiscount, WRITE, ({ auth, params, body }) =>
    discounts.update(auth, params.id, body),
  );
  route(app, authenticate, listDiscountCompensations, READ, ({ auth, query }) =>
    discounts.compensations(auth, query),
  );
  route(app, authenticate, compensateDiscount, WRITE, ({ auth, query, body }) =>
    discounts.compensate(auth, query.company_id, body.order_id),
  );
}
