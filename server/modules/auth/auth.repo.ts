import type { LoggedUser, Role } from '@common/auth/auth.schema';
import { and, desc, eq, gt, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  accessTokens,
  companies,
  companyUsers,
  deviceCookies,
  userMeta,
  users,
} from '../../db/schema';
import { utcNow } from '../../db/schema/columns';
import { hasDriverRole } from '../../db/sql';
import { SECRET_META_KEYS } from '../../lib/user-meta-keys';
import { companyIdsOf } from '../users/users.repo';

/** The secret meta keys as an SQL array literal (constants, so safe to inline). */
const SECRET_META_SQL = `'{${SECRET_META_KEYS.join(',')}}'::text[]`;

export async function findLoginCandidate(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, password_hash: users.password_hash, disabled_at: users.disabled_at })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

/** A narrowed session's role, company and minting session; none for a login. */
export interface TokenScope {
  role: Role;
  companyId: number;
  parentTokenId: number | null;
}

export async function insertToken(
  db: DbOrTx,
  values: {
    user_id: number;
    token_hash: string;
    ttlSeconds: number;
    ip: string;
    user_agent: string | null;
    scope?: TokenScope;
  },
) {
  const [row] = await db
    .insert(accessTokens)
    .values({
      user_id: values.user_id,
      token_hash: values.token_hash,
      expires_at: sql`${utcNow} + make_interval(secs => ${values.ttlSeconds})`,
      ip: values.ip,
      user_agent: values.user_agent,
      scope_role: values.scope?.role ?? null,
      scope_company_id: values.scope?.companyId ?? null,
      parent_token_id: values.scope?.parentTokenId ?? null,
    })
    .returning({ id: accessTokens.id, expires_at: accessTokens.expires_at });
  if (!row) throw new Error('token insert returned no row');
  return row;
}

/** The device cookie row of this user with this token digest, if it has not expired. */
export async function findDevice(db: DbOrTx, userId: number, tokenHash: string) {
  const [row] = await db
    .select({ id: deviceCookies.id })
    .from(deviceCookies)
    .where(
      and(
        eq(deviceCookies.token_hash, tokenHash),
        eq(deviceCookies.user_id, userId),
        gt(deviceCookies.expires_at, utcNow),
      ),
    )
    .limit(1);
  return row;
}

/** A known device's login keeps its cookie another full lifetime. */
export async function renewDevice(db: DbOrTx, id: number, ttlSeconds: number) {
  await db
    .update(deviceCookies)
    .set({ expires_at: sql`${utcNow} + make_interval(secs => ${ttlSeconds})` })
    .where(eq(deviceCookies.id, id));
}

/**
 * A new device for the user. Expired ones and all but the newest `keep` go: a client that
 * drops its cookies (a script, a private window) must not grow the table forever.
 */
export async function insertDevice(
  db: DbOrTx,
  values: { user_id: number; token_hash: string; ttlSeconds: number; keep: number },
) {
  await db.insert(deviceCookies).values({
    user_id: values.user_id,
    token_hash: values.token_hash,
    expires_at: sql`${utcNow} + make_interval(secs => ${values.ttlSeconds})`,
  });
  const newest = db
    .select({ id: deviceCookies.id })
    .from(deviceCookies)
    .where(eq(deviceCookies.user_id, values.user_id))
    .orderBy(desc(deviceCookies.id))
    .limit(values.keep);
  await db
    .delete(deviceCookies)
    .where(
      and(
        eq(deviceCookies.user_id, values.user_id),
        or(lte(deviceCookies.expires_at, utcNow), notInArray(deviceCookies.id, newest)),
      ),
    );
}

export interface SessionRow {
  tokenId: number;
  userId: number;
  userName: string;
  roles: Role[];
  companyIds: number[];
  expiresAt: string;
  lastUsedAt: string | null;
  scopeRole: string | null;
  scopeCompanyId: number | null;
  /** The minting session, when it is still live: its user's roles and companies now. */
  parent: { tokenId: number; userId: number; roles: Role[]; companyIds: number[] } | null;
  /** The token names a minting session that is no longer live (revoked, expired, disabled). */
  parentGone: boolean;
}

