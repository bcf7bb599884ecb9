import { type ParsedRon, parseRon } from '@common/lib/money';

/** A balance typed in RON, which may be below zero: '-50,00' → -5000 bani. */
export function parseSignedRon(text: string): ParsedRon {
  const trimmed = text.trim();
  const negative = /^[-−]/.test(trimmed);
  const parsed = parseRon(negative ? trimmed.slice(1) : trimmed);
  return parsed.ok && negative ? { ok: true, bani: -parsed.bani } : parsed;
}

export const PERCENT_INPUT_ERROR = 'Introduceți un procent, de ex. 12,5';

export type ParsedPercent = { ok: true; bp: number } | { ok: false; error: string };

/**
 * A percent typed as '15', '12,5' or '12.55' → basis points (1500, 1250, 1255), without floating
 * point: at most two decimals. An empty field is 0.
 */
export function parsePercent(text: string): ParsedPercent {
  const trimmed = text.trim().replace(/\s*%$/, '');
  if (trimmed === '') return { ok: true, bp: 0 };
  const match = /^(\d{1,3})(?:[.,](\d{0,2}))?$/.exec(trimmed);
  if (!match) return { ok: false, error: PERCENT_INPUT_ERROR };
  return { ok: true, bp: Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) };
}

/** Basis points as the percent field shows them: 1500 → '15', 1250 → '12,5'; null is empty. */
export function formatPercentInput(bp: number | null | undefined): string {
  if (bp === null || bp === undefined) return '';
  const whole = Math.floor(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole},${fraction}` : String(whole);
}
