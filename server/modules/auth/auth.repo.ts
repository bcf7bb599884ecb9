import type { Role } from '@common/auth/auth.schema';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accessTokens, companies, companyUsers, userMeta, users } from '../../db/schema';
import { utcNow } from '../../db/schema/columns';

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

export interface SessionRow {
  tokenId: number;
  userId: number;
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

export async function findProfile(db: DbOrTx, userId: number) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      roles: users.roles,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user;
}

export async function findUserCompanies(db: DbOrTx, userId: number) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      type: companies.type,
      package_id: companies.package_id,
      lat: companies.lat,
      lng: companies.lng,
    })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.company_id))
    .where(eq(companyUsers.user_id, userId))
    .orderBy(asc(companies.id));
}

export async function findUserMeta(db: DbOrTx, userId: number) {
  return db
    .select({ key: userMeta.key, value: userMeta.value })
    .from(userMeta)
    .where(eq(userMeta.user_id, userId))
    .orderBy(asc(userMeta.key));
}

export async function setOnline(db: DbOrTx, userId: number, isOnline: boolean) {
  const [row] = await db
    .update(users)
    .set({ is_online: isOnline, last_activity_at: utcNow, updated_at: utcNow })
    .where(eq(users.id, userId))
    .returning({ updated_at: users.updated_at });
  return row;
}
