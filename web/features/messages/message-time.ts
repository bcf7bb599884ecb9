import { fromUtcString } from '@common/lib/dates';
import dayjs from 'dayjs';

// Stored times are 'YYYY-MM-DD HH:mm:ss' UTC; an ISO time with its zone is read as it is.
const parse = (utc: string) => {
  const date = /[zZ]|[+-]\d\d:?\d\d$/.test(utc) ? new Date(utc) : fromUtcString(utc);
  return Number.isNaN(date.getTime()) ? null : dayjs(date);
};

/** The list's time: HH:mm today, DD.MM another day (local). */
export function listTime(utc: string, now: number = Date.now()): string {
  const date = parse(utc);
  if (!date) return '';
  return date.isSame(now, 'day') ? date.format('HH:mm') : date.format('DD.MM');
}

/** A message's own time, HH:mm. */
export const messageClock = (utc: string): string => parse(utc)?.format('HH:mm') ?? '';

/** The window's date separators, DD.MM.YYYY. */
export const messageDay = (utc: string): string => parse(utc)?.format('DD.MM.YYYY') ?? '';
