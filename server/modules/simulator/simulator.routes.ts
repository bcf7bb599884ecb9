import { createSimulatorSession } from '@common/simulator/simulator.api';
import type { FastifyInstance } from 'fastify';
import { ACTS_AS_DRIVER } from '../../http/auth-context';
import { type Authenticate, route } from '../../http/route';
import type { SimulatorService } from './simulator.service';

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
    { roles: ACTS_AS_DRIVER },
    ({ auth, body, request }) =>
      // Admins and dispatchers only: a company user or a driver acts as nobody.
      simulator.createSession(auth, body.driver_id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        log: request.log,
      }),
  );
}
