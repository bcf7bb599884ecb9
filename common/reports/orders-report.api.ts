import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import { SPREADSHEET_TYPES } from '../http/downloads';
import {
  OrdersReportExportQuerySchema,
  OrdersReportPageSchema,
  OrdersReportQuerySchema,
} from './orders-report.schema';

/** The orders report (/reports/orders): a page of the filtered orders and the set's totals. */
export const getOrdersReport = defineEndpoint({
  method: 'GET',
  path: '/api/reports/orders',
  query: OrdersReportQuerySchema,
  response: OrdersReportPageSchema,
});

/**
 * Every filtered order as a CSV or XLSX file, streamed in the report's order; one at a time per
 * person (429 while his previous one runs).
 */
export const exportOrdersReport = defineEndpoint({
  method: 'GET',
  path: '/api/reports/orders/export',
  query: OrdersReportExportQuerySchema,
  response: z.string(),
  produces: SPREADSHEET_TYPES,
  errors: [429],
});
