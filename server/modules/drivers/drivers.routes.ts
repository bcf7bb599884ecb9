import {
  banUser,
  getDriverStatus,
  getDriversInfo,
  getDriversPositions,
  getZoneStatistics,
  setDriverStatus,
} from '@common/drivers/drivers.api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../http/auth-context';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import type { DriversService } from './drivers.service';
import type { DriverWritePath } from './state/driver-write-path';

/** Who bans a driver: dispatchers, and a company's manager on his driver's page. */
const DISPATCH = ['admin', 'manager', 'dispatcher'] as const;
const DRIVER = ['driver'] as const;

export function driversRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  drivers: DriversService,
  writes: DriverWritePath,
  /** The driver app spoke from a device (X-Device-Id, devices.service createDeviceSightings). */
  seen: (auth: AuthContext, request: FastifyRequest) => Promise<void> = async () => {},
) {
  route(app, authenticate, getDriversPositions, { roles: CONSOLE_ROLES }, async ({ auth }) =>
    drivers.positions(auth),
  );
  route(app, authenticate, getZoneStatistics, { roles: CONSOLE_ROLES }, async ({ auth }) =>
    drivers.zoneStatistics(auth),
  );
  route(app, authenticate, getDriversInfo, { roles: CONSOLE_ROLES }, async ({ auth, query }) =>
    drivers.driversInfo(auth, query.polygon_id),
  );
  route(app, authenticate, banUser, { roles: DISPATCH }, ({ auth, params, body }) =>
    writes.ban(auth, params.id, body),
  );
  route(app, authenticate, setDriverStatus, { roles: DRIVER }, async ({ auth, body, request }) => {
    await seen(auth, request);
    return writes.setStatus(auth, body.status);
  });
  route(app, authenticate, getDriverStatus, { roles: DRIVER }, async ({ auth, request }) => {
    await seen(auth, request);
    return drivers.own(auth);
  });
}
