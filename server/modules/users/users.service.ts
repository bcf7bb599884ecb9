import type { Role } from '@common/auth/auth.schema';
import {
  type CreateUserBody,
  EMAIL_TAKEN,
  type ListUsersQuery,
  type UpdateUserBody,
  type User,
} from '@common/users/users.schema';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, forbidden, notFound, validationFailed } from '../../http/app-error';
import { type AuthContext, isAdmin, scopeOf } from '../../http/auth-context';
import type { FailureCounter } from '../../lib/failure-counter';
import { hashPassword } from '../../lib/passwords';
import type { DriverWritePath } from '../drivers/state/driver-write-path';
import { administers, mayChangeMemberships, NOT_YOURS } from './user-authority';
import * as repo from './users.repo';

/** A driver's live position, newer than the flushed one (the drivers module's index). */
export type LivePosition = (
  userId: number,
) => Pick<User, 'current_location' | 'current_polygon_id'> | undefined;

export interface UsersServiceDeps {
  live: LivePosition;
  /** The drivers' write path: a driver's edit is numbered in the drivers' stream. */
  drivers: Pick<DriverWritePath, 'edit'>;
  /**
   * Ends sessions at once: drops them from the session cache and closes their sockets. (New
   * roles or companies need nothing here: the edit's change in the users' stream makes every
   * node, this one first, read the user's sessions again; app.ts onUserChanged.)
   */
  sessions: { endTokens(tokenIds: number[]): void };
  /** "E-mail taken" answers per caller who is not the platform admin, within a window. */
  emailTaken: { counter: FailureCounter; max: number; windowSeconds: number };
}

const ONLY_ADMIN_GRANTS_ADMIN = 'Doar administratorul platformei acordă rolul de administrator.';
const OWN_COMPANIES_ONLY = 'Puteți alege doar companiile pe care le administrați.';
const COMPANY_REQUIRED = 'Alegeți compania utilizatorului.';
const KEEP_OWN_ROLE = 'Nu vă puteți lua singur rolul de administrare.';
const KEEP_OWN_ACCOUNT = 'Nu vă puteți dezactiva singur contul.';
const TOO_MANY_TAKEN = 'Prea multe adrese deja folosite. Încercați din nou mai târziu.';

