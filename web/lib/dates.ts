import { bucharestParts, fromUtcString, toUtcString } from '@common/lib/dates';
import dayjs from 'dayjs';

/**
 * Display of stored UTC times (stored `YYYY-MM-DD HH:mm:ss` UTC, shown local as
 * DD.MM.YYYY HH:mm; the order history in Bucharest time).
 */
const parse = (utc: string | null | undefined): Date | null => {
  if (!utc) return null;
  const date = fromUtcString(utc);
  return Number.isNaN(date.getTime()) ? null : date;
};

export const formatDateTime = (utc: string | null | undefined): string => {
  const date = parse(utc);
  return date ? dayjs(date).format('DD.MM.YYYY HH:mm') : '—';
};

/** Order list Time column. */
export const formatClock = (utc: string | null | undefined): string => {
  const date = parse(utc);
  return date ? dayjs(date).format('HH:mm:ss') : '—';
};

/** The list's time: HH:mm:ss today, DD.MM HH:mm on another day (local). */
export const formatListTime = (
  utc: string | null | undefined,
  now: number = Date.now(),
): string => {
  const date = parse(utc);
  if (!date) return '—';
  return dayjs(date).isSame(now, 'day')
    ? dayjs(date).format('HH:mm:ss')
    : dayjs(date).format('DD.MM HH:mm');
};

/** Whole minutes between a stored UTC time and now. */
export const minutesSince = (utc: string | null | undefined, now: number = Date.now()): number =>
  Math.floor(secondsSince(utc, now) / 60);

/** The order history time is shown in Bucharest time, DD.MM.YYYY HH:mm. */
export const formatBucharest = (utc: string | null | undefined): string => {
  const date = parse(utc);
  if (!date) return '—';
  const parts = bucharestParts(date);
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
};

/** Whole seconds between a stored UTC time and now (the in-call timer). */
export const secondsSince = (utc: string | null | undefined, now: number = Date.now()): number => {
  const date = parse(utc);
  return date ? Math.max(0, Math.floor((now - date.getTime()) / 1000)) : 0;
};

/** 75 → '01:15'; an hour and more → '1:01:15'. */
export const formatElapsed = (seconds: number): string => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
};

/** Local date and time inputs (YYYY-MM-DD, HH:mm) → stored UTC string. */
export const localInputsToUtc = (date: string, time: string): string | null => {
  const local = dayjs(`${date}T${time}`);
  return local.isValid() ? toUtcString(local.toDate()) : null;
};

/** A stored UTC string → the local date and time inputs. */
export const utcToLocalInputs = (
  utc: string | null | undefined,
): { date: string; time: string } => {
  const date = parse(utc) ?? new Date();
  return { date: dayjs(date).format('YYYY-MM-DD'), time: dayjs(date).format('HH:mm') };
};
