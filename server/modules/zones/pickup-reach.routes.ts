import { getPickupReach } from '@common/zones/zones.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import type { PickupReachCheck } from './pickup-reach.service';

/** Every console's order forms ask it, as they place orders. */
export function pickupReachRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  check: PickupReachCheck,
) {
  route(app, authenticate, getPickupReach, { roles: CONSOLE_ROLES }, ({ auth, query }) =>
    check(auth, query),
  );
}