export function createUsersService(db: Db, deps: UsersServiceDeps) {
  /** A user of another company answers 404, never their data. */
  async function get(auth: AuthContext, id: number) {
    const user = await repo.findUser(db, scopeOf(auth), id);
    if (!user) throw notFound('user');
    return { ...user, ...deps.live(id) };
  }

  const list = (auth: AuthContext, query: ListUsersQuery) =>
    repo.listUsers(db, scopeOf(auth), query);

  /**
   * GET /api/users/{id}/meta. Meta may hold telephony settings, so only the owner or
   * an admin reads it; a colleague gets 403, a stranger 404.
   */
  async function meta(auth: AuthContext, id: number) {
    if (auth.userId !== id && !isAdmin(auth)) {
      await get(auth, id);
      throw forbidden();
    }
    await get(auth, id);
    return repo.findUserMeta(db, id);
  }

  /**
   * The roles and companies an administrator may give (docs/ADMINISTRATION.md "People and
   * cars"): only the platform admin grants 'admin'; a manager adds or removes only his own
   * companies; everyone but a platform admin belongs to at least one company.
   */
  async function checkGrant(
    tx: DbOrTx,
    auth: AuthContext,
    roles: Role[],
    companyIds: number[],
    current: number[],
  ) {
    const errors: Record<string, string[]> = {};
    if (roles.includes('admin') && !isAdmin(auth)) errors.roles = [ONLY_ADMIN_GRANTS_ADMIN];
    const changed = [
      ...companyIds.filter((id) => !current.includes(id)),
      ...current.filter((id) => !companyIds.includes(id)),
    ];
    if (!isAdmin(auth) && changed.some((id) => !auth.companyIds.includes(id)))
      errors.company_ids = [OWN_COMPANIES_ONLY];
    else if ((await repo.existingCompanyIds(tx, changed)).length !== new Set(changed).size)
      errors.company_ids = ['Compania nu a fost găsită.'];
    else if (companyIds.length === 0 && !roles.includes('admin'))
      errors.company_ids = [COMPANY_REQUIRED];
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
  }

  /**
   * "This address is taken". E-mails are unique across tenants, so the answer tells a manager
   * that another company's user has it: he gets it a few times a window, then 429, counted and
   * decided in one step, so it is no directory. The platform admin sees them all.
   */
  async function emailTaken(auth: AuthContext): Promise<never> {
    if (!isAdmin(auth)) {
      const { counter, max, windowSeconds } = deps.emailTaken;
      const answer = await counter.reserve([{ key: `email-taken:${auth.userId}`, max }]);
      if (!answer.allowed) {
        throw new AppError(
          'too_many_requests',
          TOO_MANY_TAKEN,
          { email: [TOO_MANY_TAKEN] },
          { 'retry-after': String(Math.ceil(windowSeconds)) },
        );
      }
    }
    throw validationFailed({ email: [EMAIL_TAKEN] });
  }

  async function checkEmail(tx: DbOrTx, auth: AuthContext, email: string, exceptId?: number) {
    if (await repo.emailHolder(tx, email, exceptId)) await emailTaken(auth);
  }

  /** Two requests racing for one e-mail: the unique index decides, the loser gets a 422. */
  const emailRace = async (auth: AuthContext, error: unknown): Promise<never> => {
    if (isUniqueViolation(error, 'users_email_idx')) return emailTaken(auth);
    throw error;
  };

  async function create(auth: AuthContext, body: CreateUserBody) {
    const passwordHash = await hashPassword(body.password);
    const id = await deps.drivers
      .edit(async (tx) => {
        await checkGrant(tx, auth, body.roles, body.company_ids, []);
        await checkEmail(tx, auth, body.email);
        const userId = await repo.insertUser(tx, {
          name: body.name,
          email: body.email,
          phone: body.phone,
          identifier: body.identifier,
          roles: body.roles,
          password_hash: passwordHash,
          disabled: body.disabled,
        });
        await repo.setCompanies(tx, userId, body.company_ids, { kind: 'all' });
        const priority = body.high_priority ? { driverId: userId, high: true } : undefined;
        return { result: userId, driverIds: [userId], priority };
      })
      .catch((error: unknown) => emailRace(auth, error));
    return get(auth, id);
  }

  /**
   * The user an administrator may change (user-authority.ts): one he cannot see is 404, one he
   * sees but does not administer (an admin, a user shared with another company) 403.
   */
  async function editable(
    tx: DbOrTx,
    auth: AuthContext,
    id: number,
    change: 'account' | 'memberships' = 'account',
  ) {
    const user = await repo.findUser(tx, scopeOf(auth), id);
    if (!user) throw notFound('user');
    const allowed =
      change === 'account' ? administers(auth, user) : mayChangeMemberships(auth, user);
    if (!allowed) throw forbidden(NOT_YOURS);
    return user;
  }

  async function update(auth: AuthContext, id: number, body: UpdateUserBody) {
    const { company_ids, high_priority, ...profile } = body;
    await deps.drivers
      .edit(async (tx) => {
        // A shared user's memberships of the caller's own companies are his to change; the
        // account itself is not (checkGrant keeps him to his companies).
        const onlyMemberships = Object.keys(profile).length === 0 && high_priority === undefined;
        const user = await editable(tx, auth, id, onlyMemberships ? 'memberships' : 'account');
        const roles = profile.roles ?? user.roles;
        if (id === auth.userId) {
          const own = user.roles.filter((role) => role === 'admin' || role === 'manager');
          if (own.some((role) => !roles.includes(role)))
            throw validationFailed({ roles: [KEEP_OWN_ROLE] });
          if (profile.disabled) throw validationFailed({ disabled: [KEEP_OWN_ACCOUNT] });
        }
        await checkGrant(tx, auth, roles, company_ids ?? user.company_ids, user.company_ids);
        if (profile.email !== undefined) await checkEmail(tx, auth, profile.email, id);
        await repo.updateProfile(tx, id, profile);
        if (company_ids !== undefined) {
          await repo.setCompanies(tx, id, company_ids, scopeOf(auth));
          await repo.releaseCarsOutside(tx, id);
        }
        const priority =
          high_priority === undefined ? undefined : { driverId: id, high: high_priority };
        return { result: undefined, driverIds: [id], priority };
      })
      .catch((error: unknown) => emailRace(auth, error));
    if (profile.disabled) deps.sessions.endTokens(await repo.revokeUserTokens(db, id));
    // The caller may just have taken the user out of his companies: he still gets the answer
    // to his own edit (he saw this user a moment ago), not a 404.
    const user = await repo.findUser(db, { kind: 'all' }, id);
    if (!user) throw notFound('user');
    return { ...user, ...deps.live(id) };
  }

  /**
   * An administrator sets a password; every session of the user ends. The change is
   * numbered in the users' stream, so every node closes his sockets even if a relay is lost.
   */
  async function setPassword(auth: AuthContext, id: number, password: string) {
    await editable(db, auth, id);
    const hash = await hashPassword(password);
    const tokens = await deps.drivers.edit(async (tx) => {
      await editable(tx, auth, id);
      await repo.setPasswordHash(tx, id, hash);
      return { result: await repo.revokeUserTokens(tx, id), driverIds: [id] };
    });
    deps.sessions.endTokens(tokens);
  }

  const companies = (auth: AuthContext) => repo.companyChoices(db, scopeOf(auth));

  return { get, list, meta, create, update, setPassword, companies };
}

export type UsersService = ReturnType<typeof createUsersService>;
