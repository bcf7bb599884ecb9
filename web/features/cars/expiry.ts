import { formatDateInput } from '../../lib/date-input';

/** Days ahead a document's expiry is flagged (past, or within 30 days). */
export const EXPIRY_WARNING_DAYS = 30;

export type ExpiryState = 'none' | 'expired' | 'soon' | 'ok';

/** Today as YYYY-MM-DD in local time. */
const todayOf = (now: Date): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** A document valid until `day` (YYYY-MM-DD, inclusive): expired, expiring soon, or fine. */
export function expiryState(day: string | null, now: Date = new Date()): ExpiryState {
  if (!day) return 'none';
  const today = todayOf(now);
  if (day < today) return 'expired';
  const limit = new Date(now);
  limit.setDate(limit.getDate() + EXPIRY_WARNING_DAYS);
  return day <= todayOf(limit) ? 'soon' : 'ok';
}

export const EXPIRY_COLOR: Record<ExpiryState, string | undefined> = {
  none: undefined,
  expired: 'red',
  soon: 'orange',
  ok: undefined,
};

/** DD.MM.YYYY or a dash. */
export const formatDay = (day: string | null): string => (day ? formatDateInput(day) : '—');
