import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import { idParam } from '../http/fields';
import {
  AnnouncementBodySchema,
  AnnouncementSchema,
  CommonStatisticsSchema,
  IncidentBodySchema,
  IncidentListQuerySchema,
  IncidentSchema,
  OrdersChartQuerySchema,
  OrdersChartSchema,
} from './dashboard.schema';

const IdParams = z.object({ id: idParam() });

/** GET /api/statistics/common (polled every 30 s). */
export const getCommonStatistics = defineEndpoint({
  method: 'GET',
  path: '/api/statistics/common',
  response: CommonStatisticsSchema,
});

/** The dashboard's chart, from the daily counts (never a scan of the orders). */
export const getOrdersChart = defineEndpoint({
  method: 'GET',
  path: '/api/statistics/orders-chart',
  query: OrdersChartQuerySchema,
  response: OrdersChartSchema,
});

/** The active announcements of the caller's companies, newest first. */
export const listAnnouncements = defineEndpoint({
  method: 'GET',
  path: '/api/announcements',
  response: z.array(AnnouncementSchema),
});

export const createAnnouncement = defineEndpoint({
  method: 'POST',
  path: '/api/announcements',
  body: AnnouncementBodySchema,
  response: AnnouncementSchema,
  status: 201,
  // The caller belongs to no company.
  errors: [403],
});

export const archiveAnnouncement = defineEndpoint({
  method: 'POST',
  path: '/api/announcements/:id/archive',
  params: IdParams,
  response: AnnouncementSchema,
});

/** The incidents of the caller's companies (open ones unless asked), newest first. */
export const listIncidents = defineEndpoint({
  method: 'GET',
  path: '/api/incidents',
  query: IncidentListQuerySchema,
  response: z.array(IncidentSchema),
});

export const createIncident = defineEndpoint({
  method: 'POST',
  path: '/api/incidents',
  body: IncidentBodySchema,
  response: IncidentSchema,
  status: 201,
  errors: [403],
});

/**
 * docs/DRIVER-API.md: a driver reports an incident from his app, on one of his own trips or
 * not; the dispatchers see it on the dashboard.
 */
export const reportDriverIncident = defineEndpoint({
  method: 'POST',
  path: '/api/drivers/me/incidents',
  body: IncidentBodySchema,
  response: IncidentSchema,
  status: 201,
  errors: [403],
});

export const resolveIncident = defineEndpoint({
  method: 'POST',
  path: '/api/incidents/:id/resolve',
  params: IdParams,
  response: IncidentSchema,
});
