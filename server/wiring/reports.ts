import type { Authenticate } from '../http/route';
import { reportsRoutes } from '../modules/reports/reports.routes';
import { createReportsService } from '../modules/reports/reports.service';
import type { Core } from './core';
import type { OrdersArea } from './orders';

/** The reports and their exports (docs/REPORTS.md). */
export function wireReports(
  core: Core,
  authenticate: Authenticate,
  { callerCompanies }: Pick<OrdersArea, 'callerCompanies'>,
) {
  const { app, db, exportSlots } = core;
  reportsRoutes(
    app,
    authenticate,
    createReportsService({ db, callerCompanies, slots: exportSlots }),
  );
}
