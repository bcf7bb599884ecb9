import { getUser, getUserMeta, listUsers } from '@common/users/users.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import type { UsersService } from './users.service';

export function usersRoutes(app: FastifyInstance, authenticate: Authenticate, users: UsersService) {
  route(app, authenticate, getUser, { roles: CONSOLE_ROLES }, ({ auth, params }) =>
    users.get(auth, params.id),
  );
  route(app, authenticate, listUsers, { roles: CONSOLE_ROLES }, ({ auth, query }) =>
    users.list(auth, query),
  );
  route(app, authenticate, getUserMeta, { roles: 'any' }, ({ auth, params }) =>
    users.meta(auth, params.id),
  );
}
