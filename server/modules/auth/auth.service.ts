import type { AccessToken, LoggedUser, LoginBody } from '@common/auth/auth.schema';
import { fromUtcString } from '@common/lib/dates';
import type { Cookies } from 'cookie';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, notFound, unauthenticated } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import type { FailureCounter } from '../../lib/failure-counter';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import type { SessionCache } from '../../lib/session-cache';
import { newToken, tokenDigest } from '../../lib/tokens';
import type { Publisher } from '../../realtime/publisher';
import * as repo from './auth.repo';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, deviceTokenOf } from './device-cookie';
import { loginLimits } from './login-limits';
import { sessionAuthority } from './narrowed-session';

export interface AuthServiceDeps {
  db: Db;
  publisher: Publisher;
  failures: FailureCounter;
  sessions: SessionCache;
  tokenTtlSeconds: number;
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  /** Failed logins per account from browsers without its device cookie, all together. */
  maxFailuresPerAccountUnknownDevices: number;
  windowSeconds: number;
  logger?: Pick<FastifyBaseLogger, 'warn'>;
}

/** Writing last_used_at on every request would turn each read into a write: once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

/** A user's browsers remembered for the login limits; older ones are forgotten. */
const DEVICES_KEPT_PER_USER = 20;

const INVALID_CREDENTIALS = 'E-mailul sau parola nu sunt corecte.';

