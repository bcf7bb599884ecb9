/**
 * Phone normalisation (SPEC §5), the one function used for storage, search and the
 * blocked-number check (DESIGN §4): separators dropped, `00…` → `+…`, Romanian national
 * numbers (`07…`, `7…` with 9 digits, `40…` with 11 digits) → `+40…`, anything else gets the
 * spec's `+4` prefix. The result is E.164-shaped or null when it cannot be a phone number.
 */
export function normalizePhone(input: string): string | null {
  const compact = input
    .trim()
    .toLowerCase()
    .replace(/[\s\-./()]/g, '');
  if (compact === '') return null;
  let digits: string;
  if (compact.startsWith('+')) digits = compact.slice(1);
  else if (compact.startsWith('00')) digits = compact.slice(2);
  else if (compact.startsWith('0')) digits = `4${compact}`;
  else if (/^40\d{9}$/.test(compact)) digits = compact;
  else if (/^[237]\d{8}$/.test(compact)) digits = `40${compact}`;
  else digits = `4${compact}`;
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}

/** Message for a number normalizePhone rejects. */
export const INVALID_PHONE = 'Număr de telefon invalid.';
