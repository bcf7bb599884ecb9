/**
 * The discount on a fare of `cost` bani, in whole bani (docs/MONEY.md "Discounts"): a
 * percentage (`value` in basis points, 1000 = 10%) rounded half up and capped by `max_amount`
 * (null: no cap); a fixed amount (`value` in bani) never more than the fare. The order form's
 * figure and the server's use this one rule.
 */
export function discountOn(
  cost: number,
  c: { kind: 'percent' | 'fixed'; value: number; max_amount: number | null },
): number {
  if (c.kind === 'fixed') return Math.min(c.value, cost);
  const amount = Math.floor((cost * c.value + 5000) / 10000);
  return c.max_amount === null ? amount : Math.min(amount, c.max_amount);
}
