import { toUtcString } from '@common/lib/dates';
import dayjs from 'dayjs';

/** How long a new announcement stays up: a choice, not a date to type (8 h a day of work). */
export const EXPIRY_CHOICES = [
  { value: 'none', label: 'Până la arhivare' },
  { value: 'end-of-day', label: 'Până la sfârșitul zilei' },
  { value: '24h', label: '24 de ore' },
  { value: '7d', label: '7 zile' },
] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

/** The stored UTC expiry of a choice made at `now`; null: until archived. */
export function expiresAt(choice: ExpiryChoice, now: Date = new Date()): string | null {
  const at = dayjs(now);
  switch (choice) {
    case 'none':
      return null;
    case 'end-of-day':
      return toUtcString(at.endOf('day').toDate());
    case '24h':
      return toUtcString(at.add(24, 'hour').toDate());
    case '7d':
      return toUtcString(at.add(7, 'day').toDate());
  }
}
