import { listOrderOptions, listServices } from '@common/catalog/catalog.api';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import { listOptions, listServices as servicesOf } from './catalog.repo';

/** Services and order options: plain reads of the caller's catalogue. */
export function catalogRoutes(app: FastifyInstance, authenticate: Authenticate, db: Db) {
  route(app, authenticate, listServices, { roles: CONSOLE_ROLES }, ({ auth }) =>
    servicesOf(db, auth.companyIds),
  );
  route(app, authenticate, listOrderOptions, { roles: CONSOLE_ROLES }, ({ auth }) =>
    listOptions(db, auth.companyIds),
  );
}
