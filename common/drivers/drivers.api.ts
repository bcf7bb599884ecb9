import { defineEndpoint } from '../http/define-endpoint';
import { UserIdParamsSchema } from '../users/users.schema';
import {
  BanBodySchema,
  BanResultSchema,
  DriverPositionsSchema,
  DriverStateSchema,
  DriverStatusBodySchema,
  DriversInfoQuerySchema,
  DriversInfoSchema,
  ZoneStatisticsSchema,
} from './drivers.schema';

/** GET /api/drivers-positions (every 25 s): the online drivers of the caller's companies. */
export const getDriversPositions = defineEndpoint({
  method: 'GET',
  path: '/api/drivers-positions',
  response: DriverPositionsSchema,
});

/** PATCH /api/users/{id}/ban: bans (or, with an empty body, unbans) a driver. */
export const banUser = defineEndpoint({
  method: 'PATCH',
  path: '/api/users/:id/ban',
  params: UserIdParamsSchema,
  body: BanBodySchema,
  response: BanResultSchema,
  errors: [409],
});

/**
 * The driver's app goes online, paused or offline (docs/DRIVER-API.md). The driver is the
 * token's user; a banned driver cannot go online (409).
 */
export const setDriverStatus = defineEndpoint({
  method: 'PATCH',
  path: '/api/drivers/me/status',
  body: DriverStatusBodySchema,
  response: DriverStateSchema,
  // 404: the user lost the driver role since his session began.
  errors: [404, 409],
});

/** The driver's own state (his app reads it after a reconnect). */
export const getDriverStatus = defineEndpoint({
  method: 'GET',
  path: '/api/drivers/me/status',
  response: DriverStateSchema,
  errors: [404],
});

/** GET /api/polygons/statistics (every 30 s): busy and free drivers per zone. */
export const getZoneStatistics = defineEndpoint({
  method: 'GET',
  path: '/api/polygons/statistics',
  response: ZoneStatisticsSchema,
});

/** GET /api/statistics/drivers-info?polygon_id: the free drivers of one zone. */
export const getDriversInfo = defineEndpoint({
  method: 'GET',
  path: '/api/statistics/drivers-info',
  query: DriversInfoQuerySchema,
  response: DriversInfoSchema,
  // Another company's zone, or none.
  errors: [404],
});