const parent = alias(accessTokens, 'parent');
const parentUser = alias(users, 'parent_user');

/**
 * A live session by its token's digest or its id: token not revoked, not expired, its user not
 * disabled; with the session that minted it, if any, and whether that one is still live.
 */
export async function findSession(
  db: DbOrTx,
  by: { tokenHash: string } | { tokenId: number },
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select({
      tokenId: accessTokens.id,
      userId: users.id,
      userName: users.name,
      roles: users.roles,
      companyIds: companyIdsOf(users.id),
      expiresAt: accessTokens.expires_at,
      lastUsedAt: accessTokens.last_used_at,
      scopeRole: accessTokens.scope_role,
      scopeCompanyId: accessTokens.scope_company_id,
      parentTokenId: accessTokens.parent_token_id,
      liveParentId: parentUser.id,
      parentRoles: parentUser.roles,
      parentCompanyIds: companyIdsOf(parentUser.id),
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.user_id))
    .leftJoin(
      parent,
      and(
        eq(parent.id, accessTokens.parent_token_id),
        isNull(parent.revoked_at),
        gt(parent.expires_at, utcNow),
      ),
    )
    .leftJoin(parentUser, and(eq(parentUser.id, parent.user_id), isNull(parentUser.disabled_at)))
    .where(
      and(
        'tokenHash' in by
          ? eq(accessTokens.token_hash, by.tokenHash)
          : eq(accessTokens.id, by.tokenId),
        isNull(accessTokens.revoked_at),
        gt(accessTokens.expires_at, utcNow),
        isNull(users.disabled_at),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const { parentTokenId, liveParentId, parentRoles, parentCompanyIds, ...session } = row;
  return {
    ...session,
    roles: row.roles as Role[],
    parent:
      parentTokenId !== null && liveParentId !== null
        ? {
            tokenId: parentTokenId,
            userId: liveParentId,
            roles: (parentRoles ?? []) as Role[],
            companyIds: parentCompanyIds ?? [],
          }
        : null,
    parentGone: parentTokenId !== null && liveParentId === null,
  };
}

export async function touchToken(db: DbOrTx, tokenId: number) {
  await db.update(accessTokens).set({ last_used_at: utcNow }).where(eq(accessTokens.id, tokenId));
}

export async function revokeToken(db: DbOrTx, tokenId: number) {
  await db
    .update(accessTokens)
    .set({ revoked_at: utcNow })
    .where(and(eq(accessTokens.id, tokenId), isNull(accessTokens.revoked_at)));
}

/**
 * Logged user in one round trip: the profile with its companies and meta aggregated
 * as JSON (three queries here cost most of a verify call, see bench/verify-token).
 */
export async function findLoggedUser(db: DbOrTx, userId: number): Promise<LoggedUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      roles: users.roles,
      companies: sql<LoggedUser['companies']>`coalesce((
        select json_agg(json_build_object('id', c.id, 'name', c.name, 'type', c.type,
          'package_id', c.package_id, 'lat', c.lat, 'lng', c.lng,
          'default_service_id', c.default_service_id) order by c.id)
        from ${companyUsers} cu join ${companies} c on c.id = cu.company_id
        where cu.user_id = ${users}.id), '[]'::json)`,
      meta: sql<LoggedUser['meta']>`coalesce((
        select json_agg(json_build_object('key', m.key, 'value', m.value) order by m.key)
        from ${userMeta} m where m.user_id = ${users}.id
          and m.key <> all(${sql.raw(SECRET_META_SQL)})), '[]'::json)`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { ...row, roles: row.roles as Role[] } : undefined;
}

export async function setOnline(db: DbOrTx, userId: number, isOnline: boolean) {
  const [row] = await db
    .update(users)
    .set({ is_online: isOnline, last_activity_at: utcNow, updated_at: utcNow })
    // Never a driver's: his state has its own write path and change stream.
    .where(and(eq(users.id, userId), sql`not (${hasDriverRole(users.roles)})`))
    .returning({ updated_at: users.updated_at });
  return row;
}
