import type { OrderState, PaymentType } from '@common/orders/orders.schema';
import type { OrdersQuery } from '../../../lib/orders/order-keys';

/** The orders search modal's order filters, as its fields hold them. */
export interface Filters {
  states: OrderState[];
  /** YYYY-MM-DD, as DateField holds it (typed DD.MM.YYYY). */
  date_from: string;
  date_to: string;
  /** HH:mm, as TimeField holds it; GET /api/orders takes HH:mm or HH:mm:ss. */
  time_from: string;
  time_to: string;
  driver_id: number | null;
  client_id: number | null;
  dispatcher_id: number | null;
  company_id: number | null;
  payment_method: PaymentType | null;
}

export const EMPTY_FILTERS: Filters = {
  states: [],
  date_from: '',
  date_to: '',
  time_from: '',
  time_to: '',
  driver_id: null,
  client_id: null,
  dispatcher_id: null,
  company_id: null,
  payment_method: null,
};

/** The filters as GET /api/orders takes them (states comma-joined, empty ones left out). */
export function filtersToQuery(filters: Filters): Omit<OrdersQuery, 'page' | 'per_page'> {
  return {
    states: filters.states.length ? filters.states.join(',') : undefined,
    date_from: filters.date_from || undefined,
    date_to: filters.date_to || undefined,
    time_from: filters.time_from || undefined,
    time_to: filters.time_to || undefined,
    driver_id: filters.driver_id ?? undefined,
    client_id: filters.client_id ?? undefined,
    dispatcher_id: filters.dispatcher_id ?? undefined,
    company_id: filters.company_id ?? undefined,
    payment_method: filters.payment_method ?? undefined,
  };
}
