import { createSimulatorSession } from '@common/simulator/simulator.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, route } from '../../http/route';
import type { SimulatorService } from './simulator.service';

/** Admins and dispatchers only (issue #17): a company user or a driver acts as nobody. */
const SIMULATOR_ROLES = ['admin', 'dispatcher'] as const;

/** Registered only with SIMULATOR_ENABLED (server/app.ts): otherwise the path answers 404. */
export function simulatorRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  simulator: SimulatorService,
) {
  route(
    app,
    authenticate,
    createSimulatorSession,
    { roles: SIMULATOR_ROLES },
    ({ auth, body, request }) =>
      simulator.createSession(auth, body.driver_id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        log: request.log,
      }),
  );
}
