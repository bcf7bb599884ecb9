import { z } from 'zod';
import { ExportFormatSchema } from '../http/downloads';
import { paginated } from '../http/pagination';
import {
  ListOrdersQuerySchema,
  OrderSourceSchema,
  OrderStateSchema,
  PaymentTypeSchema,
} from '../orders/orders.schema';

/**
 * A row of the orders report (/reports/orders): the specification's report order row (orderId,
 * callDuration, orderDate, placeName, state, indicativ, its names kept) and what an owner reads
 * beside it. Durations in seconds, money in bani, times UTC `YYYY-MM-DD HH:mm:ss`.
 */
export const ReportOrderRowSchema = z.object({
  orderId: z.number().int(),
  /** The call the order came from, answered to hung up; null: no call (the app, a form). */
  callDuration: z.number().int().nullable(),
  orderDate: z.string(),
  /** The first place. */
  placeName: z.string().nullable(),
  state: OrderStateSchema,
  indicativ: z.string().nullable(),
  client_name: z.string().nullable(),
  phone: z.string(),
  /** What the ride costs the client: the discounted fare, else the fare. */
  fare: z.number().int().nullable(),
  payment_type: PaymentTypeSchema,
  dispatcher: z.string().nullable(),
  source: OrderSourceSchema,
  /** From when it was due (placed, or a booking's departure) to its driver; null: none. */
  time_to_assign: z.number().int().nullable(),
  /** From when it was due to the trip's start (the client on board); null: not started. */
  time_to_pickup: z.number().int().nullable(),
});
export type ReportOrderRow = z.infer<typeof ReportOrderRowSchema>;

/** The sums of the whole filtered set, not only the page. */
export const OrdersReportTotalsSchema = z.object({
  orders: z.number().int(),
  finished: z.number().int(),
  canceled: z.number().int(),
  /** The finished orders' fares, bani. */
  fare: z.number().int(),
});
export type OrdersReportTotals = z.infer<typeof OrdersReportTotalsSchema>;

export const OrdersReportPageSchema = paginated(ReportOrderRowSchema).extend({
  totals: OrdersReportTotalsSchema,
});
export type OrdersReportPage = z.infer<typeof OrdersReportPageSchema>;

export const REPORT_SORTS = [
  'orderDate',
  'orderId',
  'callDuration',
  'fare',
  'time_to_assign',
  'time_to_pickup',
  'indicativ',
  'state',
] as const;
export const ReportSortSchema = z.enum(REPORT_SORTS);
export type ReportSort = z.infer<typeof ReportSortSchema>;

/** Every filter of the order list (SPEC order filters), and the report's source and sort. */
export const OrdersReportFiltersSchema = ListOrdersQuerySchema.pick({
  states: true,
  date_from: true,
  date_to: true,
  time_from: true,
  time_to: true,
  driver_id: true,
  client_id: true,
  dispatcher_id: true,
  company_id: true,
  payment_method: true,
}).extend({
  source: OrderSourceSchema.optional(),
  sort: ReportSortSchema.default('orderDate'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type OrdersReportFilters = z.infer<typeof OrdersReportFiltersSchema>;

export const OrdersReportQuerySchema = OrdersReportFiltersSchema.extend({
  per_page: ListOrdersQuerySchema.shape.per_page,
  page: ListOrdersQuerySchema.shape.page,
});
export type OrdersReportQuery = z.infer<typeof OrdersReportQuerySchema>;

export const OrdersReportExportQuerySchema = OrdersReportFiltersSchema.extend({
  format: ExportFormatSchema,
});
export type OrdersReportExportQuery = z.infer<typeof OrdersReportExportQuerySchema>;
