import { changePassword, updateAccount } from '@common/account/account.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, route } from '../../http/route';
import type { AccountService } from './account.service';

/** /settings/account: any logged-in user, on his own account only (the token says whose). */
export function accountRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  account: AccountService,
) {
  route(app, authenticate, updateAccount, { roles: 'any' }, ({ auth, body }) =>
    account.update(auth, body),
  );
  route(app, authenticate, changePassword, { roles: 'any' }, ({ auth, body, request }) =>
    account.changePassword(auth, body, { ip: request.ip }),
  );
}
