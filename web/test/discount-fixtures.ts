import type { DiscountCompensationRow, DiscountCondition } from '@common/money/discounts.schema';

/** A wire-shaped discount condition of the test company: 10% for everyone, no limits. */
export const buildDiscount = (overrides: Partial<DiscountCondition> = {}): DiscountCondition => ({
  id: 3,
  company_id: 1,
  name: 'Studenți',
  kind: 'percent',
  value: 1000,
  max_amount: null,
  valid_from: null,
  valid_until: null,
  client_id: null,
  client_phone: null,
  client_name: null,
  protocol_company_id: null,
  protocol_company_name: null,
  per_client_limit: null,
  total_limit: null,
  uses: 0,
  compensate_driver: false,
  disabled: false,
  created_at: '2030-01-01 08:00:00',
  ...overrides,
});

/** A finished order of a compensated condition, not paid back yet. */
export const buildCompensation = (
  overrides: Partial<DiscountCompensationRow> = {},
): DiscountCompensationRow => ({
  order_id: 501,
  trip_finished_at: '2030-01-02 10:30:00',
  driver_id: 40,
  driver_name: 'Vasile Ionescu',
  indicativ: '124',
  condition_id: 3,
  condition_name: 'Studenți',
  cost: 3219,
  discount_amount: 322,
  discount_compensated: false,
  ...overrides,
});

/** A page of rows as the lists answer it. */
export const pageOf = <T>(data: T[], total = data.length) => ({
  data,
  meta: { total, page: 1, per_page: 30 },
});
