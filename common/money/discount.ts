import type { DISCOUNT_REFUSALS, DiscountKind } from './discounts.schema';

/** What a condition takes off a fare (docs/MONEY.md "Discounts"). */
export interface DiscountTerms {
  kind: DiscountKind;
  /** Basis points for 'percent' (1000 = 10%), bani for 'fixed'. */
  value: number;
  /** Bani: the most a percentage takes off one fare; null: no cap. */
  max_amount: number | null;
}

/**
 * The discount on a fare of `cost` bani: a percentage rounded once, half up, to whole bani and
 * capped by `max_amount`; a fixed amount, never more than the fare. No fare yet (null): none.
 */
export function discountOn(cost: number | null, terms: DiscountTerms): number | null {
  if (cost === null) return null;
  if (terms.kind === 'fixed') return Math.min(terms.value, cost);
  const amount = Math.min(Math.floor((cost * terms.value + 5_000) / 10_000), cost);
  return terms.max_amount === null ? amount : Math.min(amount, terms.max_amount);
}

/** An order's discount columns for its fare: the condition's discount off it, or none. */
export function discountedColumns(
  cost: number | null,
  terms: DiscountTerms | null,
): { discount_amount: number | null; discounted_cost: number | null } {
  const amount = terms ? discountOn(cost, terms) : null;
  return { discount_amount: amount, discounted_cost: cost === null ? null : cost - (amount ?? 0) };
}

/** Who and when a condition is for, as its refusals judge it. */
export interface DiscountAudience {
  disabled: boolean;
  /** `YYYY-MM-DD` Bucharest days, both included; null: open. */
  valid_from: string | null;
  valid_until: string | null;
  client_id: number | null;
  protocol_company_id: number | null;
}

/** The ride a condition is judged for: its day, its client (null: a new one), its protocol company. */
export interface DiscountRide {
  today: string;
  clientId: number | null;
  protocolCompanyId: number | null;
}

/**
 * Why the condition does not apply to this ride (a key of DISCOUNT_REFUSALS), or null when it
 * does: enabled, within its dates, and for everyone, this client or this protocol company. The
 * limits are the database's to judge, under the condition's row lock.
 */
export function discountRefusal(
  condition: DiscountAudience,
  ride: DiscountRide,
): keyof typeof DISCOUNT_REFUSALS | null {
  if (condition.disabled) return 'disabled';
  if (condition.valid_from !== null && ride.today < condition.valid_from) return 'outOfDates';
  if (condition.valid_until !== null && ride.today > condition.valid_until) return 'outOfDates';
  if (condition.client_id !== null && condition.client_id !== ride.clientId) return 'notApplicable';
  if (
    condition.protocol_company_id !== null &&
    condition.protocol_company_id !== ride.protocolCompanyId
  )
    return 'notApplicable';
  return null;
}
