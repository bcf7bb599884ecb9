import { bucharestParts } from '../lib/dates';

/**
 * What a trip costs, in integer bani (1 RON = 100 bani). Pure: the server computes estimates
 * and final fares with it, the console shows its breakdown (docs/MONEY.md).
 */

/** A company's meter for one service (or every service). */
export interface Meter {
  /** Bani charged when the trip starts. */
  start_fee: number;
  /** Bani per kilometre driven. */
  per_km: number;
  /** Bani per minute of trip. */
  per_minute: number;
  /** The least a metered trip costs, bani. */
  minimum_fare: number;
}

/**
 * A surcharge window in Bucharest time: `days` 1 = Monday … 7 = Sunday, the day the window
 * starts; `time_to` earlier than `time_from` runs past midnight into the next day.
 */
export interface Surcharge {
  days: readonly number[];
  /** 'HH:mm'. */
  time_from: string;
  time_to: string;
  /** The metered fare × percent / 100 (150 = one and a half). */
  percent: number;
}

export interface FareBreakdown {
  start_fee: number;
  /** Bani for the distance, not yet rounded. */
  distance: number;
  /** Bani for the time, not yet rounded. */
  time: number;
  /** The surcharge applied (100: none). */
  percent: number;
  /** The minimum fare was charged instead of the meter. */
  minimum_applied: boolean;
}

const minutesOf = (hhmm: string) => {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
};

/** Monday 1 … Sunday 7 of a Bucharest calendar date. */
const weekdayOf = (year: number, month: number, day: number) => {
  const sunday0 = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return sunday0 === 0 ? 7 : sunday0;
};

/** Whether the Bucharest wall clock at `at` falls in the window. */
export function inWindow(window: Surcharge, at: Date): boolean {
  const parts = bucharestParts(at);
  const today = weekdayOf(Number(parts.year), Number(parts.month), Number(parts.day));
  const yesterday = today === 1 ? 7 : today - 1;
  const now = Number(parts.hour) * 60 + Number(parts.minute);
  const from = minutesOf(window.time_from);
  const to = minutesOf(window.time_to);
  if (from <= to) return window.days.includes(today) && now >= from && now < to;
  // Past midnight: the evening of a listed day, or the small hours after one.
  return (
    (window.days.includes(today) && now >= from) || (window.days.includes(yesterday) && now < to)
  );
}

/** The surcharge at `at`: the highest of the windows it falls in, 100 when none. */
export function surchargeAt(windows: readonly Surcharge[], at: Date): number {
  return windows.filter((w) => inWindow(w, at)).reduce((high, w) => Math.max(high, w.percent), 100);
}

/**
 * The metered fare: start fee + km + minutes, times the surcharge, rounded half up to whole
 * bani once at the end, and never under the minimum fare.
 */
export function meteredFare(
  meter: Meter,
  trip: { distance_m: number; duration_s: number },
  percent = 100,
): { cost: number; breakdown: FareBreakdown } {
  const distance = (meter.per_km * Math.max(0, trip.distance_m)) / 1000;
  const time = (meter.per_minute * Math.max(0, trip.duration_s)) / 60;
  const metered = Math.round(((meter.start_fee + distance + time) * percent) / 100);
  const minimumApplied = metered < meter.minimum_fare;
  return {
    cost: minimumApplied ? meter.minimum_fare : metered,
    breakdown: {
      start_fee: meter.start_fee,
      distance,
      time,
      percent,
      minimum_applied: minimumApplied,
    },
  };
}
