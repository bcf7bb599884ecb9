import type { ListUsersQuery, User } from '@common/users/users.schema';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../http/app-error';
import { type AuthContext, isAdmin, scopeOf } from '../../http/auth-context';
import { findUserMeta } from '../auth/auth.repo';
import * as repo from './users.repo';

/** A driver's live position, newer than the flushed one (the drivers module's index). */
export type LivePosition = (
  userId: number,
) => Pick<User, 'current_location' | 'current_polygon_id'> | undefined;

export function createUsersService(db: Db, deps: { live: LivePosition }) {
  /** A user of another company answers 404, never their data (DESIGN §4 Tenancy). */
  async function get(auth: AuthContext, id: number) {
    const user = await repo.findUser(db, scopeOf(auth), id);
    if (!user) throw notFound('user');
    return { ...user, ...deps.live(id) };
  }

  const list = (auth: AuthContext, query: ListUsersQuery) =>
    repo.listUsers(db, scopeOf(auth), query);

  /**
   * SPEC §7 GET /api/users/{id}/meta. Meta may hold telephony settings, so only the owner or
   * an admin reads it (research R3); a colleague gets 403, a stranger 404.
   */
  async function meta(auth: AuthContext, id: number) {
    if (auth.userId !== id && !isAdmin(auth)) {
      await get(auth, id);
      throw forbidden();
    }
    await get(auth, id);
    return findUserMeta(db, id);
  }

  return { get, list, meta };
}

export type UsersService = ReturnType<typeof createUsersService>;
