/** Money is integer bani (1 RON = 100 bani) on the wire and in the database. */
export function formatRon(bani: number | null | undefined): string {
  const value = (bani ?? 0) / 100;
  const [whole = '0', fraction = '00'] = Math.abs(value).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${value < 0 ? '-' : ''}${grouped},${fraction} RON`;
}

export const RON_INPUT_ERROR = 'Introduceți o sumă, de ex. 2,80';

export type ParsedRon = { ok: true; bani: number } | { ok: false; error: string };

/**
 * An amount typed in RON ('2,80', '2.80', '12', '0,5') as integer bani, without floating point:
 * the whole part and at most two decimals, either separator.
 */
export function parseRon(text: string): ParsedRon {
  const match = /^(\d{1,9})(?:[.,](\d{0,2}))?$/.exec(text.trim().replace(/\s+/g, ''));
  if (!match) return { ok: false, error: RON_INPUT_ERROR };
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return { ok: true, bani: whole * 100 + fraction };
}

/** Bani as an input holds them: '2,80', no thousands dots and no currency; null is empty. */
export function formatRonInput(bani: number | null | undefined): string {
  if (bani === null || bani === undefined) return '';
  const sign = bani < 0 ? '-' : '';
  const abs = Math.abs(bani);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}
