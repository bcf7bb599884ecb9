import {
  createAccessToken,
  deleteAccessToken,
  updateUserActivity,
  verifyAccessToken,
} from '@common/auth/auth.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, route } from '../../http/route';
import type { AuthService } from './auth.service';

export function authRoutes(app: FastifyInstance, authenticate: Authenticate, auth: AuthService) {
  route(app, authenticate, createAccessToken, { public: true }, ({ body, request }) =>
    auth.login(body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null }),
  );
  route(app, authenticate, verifyAccessToken, { roles: 'any' }, ({ auth: session }) =>
    auth.loggedUser(session),
  );
  route(app, authenticate, deleteAccessToken, { roles: 'any' }, async ({ auth: session }) => {
    await auth.logout(session);
    return null;
  });
  route(app, authenticate, updateUserActivity, { roles: 'any' }, ({ auth: session, body }) =>
    auth.setActivity(session, body.isOnline),
  );
}
