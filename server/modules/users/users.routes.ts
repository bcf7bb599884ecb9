import { getUser, getUserMeta, listUsers } from '@common/users/users.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, route } from '../../http/route';
import type { UsersService } from './users.service';

/** Reading users is for the back-office roles; drivers and clients use their own apps. */
const BACK_OFFICE = ['admin', 'dispatcher', 'company'] as const;

export function usersRoutes(app: FastifyInstance, authenticate: Authenticate, users: UsersService) {
  route(app, authenticate, getUser, { roles: BACK_OFFICE }, ({ auth, params }) =>
    users.get(auth, params.id),
  );
  route(app, authenticate, listUsers, { roles: BACK_OFFICE }, ({ auth, query }) =>
    users.list(auth, query),
  );
  route(app, authenticate, getUserMeta, { roles: 'any' }, ({ auth, params }) =>
    users.meta(auth, params.id),
  );
}
