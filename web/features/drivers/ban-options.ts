import {
  BAN_FOREVER_UNTIL,
  BAN_REASON_REQUIRED,
  type BanBody,
  BanBodySchema,
} from '@common/drivers/drivers.schema';
import { fromUtcString } from '@common/lib/dates';
import { formatDateTime } from '../../lib/dates';

/** Ban options: 3, 12, 24, 48 hours, 4 days, permanent (2100-01-01 00:00:00). */
export const BAN_OPTIONS = [
  { key: '3h', label: '3 ore', period: { unit: 'hours', amount: 3 } },
  { key: '12h', label: '12 ore', period: { unit: 'hours', amount: 12 } },
  { key: '24h', label: '24 ore', period: { unit: 'hours', amount: 24 } },
  { key: '48h', label: '48 ore', period: { unit: 'hours', amount: 48 } },
  { key: '4d', label: '4 zile', period: { unit: 'days', amount: 4 } },
  { key: 'forever', label: 'Permanent', period: { ban_forever: true } },
] as const;
export type BanOption = (typeof BAN_OPTIONS)[number];

/**
 * The PATCH /api/users/{id}/ban body for an option and a reason, checked with the
 * contract's own schema: a blank reason answers SPEC's required-reason message instead.
 */
export function banBody(
  option: BanOption,
  reason: string,
): { body: BanBody; error: null } | { body: null; error: string } {
  const parsed = BanBodySchema.safeParse({ ...option.period, reason });
  if (parsed.success) return { body: parsed.data, error: null };
  const onReason = parsed.error.issues.find((issue) => issue.path[0] === 'reason');
  return { body: null, error: onReason?.message ?? BAN_REASON_REQUIRED };
}

/** Whether a driver is banned now: a ban date still ahead. */
export function isBanned(banUntil: string | null, now: number = Date.now()): boolean {
  return banUntil !== null && fromUtcString(banUntil).getTime() > now;
}

/** 'permanent' or 'până la DD.MM.YYYY HH:mm' (local time). */
export const banUntilText = (banUntil: string): string =>
  banUntil === BAN_FOREVER_UNTIL ? 'permanent' : `până la ${formatDateTime(banUntil)}`;
