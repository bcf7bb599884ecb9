import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import {
  CreatedReportLinkSchema,
  CreateReportLinkBodySchema,
  DriverIdParamsSchema,
  DriverOrdersQuerySchema,
  DriverReportSchema,
  DriverTripListSchema,
  ReportLinkParamsSchema,
  ReportLinkSchema,
  ReportPageQuerySchema,
  ReportTokenParamsSchema,
} from './driver-reports.schema';

/** Other screens, driver order list: a driver's trips, newest first, 30 a page. */
export const listDriverOrders = defineEndpoint({
  method: 'GET',
  path: '/api/drivers/:id/orders',
  params: DriverIdParamsSchema,
  query: DriverOrdersQuerySchema,
  response: DriverTripListSchema,
});

/** A new link to the driver's trip history; the only answer carrying its token. */
export const createReportLink = defineEndpoint({
  method: 'POST',
  path: '/api/drivers/:id/report-links',
  params: DriverIdParamsSchema,
  body: CreateReportLinkBodySchema,
  response: CreatedReportLinkSchema,
  status: 201,
});

export const listReportLinks = defineEndpoint({
  method: 'GET',
  path: '/api/drivers/:id/report-links',
  params: DriverIdParamsSchema,
  response: z.array(ReportLinkSchema),
});

export const revokeReportLink = defineEndpoint({
  method: 'DELETE',
  path: '/api/drivers/:id/report-links/:linkId',
  params: ReportLinkParamsSchema,
  response: z.null(),
  status: 204,
});

/** /driver/reports/{token}: public; an unknown, expired or revoked token is a 404. */
export const getDriverReport = defineEndpoint({
  method: 'GET',
  path: '/api/driver-reports/:token',
  params: ReportTokenParamsSchema,
  query: ReportPageQuerySchema,
  response: DriverReportSchema,
  errors: [404, 429],
});
