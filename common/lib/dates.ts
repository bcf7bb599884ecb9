/** Times are stored in UTC as `YYYY-MM-DD HH:mm:ss`. */
export const toUtcString = (date: Date): string =>
  date.toISOString().slice(0, 19).replace('T', ' ');

/** Parses a stored UTC `YYYY-MM-DD HH:mm:ss` into a Date. */
export const fromUtcString = (value: string): Date => new Date(`${value.replace(' ', 'T')}Z`);

const bucharest = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Bucharest',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant's wall-clock parts in Bucharest, two digits each but the year (times are
 * stored UTC and shown, and filtered by day and hour, in Bucharest time).
 */
export function bucharestParts(
  date: Date,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const part: Record<string, string> = {};
  for (const { type, value } of bucharest.formatToParts(date)) part[type] = value;
  return {
    year: part.year ?? '',
    month: part.month ?? '',
    day: part.day ?? '',
    hour: part.hour ?? '',
    minute: part.minute ?? '',
    second: part.second ?? '',
  };
}

/** The Bucharest calendar day of an instant, `YYYY-MM-DD` (validity dates are such days). */
export function bucharestDate(date: Date): string {
  const { year, month, day } = bucharestParts(date);
  return `${year}-${month}-${day}`;
}
