/** A company's cut of one finished trip (docs/MONEY.md "Commission"). */
export interface CommissionRule {
  /** Basis points of the fare: 1500 = 15%. */
  percent_bp: number;
  /** Bani per finished trip. */
  fixed: number;
}

/**
 * The commission on a fare of `cost` bani: the percentage rounded once, half up, to whole bani,
 * plus the fixed amount. A trip without a fare pays the fixed amount only.
 */
export function commissionOn(cost: number | null, rule: CommissionRule): number {
  const base = cost ?? 0;
  return Math.floor((base * rule.percent_bp + 5_000) / 10_000) + rule.fixed;
}

/**
 * Whether the company, not the driver, collects the fare: a card payment, or a ride billed to a
 * protocol company (also when it carries a discount).
 */
export const companyCollects = (order: {
  payment_type: string;
  protocol_company_id?: number | null;
}) =>
  order.payment_type === 'card' ||
  order.payment_type === 'protocol' ||
  (order.protocol_company_id ?? null) !== null;

/**
 * What the driver's balance moves by when a trip finishes: a cash (or discounted cash) trip's
 * fare is in his pocket, so he owes the commission; a fare the company collected is his, less
 * the commission.
 */
export function finishPostings(
  companyCollected: boolean,
  paid: number | null,
  commission: number,
): { commission: number; trip_payment: number } {
  return { commission: -commission, trip_payment: companyCollected ? (paid ?? 0) : 0 };
}
