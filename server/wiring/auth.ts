import { servedOverHttps } from '../config';
import type { Authenticate } from '../http/route';
import { accountRoutes } from '../modules/account/account.routes';
import { createAccountService } from '../modules/account/account.service';
import { authRoutes } from '../modules/auth/auth.routes';
import { createAuthService } from '../modules/auth/auth.service';
import { type Core, windowSeconds } from './core';

const BEARER = /^Bearer\s+(\S+)$/i;

/** Sessions: login and logout, the bearer check every route uses, a user's own account. */
export function wireAuth(core: Core) {
  const { app, config, db, publisher, failures, sessions } = core;
  const auth = createAuthService({
    db,
    publisher,
    failures,
    sessions,
    tokenTtlSeconds: Math.round(config.TOKEN_TTL_HOURS * 3600),
    maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    maxFailuresPerIp: config.LOGIN_MAX_FAILURES_PER_IP,
    maxFailuresPerAccountUnknownDevices: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_UNKNOWN_DEVICES,
    windowSeconds: windowSeconds(config),
    logger: app.log,
  });
  const authenticate: Authenticate = async (request) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    return match?.[1] ? auth.authenticate(match[1]) : null;
  };
  /** Ends sessions at once: this node's cache forgets them, every node's sockets close. */
  const endSessions = (tokenIds: number[]) => {
    for (const tokenId of tokenIds) {
      sessions.revokeToken(tokenId);
      publisher.endSession(tokenId, 'revoked');
    }
  };

  authRoutes(app, authenticate, auth, { secureCookies: servedOverHttps(config.PUBLIC_URL) });
  accountRoutes(
    app,
    authenticate,
    createAccountService({
      db,
      failures,
      loginLimits: {
        perAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
        perIp: config.LOGIN_MAX_FAILURES_PER_IP,
        perAccountUnknownDevices: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_UNKNOWN_DEVICES,
      },
      windowSeconds: windowSeconds(config),
      endTokens: endSessions,
      refreshUser: (userId) => sessions.revokeUser(userId),
    }),
  );
  return { auth, authenticate, endSessions };
}

export type AuthArea = ReturnType<typeof wireAuth>;
