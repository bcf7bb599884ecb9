import type { ChartRange } from './dashboard.schema';

/** Longest span drawn day by day; a longer one is drawn by month (a readable chart). */
export const MAX_DAILY_SPAN_DAYS = 184;

const DAY_MS = 86_400_000;
const parse = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y ?? 2000, (m ?? 1) - 1, d ?? 1);
};
const format = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The same day `months` months earlier (clamped to the month's end), plus one day. */
function monthsBefore(day: string, months: number): string {
  const at = new Date(parse(day));
  const target = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return format(target.getTime() + DAY_MS);
}

/** The first day of the month `months` months before `day`'s month. */
function monthStart(day: string, months: number): string {
  const at = new Date(parse(day));
  return format(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - months, 1));
}

export interface ChartWindow {
  /** First day shown, `YYYY-MM-DD` (a month's first day when drawn by month). */
  from: string;
  granularity: 'day' | 'month';
}

/**
 * The days a range of the dashboard chart covers, ending today (Bucharest): '1 lună' and '6 luni'
 * the last month or six, 'Anual' the last twelve months (this one included), 'De la începutul anului' since 1 January,
 * 'Tot' since the company's first order. Up to ~6 months are drawn by day, longer by month.
 */
export function chartWindow(
  range: ChartRange,
  today: string,
  firstDay: string | null,
): ChartWindow {
  const from = (() => {
    switch (range) {
      case '1m':
        return monthsBefore(today, 1);
      case '6m':
        return monthsBefore(today, 6);
      case 'year':
        // Twelve monthly points, this month the last.
        return monthStart(today, 11);
      case 'ytd':
        return `${today.slice(0, 4)}-01-01`;
      case 'all':
        return firstDay !== null && firstDay < today ? firstDay : today;
    }
  })();
  const span = (parse(today) - parse(from)) / DAY_MS;
  return span <= MAX_DAILY_SPAN_DAYS
    ? { from, granularity: 'day' }
    : { from: `${from.slice(0, 7)}-01`, granularity: 'month' };
}
