import { bucharestDate } from '@common/lib/dates';

const NAMES = [
  'ianuarie',
  'februarie',
  'martie',
  'aprilie',
  'mai',
  'iunie',
  'iulie',
  'august',
  'septembrie',
  'octombrie',
  'noiembrie',
  'decembrie',
];

/** The Bucharest month of `now`, `YYYY-MM` (statements are billed by Bucharest months). */
export const currentMonth = (now: Date = new Date()): string => bucharestDate(now).slice(0, 7);

/** '2026-11' → 'noiembrie 2026'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${NAMES[Number(number) - 1] ?? month} ${year}`;
}

/** `count` months back from `month`, newest first. */
export function monthsBefore(month: string, count: number): string[] {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + (number - 1) - i;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** A `?month=` value the server takes, else the current month. */
export const monthOf = (value: string | null, now?: Date): string =>
  value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : currentMonth(now);
