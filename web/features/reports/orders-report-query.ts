import {
  ORDER_SOURCES,
  ORDER_STATES,
  type OrderSource,
  type OrderState,
  PAYMENT_TYPES,
  type PaymentType,
} from '@common/orders/orders.schema';
import { REPORT_SORTS, type ReportSort } from '@common/reports/orders-report.schema';
import { EMPTY_FILTERS, filtersToQuery, type OrderFilters } from '../orders';

/** The orders report as its URL holds it (`/reports/orders?date_from=…&sort=fare&page=2`). */
export interface ReportView {
  filters: OrderFilters;
  source: OrderSource | null;
  sort: ReportSort;
  dir: 'asc' | 'desc';
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
const idOf = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};
const dayOf = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');
const timeOf = (value: string | null) => (value && /^\d{2}:\d{2}$/.test(value) ? value : '');

export function viewOf(params: URLSearchParams): ReportView {
  const states = (params.get('states') ?? '')
    .split(',')
    .filter((s): s is OrderState => (ORDER_STATES as readonly string[]).includes(s));
  return {
    filters: {
      ...EMPTY_FILTERS,
      states,
      date_from: dayOf(params.get('date_from')),
      date_to: dayOf(params.get('date_to')),
      time_from: timeOf(params.get('time_from')),
      time_to: timeOf(params.get('time_to')),
      driver_id: idOf(params.get('driver_id')),
      client_id: idOf(params.get('client_id')),
      dispatcher_id: idOf(params.get('dispatcher_id')),
      company_id: idOf(params.get('company_id')),
      payment_method: oneOf<PaymentType>(PAYMENT_TYPES, params.get('payment_method')),
    },
    source: oneOf<OrderSource>(ORDER_SOURCES, params.get('source')),
    sort: oneOf<ReportSort>(REPORT_SORTS, params.get('sort')) ?? 'orderDate',
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
    page: idOf(params.get('page')) ?? 1,
  };
}

/** The query both the page and its export send: every filter, the source and the sort. */
export function reportFilters(view: ReportView) {
  return {
    ...filtersToQuery(view.filters),
    source: view.source ?? undefined,
    sort: view.sort,
    dir: view.dir,
  };
}

/** The URL of a view: empty filters, the default sort and page 1 are left out. */
export function paramsOf(view: ReportView): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(reportFilters(view))) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'sort' && value === 'orderDate') continue;
    if (key === 'dir' && value === 'desc') continue;
    params.set(key, String(value));
  }
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}
