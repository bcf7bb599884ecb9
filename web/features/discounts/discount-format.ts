import { formatRon, parseRon } from '@common/lib/money';
import type { DiscountCondition } from '@common/money/discounts.schema';
import { formatDateInput } from '../../lib/date-input';

/** Basis points as typed: 1000 → '10', 1250 → '12,5', 5 → '0,05'; null is empty. */
export function formatPercentInput(basisPoints: number | null | undefined): string {
  if (basisPoints === null || basisPoints === undefined) return '';
  const whole = Math.floor(basisPoints / 100);
  const hundredths = basisPoints % 100;
  if (hundredths === 0) return String(whole);
  return `${whole},${String(hundredths).padStart(2, '0').replace(/0$/, '')}`;
}

export const PERCENT_INPUT_ERROR = 'Introduceți procentul, de ex. 12,5';

/**
 * A percentage typed as '10', '12,5' or '12.5' → basis points (1250), without floating point:
 * the same digits as an amount in RON, so `parseRon`'s reading with its own message.
 */
export function parsePercent(
  text: string,
): { ok: true; value: number } | { ok: false; error: string } {
  const parsed = parseRon(text);
  return parsed.ok ? { ok: true, value: parsed.bani } : { ok: false, error: PERCENT_INPUT_ERROR };
}

type Value = Pick<DiscountCondition, 'kind' | 'value' | 'max_amount'>;

/** '10%', '12,5%' or '5,00 RON'. */
export const discountValueText = (c: Pick<DiscountCondition, 'kind' | 'value'>): string =>
  c.kind === 'percent' ? `${formatPercentInput(c.value)}%` : formatRon(c.value);

/** 'max 20,00 RON' for a capped percentage, else null. */
export const maxAmountText = (c: Value): string | null =>
  c.kind === 'percent' && c.max_amount !== null ? `max ${formatRon(c.max_amount)}` : null;

/** For whom: 'Toți clienții', the client's phone and name, or the protocol company. */
export function audienceText(
  c: Pick<
    DiscountCondition,
    'client_id' | 'client_phone' | 'client_name' | 'protocol_company_id' | 'protocol_company_name'
  >,
): string {
  if (c.client_id !== null)
    return (
      [c.client_phone, c.client_name].filter(Boolean).join(' · ') || `Clientul #${c.client_id}`
    );
  if (c.protocol_company_id !== null)
    return c.protocol_company_name ?? `Firma #${c.protocol_company_id}`;
  return 'Toți clienții';
}

/** '01.05.2030–31.05.2030', 'din 01.05.2030', 'până la 31.05.2030' or 'oricând'. */
export function validityText(c: Pick<DiscountCondition, 'valid_from' | 'valid_until'>): string {
  const from = c.valid_from && formatDateInput(c.valid_from);
  const until = c.valid_until && formatDateInput(c.valid_until);
  if (from && until) return `${from}–${until}`;
  if (from) return `din ${from}`;
  if (until) return `până la ${until}`;
  return 'oricând';
}

/** '3 / 100' against the total limit, or the count alone without one. */
export const usesText = (c: Pick<DiscountCondition, 'uses' | 'total_limit'>): string =>
  c.total_limit === null ? String(c.uses) : `${c.uses} / ${c.total_limit}`;

/** 'max 2 / client', or null without a per-client limit. */
export const perClientText = (c: Pick<DiscountCondition, 'per_client_limit'>): string | null =>
  c.per_client_limit === null ? null : `max ${c.per_client_limit} / client`;

/** A choice of the order form's 'Reducere': 'Studenți · 10% (max 20,00 RON)'. */
export function discountChoiceLabel(c: Value & Pick<DiscountCondition, 'name'>): string {
  const max = maxAmountText(c);
  return `${c.name} · ${discountValueText(c)}${max ? ` (${max})` : ''}`;
}
