import { exportOrdersReport, getOrdersReport } from '@common/reports/orders-report.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import type { ReportsService } from './reports.service';

/** The console's roles: each reads the orders his console shows. */
const READ = { roles: CONSOLE_ROLES };

export function reportsRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  reports: ReportsService,
) {
  route(app, authenticate, getOrdersReport, READ, ({ auth, query }) => reports.orders(auth, query));
  route(app, authenticate, exportOrdersReport, READ, ({ auth, query }) =>
    reports.exportOrders(auth, query),
  );
}
