/** Separators people type inside a number; dropped before anything else. */
const compactOf = (input: string) =>
  input
    .trim()
    .toLowerCase()
    .replace(/[\s\-./()]/g, '');

/**
 * Prefix rules on a compact number, as digits without the `+`: `+…` kept, `00…` → `…`,
 * Romanian national numbers (`07…`, `7…` with 9 digits, `40…` with 11 digits) → `40…`, anything
 * else gets the spec's `4` prefix.
 */
function prefixedDigits(compact: string): string {
  if (compact.startsWith('+')) return compact.slice(1);
  if (compact.startsWith('00')) return compact.slice(2);
  if (compact.startsWith('0')) return `4${compact}`;
  if (/^40\d{9}$/.test(compact)) return compact;
  if (/^[237]\d{8}$/.test(compact)) return `40${compact}`;
  return `4${compact}`;
}

/**
 * Phone normalisation, the one function used for storage, search and the
 * blocked-number check: separators dropped, `00…` → `+…`, Romanian national
 * numbers (`07…`, `7…` with 9 digits, `40…` with 11 digits) → `+40…`, anything else gets the
 * spec's `+4` prefix. The result is E.164-shaped or null when it cannot be a phone number.
 */
export function normalizePhone(input: string): string | null {
  const compact = compactOf(input);
  if (compact === '') return null;
  const digits = prefixedDigits(compact);
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}

/**
 * The digits a phone search looks for inside stored (normalised) numbers, or null when the
 * query is not made of digits (a text search). A query that starts the way a whole number does
 * (`+`, `00`, `0`) is read by normalizePhone's rules, so '0744 55' finds +40744555666; bare
 * digits may be any part of a number ('555 666'), where the `+4` prefix of a whole number would
 * only miss matches.
 */
export function phoneSearchDigits(input: string): string | null {
  const compact = compactOf(input);
  if (!/^\+?\d+$/.test(compact)) return null;
  return /^[+0]/.test(compact) ? prefixedDigits(compact) : compact;
}

/** Message for a number normalizePhone rejects. */
export const INVALID_PHONE = 'Număr de telefon invalid.';
