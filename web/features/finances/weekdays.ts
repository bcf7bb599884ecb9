/** The days of a surcharge, 1 = Monday … 7 = Sunday, as the chips and the list name them. */
export const WEEKDAY_LABELS: Record<number, string> = {
  1: 'Lu',
  2: 'Ma',
  3: 'Mi',
  4: 'Jo',
  5: 'Vi',
  6: 'Sâ',
  7: 'Du',
};
