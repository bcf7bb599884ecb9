import {
  createUser,
  getUser,
  getUserMeta,
  listCompanyChoices,
  listUsers,
  setUserPassword,
  updateUser,
} from '@common/users/users.api';
import type { FastifyInstance } from 'fastify';
import { ADMINISTRATORS } from '../../http/auth-context';
import { type Authenticate, route } from '../../http/route';
import { PEOPLE_READERS } from './user-authority';
import type { UsersService } from './users.service';

export function usersRoutes(app: FastifyInstance, authenticate: Authenticate, users: UsersService) {
  // Dispatchers read their companies' users (the order form picks drivers and protocol
  // companies); only administrators write them (docs/ADMINISTRATION.md "People and cars").
  route(app, authenticate, getUser, { roles: PEOPLE_READERS }, ({ auth, params }) =>
    users.get(auth, params.id),
  );
  route(app, authenticate, listUsers, { roles: PEOPLE_READERS }, ({ auth, query }) =>
    users.list(auth, query),
  );
  route(app, authenticate, getUserMeta, { roles: 'any' }, ({ auth, params }) =>
    users.meta(auth, params.id),
  );
  route(app, authenticate, createUser, { roles: ADMINISTRATORS }, ({ auth, body }) =>
    users.create(auth, body),
  );
  route(app, authenticate, updateUser, { roles: ADMINISTRATORS }, ({ auth, params, body }) =>
    users.update(auth, params.id, body),
  );
  route(app, authenticate, listCompanyChoices, { roles: ADMINISTRATORS }, ({ auth }) =>
    users.companies(auth),
  );
  route(
    app,
    authenticate,
    setUserPassword,
    { roles: ADMINISTRATORS },
    async ({ auth, params, body }) => {
      await users.setPassword(auth, params.id, body.password);
      return null;
    },
  );
}
