import { bucharestParts, fromUtcString } from '@common/lib/dates';
import type { ListOrdersQuery, Order } from '@common/orders/orders.schema';
import type { OrderListScope } from './list-keys';

/**
 * Whether an order, as the wire has it, belongs to a GET /api/orders list: the very conditions of
 * the list's SQL (order-list.repo.ts: the scope, the states and every filter of the order
 * list), for the lists followed in memory (list-heads.ts). order-list.repo.test.ts checks
 * that both agree on every filter, alone and together.
 */
export type ListMatcher = (order: Order) => boolean;

/** Bucharest-local day and time of the stored UTC `created_at` (shown local, stored UTC). */
export function bucharestDayAndTime(utc: string): { day: string; time: string } {
  const part = bucharestParts(fromUtcString(utc));
  return {
    day: `${part.year}-${part.month}-${part.day}`,
    time: `${part.hour}:${part.minute}:${part.second}`,
  };
}

/** 'HH:mm' or 'HH:mm:ss' as 'HH:mm:ss', which compares as text the way `::time` compares. */
const fullTime = (time: string) => (time.length === 5 ? `${time}:00` : time);

export function listMatcher(scope: OrderListScope, query: ListOrdersQuery): ListMatcher {
  const tests: ListMatcher[] = [];
  if (scope.kind === 'companies') {
    const { processedBy, billedTo } = scope;
    tests.push(
      (o) =>
        processedBy.includes(o.processed_by_company_id) ||
        (o.protocol_user !== null && billedTo.includes(o.protocol_user.id)),
    );
  }
  // As bindList: `states` wins over `state`.
  const states = query.states ?? (query.state ? [query.state] : []);
  if (states.length > 0) tests.push((o) => states.includes(o.state));
  const { date_from, date_to, time_from, time_to } = query;
  if (date_from || date_to || time_from || time_to) {
    const timeFrom = time_from && fullTime(time_from);
    const timeTo = time_to && fullTime(time_to);
    tests.push((o) => {
      const { day, time } = bucharestDayAndTime(o.created_at);
      return (
        (!date_from || day >= date_from) &&
        (!date_to || day <= date_to) &&
        (!timeFrom || time >= timeFrom) &&
        (!timeTo || time <= timeTo)
      );
    });
  }
  const equal = <T>(value: T | undefined, of: (o: Order) => T) => {
    if (value !== undefined) tests.push((o) => of(o) === value);
  };
  equal(query.driver_id, (o) => o.driver_id);
  equal(query.client_id, (o) => o.client_id);
  equal(query.dispatcher_id, (o) => o.dispatcher_id);
  equal(query.payment_method, (o) => o.payment_type);
  equal(query.driver_payment_method, (o) => o.payment_type);
  equal(
    query.driver_payment === undefined ? undefined : query.driver_payment === 'paid',
    (o) => o.finance_info.is_paid,
  );
  const company = query.company_id;
  if (company !== undefined) {
    tests.push((o) => o.processed_by_company_id === company || o.protocol_user?.id === company);
  }
  return (order) => tests.every((test) => test(order));
}
