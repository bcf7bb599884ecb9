/** SPEC §9: times are stored in UTC as `YYYY-MM-DD HH:mm:ss`. */
export const toUtcString = (date: Date): string =>
  date.toISOString().slice(0, 19).replace('T', ' ');

/** Parses a stored UTC `YYYY-MM-DD HH:mm:ss` into a Date. */
export const fromUtcString = (value: string): Date => new Date(`${value.replace(' ', 'T')}Z`);
