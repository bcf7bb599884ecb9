import type { LoggedUser, Role } from '@common/auth/auth.schema';
import { and, asc, desc, eq, gt, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
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
import { SECRET_META_KEYS } from '../calls/sip-settings';

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

export async function insertToken(
  db: DbOrTx,
  values: {
    user_id: number;
    token_hash: string;
    ttlSeconds: number;
    ip: string;
    user_agent: string | null;
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
}

/** A live session: token not revoked, not expired, and its user not disabled. */
export async function findSession(db: DbOrTx, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select({
      tokenId: accessTokens.id,
      userId: users.id,
      userName: users.name,
      roles: users.roles,
      companyIds: sql<
        number[]
      >`coalesce((select array_agg(cu.company_id order by cu.company_id) from ${companyUsers} cu where cu.user_id = ${users}.id), '{}'::int[])`,
      expiresAt: accessTokens.expires_at,
      lastUsedAt: accessTokens.last_used_at,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.user_id))
    .where(
      and(
        eq(accessTokens.token_hash, tokenHash),
        isNull(accessTokens.revoked_at),
        gt(accessTokens.expires_at, utcNow),
        isNull(users.disabled_at),
      ),
    )
    .limit(1);
  return row ? { ...row, roles: row.roles as Role[] } : undefined;
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
 * SPEC §3 Logged user in one round trip: the profile with its companies and meta aggregated
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

/**
 * The user's meta key/values (SPEC §3), by key. A secret (a static SIP password) only with
 * `withSecrets`: the softphone's settings read it, nothing sends it back as meta (DESIGN §6).
 */
export async function findUserMeta(db: DbOrTx, userId: number, withSecrets = false) {
  return db
    .select({ key: userMeta.key, value: userMeta.value })
    .from(userMeta)
    .where(
      and(
        eq(userMeta.user_id, userId),
        withSecrets ? undefined : notInArray(userMeta.key, [...SECRET_META_KEYS]),
      ),
    )
    .orderBy(asc(userMeta.key));
}

export async function setOnline(db: DbOrTx, userId: number, isOnline: boolean) {
  const [row] = await db
    .update(users)
    .set({ is_online: isOnline, last_activity_at: utcNow, updated_at: utcNow })
    // Never a driver's: his state has its own write path and change stream (issue #17).
    .where(and(eq(users.id, userId), sql`not ('driver' = any(${users.roles}))`))
    .returning({ updated_at: users.updated_at });
  return row;
}
