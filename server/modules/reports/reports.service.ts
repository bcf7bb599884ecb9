import type {
  OrdersReportExportQuery,
  OrdersReportPage,
  OrdersReportQuery,
} from '@common/reports/orders-report.schema';
import type { Db } from '../../db/client';
import { type AuthContext, isAdmin } from '../../http/auth-context';
import type { Download } from '../../http/download';
import type { ExportSlots } from '../../lib/spreadsheets/export-slots';
import type { Sheet } from '../../lib/spreadsheets/sheet';
import { sheetDownload } from '../../lib/spreadsheets/sheet-download';
import type { CallerCompaniesOf } from '../orders/caller-companies';
import { consoleScopeOf } from '../orders/order-reads';
import type { OrderListScope } from '../orders/read-model/list-keys';
import * as repo from './orders-report.repo';
import { ORDERS_REPORT_COLUMNS } from './orders-report-sheet';

/** `comenzi_2026-11-01_2026-11-30`: what the file holds, by its days. */
function fileName(query: OrdersReportExportQuery): string {
  const days = [query.date_from ?? 'inceput', query.date_to ?? 'azi'];
  return `comenzi_${days.join('_')}`;
}

/**
 * The reports (docs/REPORTS.md): each reads the orders a person's console shows (his dispatching
 * companies' and those billed to his protocol companies; the platform admin's every company, or
 * the one he names), with the order list's filters.
 */
export function createReportsService(deps: {
  db: Db;
  callerCompanies: CallerCompaniesOf;
  slots: ExportSlots;
}) {
  const { db, callerCompanies, slots } = deps;

  async function scopeOf(auth: AuthContext): Promise<OrderListScope> {
    return isAdmin(auth)
      ? { kind: 'all' }
      : { kind: 'companies', ...consoleScopeOf(await callerCompanies(auth)) };
  }

  return {
    async orders(auth: AuthContext, query: OrdersReportQuery): Promise<OrdersReportPage> {
      const where = repo.reportWhere(await scopeOf(auth), query);
      const [data, totals] = await Promise.all([
        repo.reportPage(db, where, query, {
          limit: query.per_page,
          offset: (query.page - 1) * query.per_page,
        }),
        repo.reportTotals(db, where),
      ]);
      return {
        data,
        meta: { total: totals.orders, page: query.page, per_page: query.per_page },
        totals,
      };
    },

    async exportOrders(auth: AuthContext, query: OrdersReportExportQuery): Promise<Download> {
      const where = repo.reportWhere(await scopeOf(auth), query);
      const sheet: Sheet<Awaited<ReturnType<typeof repo.reportPage>>[number]> = {
        name: 'Comenzi',
        columns: ORDERS_REPORT_COLUMNS,
        rows: repo.reportRows(db, where, query),
      };
      return sheetDownload(sheet, query.format, fileName(query), { slots, userId: auth.userId });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