export function createAuthService(deps: AuthServiceDeps) {
  const { db } = deps;

  const tooManyAttempts = () =>
    new AppError(
      'too_many_requests',
      'Prea multe încercări. Încercați din nou mai târziu.',
      undefined,
      {
        'retry-after': String(Math.ceil(deps.windowSeconds)),
      },
    );

  /** The browser's device cookie for this user, if it is one the server issued and live. */
  async function knownDevice(userId: number, cookies: Cookies) {
    const token = deviceTokenOf(cookies, userId);
    if (!token) return undefined;
    const hash = tokenDigest(token);
    const row = await repo.findDevice(db, userId, hash);
    return row ? { id: row.id, token, hash } : undefined;
  }

  /**
   * POST /api/access-tokens, with the login limits of docs/DECISIONS.md "Login limits"
   * (OWASP device cookies). A browser presenting this account's device cookie
   * is limited only by its own failures; any other attempt by its address, by its address on
   * this account, and by every unknown device on this account together. The same answer for an
   * unknown e-mail and a wrong password; the password is not checked once a limit is hit.
   */
  async function login(
    body: LoginBody,
    client: { ip: string; userAgent: string | null; cookies: Cookies },
  ): Promise<{ accessToken: AccessToken; device: { userId: number; token: string } }> {
    const email = body.email.trim().toLowerCase();
    const candidate = await repo.findLoginCandidate(db, email);
    const known = candidate ? await knownDevice(candidate.id, client.cookies) : undefined;
    const { own, limits } = loginLimits(
      {
        perAccount: deps.maxFailuresPerAccount,
        perIp: deps.maxFailuresPerIp,
        perAccountUnknownDevices: deps.maxFailuresPerAccountUnknownDevices,
      },
      { email, ip: client.ip, knownDeviceHash: known?.hash },
    );
    // Counted before the password is checked, in one step: a burst cannot pass the limit.
    const attempt = await deps.failures.reserve(limits);
    if (!attempt.allowed) throw tooManyAttempts();

    let passwordOk = false;
    if (candidate) passwordOk = await verifyPassword(candidate.password_hash, body.password);
    else await burnPasswordCheck(body.password);
    // A failure keeps its count.
    if (!candidate || !passwordOk || candidate.disabled_at !== null) {
      throw new AppError('unauthenticated', INVALID_CREDENTIALS, { email: [INVALID_CREDENTIALS] });
    }
    // A success is no failure; its own count starts again, the account's unknown devices keep
    // theirs (strangers' tries).
    await attempt.release();
    await deps.failures.reset(own);

    const deviceToken = known?.token ?? newToken();
    if (known) await repo.renewDevice(db, known.id, DEVICE_COOKIE_MAX_AGE_SECONDS);
    else {
      await repo.insertDevice(db, {
        user_id: candidate.id,
        token_hash: tokenDigest(deviceToken),
        ttlSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS,
        keep: DEVICES_KEPT_PER_USER,
      });
    }
    const accessToken = await createSession(candidate.id, deps.tokenTtlSeconds, client);
    return { accessToken, device: { userId: candidate.id, token: deviceToken } };
  }

  /** A new opaque token for the user, stored as its digest only. */
  async function createSession(
    userId: number,
    ttlSeconds: number,
    client: { ip: string; userAgent: string | null },
    scope?: repo.TokenScope,
  ): Promise<AccessToken> {
    const token = newToken();
    const row = await repo.insertToken(db, {
      user_id: userId,
      token_hash: tokenDigest(token),
      ttlSeconds,
      ip: client.ip,
      user_agent: client.userAgent?.slice(0, 300) ?? null,
      scope,
    });
    return { token, expires_at: row.expires_at };
  }

  /** A new session of the user's own, with all his roles (a sign-up's first login). */
  const issueSession = (
    userId: number,
    options: { ttlSeconds: number; ip: string; userAgent: string | null },
  ): Promise<AccessToken> => createSession(userId, options.ttlSeconds, options);

  /**
   * A driver's session without his password, for a simulator acting as him (
   * /simulator, `npm run simulate`, the demo fleet). It carries the driver role alone in one
   * company whatever else he is, for its own short lifetime, and, when a
   * dispatcher's session mints it, only while that one lives. The caller has checked that the
   * minter may act as this company's drivers.
   */
  const issueDriverSession = (
    driverId: number,
    options: {
      companyId: number;
      mintedBy: number | null;
      ttlSeconds: number;
      ip: string;
      userAgent: string | null;
    },
  ): Promise<AccessToken> =>
    createSession(driverId, options.ttlSeconds, options, {
      role: 'driver',
      companyId: options.companyId,
      parentTokenId: options.mintedBy,
    });

  /**
   * Resolves a bearer token to its session; null when missing, unknown, expired or revoked.
   * Served from the session cache when it was verified in the last few seconds.
   */
  async function authenticate(token: string): Promise<AuthContext | null> {
    if (token.length < 20 || token.length > 200) return null;
    const hash = tokenDigest(token);
    const cached = deps.sessions.get(hash);
    if (!cached) return verify(hash);
    if (deps.sessions.claimRefresh(hash)) {
      verify(hash).catch((error: unknown) =>
        deps.logger?.warn({ err: error }, 'verifying a session again in the background failed'),
      );
    }
    return cached;
  }

  /** Reads the token's session from the database and keeps it in the session cache. */
  async function verify(hash: string): Promise<AuthContext | null> {
    const revocations = deps.sessions.revocations();
    const session = await repo.findSession(db, { tokenHash: hash });
    const auth = session ? sessionAuthority(session) : null;
    if (!session || !auth) {
      deps.sessions.drop(hash);
      return null;
    }
    const lastUsed = session.lastUsedAt ? fromUtcString(session.lastUsedAt).getTime() : 0;
    if (Date.now() - lastUsed > TOUCH_INTERVAL_MS) await repo.touchToken(db, session.tokenId);
    deps.sessions.set(hash, auth, revocations);
    return auth;
  }

  /**
   * A session as it stands now, read from the database by id: an open socket's authority after
   * its user (or the user who minted it) changed. Null: it ended.
   */
  async function current(tokenId: number): Promise<AuthContext | null> {
    const session = await repo.findSession(db, { tokenId });
    return session ? sessionAuthority(session) : null;
  }

  /** GET /api/verify-access-tokens: the user with roles, companies and meta. */
  async function loggedUser(auth: AuthContext): Promise<LoggedUser> {
    const user = await repo.findLoggedUser(db, auth.userId);
    if (!user) throw unauthenticated();
    // A narrowed session (a simulator's driver) is told only what it carries.
    return {
      ...user,
      roles: user.roles.filter((role) => auth.roles.includes(role)),
      companies: user.companies.filter((company) => auth.companyIds.includes(company.id)),
    };
  }

  /** Logout revokes the token on the server and ends its sockets on every node. */
  async function logout(auth: AuthContext): Promise<void> {
    await repo.revokeToken(db, auth.tokenId);
    deps.sessions.revokeToken(auth.tokenId);
    deps.publisher.endSession(auth.tokenId, 'logout');
  }

  /** PATCH /api/user-activity: the console tells whether its user is at work. */
  async function setActivity(auth: AuthContext, isOnline: boolean) {
    const row = await repo.setOnline(db, auth.userId, isOnline);
    if (!row) throw notFound('user');
    for (const companyId of auth.companyIds) {
      deps.publisher.toCompany(companyId, 'user_activity', {
        user_id: auth.userId,
        is_online: isOnline,
        updated_at: row.updated_at,
      });
    }
    return { isOnline };
  }

  return {
    login,
    issueSession,
    issueDriverSession,
    authenticate,
    current,
    loggedUser,
    logout,
    setActivity,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
