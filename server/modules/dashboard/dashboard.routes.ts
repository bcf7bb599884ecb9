import {
  archiveAnnouncement,
  createAnnouncement,
  createIncident,
  getCommonStatistics,
  getOrdersChart,
  listAnnouncements,
  listIncidents,
  reportDriverIncident,
  resolveIncident,
} from '@common/dashboard/dashboard.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import type { DashboardService } from './dashboard.service';

/** Every console reads the dashboard; those who work the orders write its notes. */
const READ = { roles: CONSOLE_ROLES };
const WRITE = { roles: ['admin', 'manager', 'dispatcher'] } as const;

export function dashboardRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  dashboard: DashboardService,
) {
  route(app, authenticate, getCommonStatistics, READ, ({ auth }) =>
    dashboard.commonStatistics(auth),
  );
  route(app, authenticate, getOrdersChart, READ, ({ auth, query }) =>
    dashboard.ordersChart(auth, query.range),
  );
  route(app, authenticate, listAnnouncements, READ, ({ auth }) =>
    dashboard.listAnnouncements(auth),
  );
  route(app, authenticate, createAnnouncement, WRITE, ({ auth, body }) =>
    dashboard.createAnnouncement(auth, body),
  );
  route(app, authenticate, archiveAnnouncement, WRITE, ({ auth, params }) =>
    dashboard.archiveAnnouncement(auth, params.id),
  );
  route(app, authenticate, listIncidents, READ, ({ auth, query }) =>
    dashboard.listIncidents(auth, query.state),
  );
  route(app, authenticate, createIncident, WRITE, ({ auth, body }) =>
    dashboard.createIncident(auth, body),
  );
  route(app, authenticate, reportDriverIncident, { roles: ['driver'] }, ({ auth, body }) =>
    dashboard.reportDriverIncident(auth, body),
  );
  route(app, authenticate, resolveIncident, WRITE, ({ auth, params }) =>
    dashboard.resolveIncident(auth, params.id),
  );
}
