import type { OrdersChart } from '@common/dashboard/dashboard.schema';

/** The chart's range buttons, in the order shown. */
export const RANGE_LABELS = [
  { value: '1m', label: '1 lună' },
  { value: '6m', label: '6 luni' },
  { value: 'year', label: 'Anual' },
  { value: 'ytd', label: 'De la începutul anului' },
  { value: 'all', label: 'Tot' },
] as const;

const MONTHS = ['ian', 'feb', 'mar', 'apr', 'mai', 'iun', 'iul', 'aug', 'sep', 'oct', 'noi', 'dec'];

/** A point's label: DD.MM for a day (dates), 'noi 2026' for a month. */
export function pointLabel(date: string, granularity: OrdersChart['granularity']): string {
  const [year, month, day] = date.split('-');
  if (granularity === 'month') return `${MONTHS[Number(month) - 1] ?? month} ${year}`;
  return `${day}.${month}`;
}

/** The chart's rows: one per point, the two series under their Romanian names. */
export const chartRows = (chart: OrdersChart) =>
  chart.points.map((point) => ({
    label: pointLabel(point.date, chart.granularity),
    Online: point.online,
    Telefon: point.phone,
  }));
