import {
  createReportLink,
  getDriverReport,
  listDriverOrders,
  listReportLinks,
  revokeReportLink,
} from '@common/driver-reports/driver-reports.api';
import type { FastifyInstance } from 'fastify';
import { ADMINISTRATORS } from '../../http/auth-context';
import { type Authenticate, route } from '../../http/route';
import type { DriverReportsService } from './driver-reports.service';

/** The driver edit page's lists and links are for his company's administrators. */
const ADMIN = { roles: ADMINISTRATORS };

export function driverReportsRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  reports: DriverReportsService,
) {
  route(app, authenticate, listDriverOrders, ADMIN, ({ auth, params, query }) =>
    reports.orders(auth, params.id, query),
  );
  route(app, authenticate, createReportLink, ADMIN, ({ auth, params, body }) =>
    reports.createLink(auth, params.id, body),
  );
  route(app, authenticate, listReportLinks, ADMIN, ({ auth, params }) =>
    reports.links(auth, params.id),
  );
  route(app, authenticate, revokeReportLink, ADMIN, async ({ auth, params }) => {
    await reports.revoke(auth, params.id, params.linkId);
    return null;
  });
  // The page is public; whoever holds the link sees the trips, nobody else.
  route(app, authenticate, getDriverReport, { public: true }, ({ params, query, request }) =>
    reports.report(params.token, query.page, request.ip),
  );
}
