import {
  type AccountBody,
  type PasswordChangeBody,
  WRONG_CURRENT_PASSWORD,
} from '@common/account/account.schema';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound, validationFailed } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import type { FailureCounter } from '../../lib/failure-counter';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { findLoggedUser } from '../auth/auth.repo';
import { type LoginLimitsConfig, loginLimits } from '../auth/login-limits';
import * as repo from './account.repo';

export interface AccountDeps {
  db: Db;
  /** The login limits' counter: wrong current passwords count like failed logins. */
  failures: FailureCounter;
  loginLimits: LoginLimitsConfig;
  windowSeconds: number;
  /** Ends sessions on this node's cache and their sockets everywhere. */
  endTokens: (tokenIds: number[]) => void;
  /** Drops the user's cached sessions, so the next request reads his new name. */
  refreshUser: (userId: number) => void;
}

const NOT_THE_ACCOUNT_HOLDER = 'O sesiune de simulator nu modifică contul șoferului.';

/** /settings/account: a user's own profile and password. */
export function createAccountService(deps: AccountDeps) {
  const { db } = deps;

  async function loggedUser(userId: number) {
    const user = await findLoggedUser(db, userId);
    if (!user) throw notFound('user');
    return user;
  }

  /**
   * A simulator acting as a driver works his app, never his account: whoever minted the session
   * must not change the driver's e-mail, name or password.
   */
  const ownAccount = (auth: AuthContext) => {
    if (auth.narrowed) throw forbidden(NOT_THE_ACCOUNT_HOLDER);
  };

  async function update(auth: AuthContext, body: AccountBody) {
    ownAccount(auth);
    if (!(await repo.updateProfile(db, auth.userId, body))) throw notFound('user');
    deps.refreshUser(auth.userId);
    return loggedUser(auth.userId);
  }

  /**
   * The current password proves the person (an unlocked screen is not enough); a wrong one
   * counts as a failed login of this account from this address, under the same limit, so an
   * open session is no second way to guess it. The other sessions end: whoever else held one
   * (a lost phone, a stolen token) is out.
   */
  async function changePassword(
    auth: AuthContext,
    body: PasswordChangeBody,
    client: { ip: string },
  ) {
    ownAccount(auth);
    const user = await repo.findCredentials(db, auth.userId);
    if (!user) throw notFound('user');
    // The device cookie is sent to the login path only: here the caller is an unknown device.
    const { own, limits } = loginLimits(deps.loginLimits, {
      email: user.email.toLowerCase(),
      ip: client.ip,
    });
    const attempt = await deps.failures.reserve(limits);
    if (!attempt.allowed) {
      throw new AppError(
        'too_many_requests',
        'Prea multe încercări. Încercați din nou mai târziu.',
        undefined,
        { 'retry-after': String(Math.ceil(deps.windowSeconds)) },
      );
    }
    if (!(await verifyPassword(user.password_hash, body.current_password))) {
      throw validationFailed({ current_password: [WRONG_CURRENT_PASSWORD] });
    }
    await attempt.release();
    await deps.failures.reset(own);
    const newHash = await hashPassword(body.new_password);
    const revoked = await db.transaction((tx) =>
      repo.setPasswordEndingOtherSessions(tx, auth.userId, newHash, auth.tokenId),
    );
    deps.endTokens(revoked);
    return { revoked_sessions: revoked.length };
  }

  return { update, changePassword };
}

export type AccountService = ReturnType<typeof createAccountService>;
