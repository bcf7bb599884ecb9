import { z } from 'zod';
import { id, requiredText, utcDateTime } from '../http/fields';

/** Common statistics: the dashboard's counters, for the caller's companies. */
export const CommonStatisticsSchema = z.object({
  driversCount: z.number().int(),
  driversOnlineCount: z.number().int(),
  driversBusyCount: z.number().int(),
  clientsCount: z.number().int(),
  /** Orders created since midnight, Bucharest time (Time). */
  ordersTodayCount: z.number().int(),
  canceledOrdersTodayCount: z.number().int(),
  ordersTotalCount: z.number().int(),
  /** Active announcements: neither archived nor expired. */
  announcesCount: z.number().int(),
  /** Open incidents. */
  incidentsCount: z.number().int(),
});
export type CommonStatistics = z.infer<typeof CommonStatisticsSchema>;

/** The chart's range buttons: '1 lună', '6 luni', 'Anual', 'De la începutul anului', 'Tot'. */
export const CHART_RANGES = ['1m', '6m', 'year', 'ytd', 'all'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

export const OrdersChartQuerySchema = z.strictObject({
  range: z.enum(CHART_RANGES).default('1m'),
});

/** One point of the chart: a day, or a month (`date` is its first day), `YYYY-MM-DD`. */
export const ChartPointSchema = z.object({
  date: z.string(),
  online: z.number().int(),
  phone: z.number().int(),
});
export type ChartPoint = z.infer<typeof ChartPointSchema>;

export const OrdersChartSchema = z.object({
  range: z.enum(CHART_RANGES),
  granularity: z.enum(['day', 'month']),
  points: z.array(ChartPointSchema),
});
export type OrdersChart = z.infer<typeof OrdersChartSchema>;

/** docs/ADMINISTRATION.md "Dashboard": a note to every console user of a company. */
export const AnnouncementSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  title: z.string(),
  message: z.string(),
  author_name: z.string().nullable(),
  /** UTC `YYYY-MM-DD HH:mm:ss`; null: until archived. */
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

export const ANNOUNCEMENT_EXPIRED = 'Data expirării trebuie să fie în viitor.';

export const AnnouncementBodySchema = z.strictObject({
  title: requiredText(120),
  message: requiredText(2000),
  expires_at: utcDateTime().nullish(),
});
export type AnnouncementBody = z.infer<typeof AnnouncementBodySchema>;

export const INCIDENT_STATES = ['open', 'resolved'] as const;

/** docs/ADMINISTRATION.md "Dashboard": something that went wrong on a trip. */
export const IncidentSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  order_id: z.number().int().nullable(),
  driver_id: z.number().int().nullable(),
  driver_name: z.string().nullable(),
  /** dispatcher | driver: who reported it. */
  source: z.string(),
  reported_by_name: z.string().nullable(),
  description: z.string(),
  state: z.enum(INCIDENT_STATES),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type Incident = z.infer<typeof IncidentSchema>;

export const INCIDENT_ORDER_UNKNOWN = 'Comanda nu există.';

export const IncidentBodySchema = z.strictObject({
  description: requiredText(1000),
  order_id: id().nullish(),
});
export type IncidentBody = z.infer<typeof IncidentBodySchema>;

export const IncidentListQuerySchema = z.strictObject({
  state: z.enum([...INCIDENT_STATES, 'all']).default('open'),
});
