import { getCandidateDrivers } from '@common/drivers/candidates.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, CONSOLE_ROLES, route } from '../../../http/route';
import type { CandidatesService } from './candidates.service';

/** The manual assignment's driver list: read by whoever reads the fleet. */
export function candidatesRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  candidates: CandidatesService,
) {
  route(
    app,
    authenticate,
    getCandidateDrivers,
    { roles: CONSOLE_ROLES },
    ({ auth, params, query }) => candidates.forOrder(auth, params.id, query.search),
  );
}
