import {
  createAccessToken,
  deleteAccessToken,
  updateUserActivity,
  verifyAccessToken,
} from '@common/auth/auth.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import type { AuthService } from './auth.service';
import { deviceSetCookie, readCookies } from './device-cookie';

export function authRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  auth: AuthService,
  options: { secureCookies: boolean },
) {
  route(
    app,
    authenticate,
    createAccessToken,
    { public: true },
    async ({ body, request, reply }) => {
      const { accessToken, device } = await auth.login(body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        cookies: readCookies(request.headers.cookie),
      });
      // The device cookie stays out of the body and out of scripts' reach.
      reply.header('set-cookie', deviceSetCookie(device, { secure: options.secureCookies }));
      return accessToken;
    },
  );
  route(app, authenticate, verifyAccessToken, { roles: 'any' }, ({ auth: session }) =>
    auth.loggedUser(session),
  );
  route(app, authenticate, deleteAccessToken, { roles: 'any' }, async ({ auth: session }) => {
    await auth.logout(session);
    return null;
  });
  // The console's users only: a driver's online state is his own, with its change stream
  // (PATCH /api/drivers/me/status).
  route(
    app,
    authenticate,
    updateUserActivity,
    { roles: CONSOLE_ROLES },
    ({ auth: session, body }) => auth.setActivity(session, body.isOnline),
  );
}
