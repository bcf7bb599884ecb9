import { bucharestParts } from '../lib/dates';
import type { IntervalType } from './search-config.schema';

/**
 * Which search interval applies at a moment (Search interval): pure, so the
 * engine's choice is unit-tested without a database. docs/DISPATCH.md '## Search configuration'.
 */

/** A moment as the intervals read it: Bucharest wall-clock date, weekday and time. */
export interface MomentParts {
  /** 'YYYY-MM-DD' in Europe/Bucharest. */
  date: string;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** 'HH:mm:ss' in Europe/Bucharest. */
  time: string;
}

/** What matching needs of an interval (a stored row has more). */
export interface MatchableInterval {
  type: IntervalType | string;
  value: {
    time_from: string;
    time_to: string;
    selected_day: number | null;
    custom_day: string | null;
  };
}

/**
 * The moment `ms` in Europe/Bucharest: the company's wall clock ('Order history time is
 * shown in Bucharest time'; the intervals' windows are written by people on that clock).
 */
export function bucharestMoment(ms: number): MomentParts {
  const parts = bucharestParts(new Date(ms));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  // The calendar day's weekday does not depend on a zone: read it at UTC noon of that date.
  const sundayZero = new Date(`${date}T12:00:00Z`).getUTCDay();
  return {
    date,
    weekday: sundayZero === 0 ? 7 : sundayZero,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

/**
 * Whether an interval applies at a moment: its time window holds the time (both ends included:
 * the default 00:00:00–23:59:59 covers the whole day), and its day matches — a custom
 * interval's date, or a weekdays interval's weekday (null: every day).
 */
export function intervalMatches(interval: MatchableInterval, moment: MomentParts): boolean {
  const { time_from, time_to, selected_day, custom_day } = interval.value;
  if (moment.time < time_from || moment.time > time_to) return false;
  if (interval.type === 'custom') return custom_day === moment.date;
  if (interval.type === 'weekdays') return selected_day === null || selected_day === moment.weekday;
  return false;
}

/** The first interval, in the order given (position order), that applies at the moment. */
export function firstMatching<T extends MatchableInterval>(
  intervals: readonly T[],
  moment: MomentParts,
): T | undefined {
  return intervals.find((interval) => intervalMatches(interval, moment));
}
