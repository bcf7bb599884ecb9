import {
  banUser,
  getDriverStatus,
  getDriversInfo,
  getDriversPositions,
  getZoneStatistics,
  setDriverStatus,
} from '@common/drivers/drivers.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import type { DriversService } from './drivers.service';
import type { DriverWritePath } from './state/driver-write-path';

const DISPATCH = ['admin', 'dispatcher'] as const;
const DRIVER = ['driver'] as const;

export function driversRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  drivers: DriversService,
  writes: DriverWritePath,
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
  route(app, authenticate, setDriverStatus, { roles: DRIVER }, ({ auth, body }) =>
    writes.setStatus(auth, body.status),
  );
  route(app, authenticate, getDriverStatus, { roles: DRIVER }, ({ auth }) => drivers.own(auth));
}
