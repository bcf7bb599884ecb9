import type { CompanyType, Role } from '@common/auth/auth.schema';
import type { ListUsersQuery, User } from '@common/users/users.schema';
import {
  and,
  asc,
  type Column,
  count,
  eq,
  inArray,
  isNull,
  ne,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  accessTokens,
  cars,
  companies,
  companyUsers,
  driverPositions,
  userMeta,
  users,
} from '../../db/schema';
import { utcNow } from '../../db/schema/columns';
import { hasDriverRole, intArray, oneOf } from '../../db/sql';
import type { TenantScope } from '../../http/auth-context';
import { SECRET_META_KEYS } from '../../lib/user-meta-keys';
import { openBalances } from '../ledger/ledger-postings.repo';

/** Users visible to a scope: those who belong to at least one of its companies. */
export const inScope = (scope: TenantScope): SQL | undefined =>
  scope.kind === 'all'
    ? undefined
    : sql`exists (select 1 from ${companyUsers} cu where cu.user_id = ${users}.id and cu.company_id = any(${intArray(scope.companyIds)}))`;

/** A user's companies, by id (the session's, the record's, the softphone's owner's). */
export const companyIdsOf = (userId: SQL | Column) =>
  sql<
    number[]
  >`coalesce((select array_agg(cu.company_id order by cu.company_id) from ${companyUsers} cu where cu.user_id = ${userId}), '{}'::int[])`;

/**
 * A user's columns as `scope` sees them: a driver's balance is the sum of his balances with the
 * scope's companies (another company's money is not shown).
 */
const userColumnsIn = (scope: TenantScope) => ({
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  identifier: users.identifier,
  roles: users.roles,
  company_ids: companyIdsOf(users.id),
  is_online: users.is_online,
  ban_until: users.ban_until,
  ban_reason: users.ban_reason,
  default_car: sql<
    User['default_car']
  >`(select json_build_object('id', c.id, 'indicativ', c.indicativ, 'make', c.make, 'model', c.model, 'color', c.color, 'number', c.number) from ${cars} c where c.driver_id = ${users}.id order by c.id limit 1)`,
  created_at: users.created_at,
  // Driver: the last flushed position (the service overlays the live one, which is at
  // most one flush interval newer).
  current_location: sql<
    [number, number] | null
  >`(select json_build_array(p.long, p.lat) from ${driverPositions} p where p.driver_id = ${users}.id)`,
  current_polygon_id: sql<
    number | null
  >`(select p.polygon_id from ${driverPositions} p where p.driver_id = ${users}.id)`,
  is_busy: users.is_busy,
  is_paused: users.is_paused,
  high_priority: users.high_priority,
  balance: sql<number>`(select coalesce(sum(b.balance), 0)::int from driver_balances b
    where b.driver_id = ${users}.id${scope.kind === 'all' ? sql`` : sql` and b.company_id = any(${intArray(scope.companyIds)})`})`,
  disabled: sql<boolean>`${users.disabled_at} is not null`,
});

const toUser = (row: Omit<User, 'roles'> & { roles: string[] }): User => ({
  ...row,
  roles: row.roles as Role[],
});

export async function findUser(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
): Promise<User | undefined> {
  const [row] = await db
    .select(userColumnsIn(scope))
    .from(users)
    .where(and(eq(users.id, id), inScope(scope)))
    .limit(1);
  return row ? toUser(row) : undefined;
}

/** GET /api/users?role&search (or identifier), paginated. */
export async function listUsers(db: DbOrTx, scope: TenantScope, query: ListUsersQuery) {
  const filters: (SQL | undefined)[] = [inScope(scope)];
  if (query.role) filters.push(sql`${query.role} = any(${users.roles})`);
  if (query.identifier) filters.push(eq(users.identifier, query.identifier));
  if (query.online !== undefined) filters.push(eq(users.is_online, query.online));
  if (query.banned !== undefined) {
    const banned = sql`(${users.ban_until} is not null and ${users.ban_until} > ${utcNow})`;
    filters.push(query.banned ? banned : sql`not ${banned}`);
  }
  if (query.company_id !== undefined)
    filters.push(
      sql`exists (select 1 from ${companyUsers} cu where cu.user_id = ${users}.id and cu.company_id = ${query.company_id})`,
    );
  if (query.search) {
    const like = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      // A driver is also found by his car's call sign (the car form, the driver pickers).
      sql`(f_unaccent(lower(${users.name})) like f_unaccent(${like}) or ${users.email} like ${like} or ${users.phone} like ${like} or lower(${users.identifier}) like ${like} or exists (select 1 from ${cars} c where c.driver_id = ${users}.id and lower(c.indicativ) like ${like}))`,
    );
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select(userColumnsIn(scope))
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return {
    data: rows.map(toUser),
    meta: { total: total?.value ?? 0, page: query.page, per_page: query.per_page },
  };
}

/** The user holding an e-mail (the login, unique on the platform), other than `exceptId`. */
export async function emailHolder(db: DbOrTx, email: string, exceptId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return row;
}

/** Which of these company ids exist. */
export async function existingCompanyIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(inArray(companies.id, ids));
  return rows.map((row) => row.id);
}

export interface NewUser {
  name: string;
  email: string;
  phone: string | null;
  identifier: string | null;
  roles: Role[];
  password_hash: string;
  disabled: boolean;
}

export async function insertUser(db: DbOrTx, user: NewUser): Promise<number> {
  const { disabled, ...values } = user;
  const [row] = await db
    .insert(users)
    .values({ ...values, disabled_at: disabled ? utcNow : null })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned no row');
  return row.id;
}

/** The profile fields an administrator edits; the driver's state is not here. */
export interface UserProfilePatch {
  name?: string;
  email?: string;
  phone?: string | null;
  identifier?: string | null;
  roles?: Role[];
  disabled?: boolean;
}

export async function updateProfile(db: DbOrTx, id: number, patch: UserProfilePatch) {
  const { disabled, ...values } = patch;
  await db
    .update(users)
    .set({
      ...values,
      ...(disabled === undefined ? {} : { disabled_at: disabled ? utcNow : null }),
      updated_at: utcNow,
    })
    .where(eq(users.id, id));
}

/** Replaces a user's memberships in `managed` companies by `keep` (others stay untouched). */
export async function setCompanies(
  db: DbOrTx,
  userId: number,
  companyIds: number[],
  managed: TenantScope,
) {
  await db
    .delete(companyUsers)
    .where(
      and(
        eq(companyUsers.user_id, userId),
        managed.kind === 'all' ? undefined : inArray(companyUsers.company_id, managed.companyIds),
      ),
    );
  if (companyIds.length > 0)
    await db
      .insert(companyUsers)
      .values(companyIds.map((company_id) => ({ company_id, user_id: userId })))
      .onConflictDoNothing();
  await openBalances(db, userId);
}

/** A driver keeps only a car of his companies (docs/ADMINISTRATION.md "People and cars"). */
export async function releaseCarsOutside(db: DbOrTx, driverId: number) {
  await db
    .update(cars)
    .set({ driver_id: null, updated_at: utcNow })
    .where(
      and(
        eq(cars.driver_id, driverId),
        sql`not exists (select 1 from ${companyUsers} cu where cu.user_id = ${driverId} and cu.company_id = ${cars.company_id})`,
      ),
    );
}

export async function setPasswordHash(db: DbOrTx, id: number, hash: string) {
  await db.update(users).set({ password_hash: hash, updated_at: utcNow }).where(eq(users.id, id));
}

/** Revokes every live token of a user; their ids (their sockets are ended too). */
export async function revokeUserTokens(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .update(accessTokens)
    .set({ revoked_at: utcNow })
    .where(and(eq(accessTokens.user_id, userId), isNull(accessTokens.revoked_at)))
    .returning({ id: accessTokens.id });
  return rows.map((row) => row.id);
}

/** The companies of a scope by name (the forms' company choice). */
export async function companyChoices(db: DbOrTx, scope: TenantScope) {
  return db
    .select({ id: companies.id, name: companies.name, type: sql<CompanyType>`${companies.type}` })
    .from(companies)
    .where(scope.kind === 'all' ? undefined : inArray(companies.id, scope.companyIds))
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(1000);
}

/** The user is a driver of one of the companies. */
export const isDriverOfSql = (companyIds: number[]) =>
  sql`${hasDriverRole(users.roles)} and exists (select 1 from ${companyUsers} cu where cu.user_id = ${users}.id and cu.company_id = any(${intArray(companyIds)}))`;

/** Which of `ids` are drivers of one of the companies. */
export async function driversOfCompanies(
  db: DbOrTx,
  companyIds: number[],
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(oneOf(users.id, ids), isDriverOfSql(companyIds)));
  return new Set(rows.map((row) => row.id));
}

/** Whether the user is a driver of the company (a car or a device is given only to its company's drivers). */
export const isDriverOf = async (db: DbOrTx, driverId: number, companyId: number) =>
  (await driversOfCompanies(db, [companyId], [driverId])).has(driverId);

/**
 * The user's meta key/values, by key. A secret (a static SIP password) only with
 * `withSecrets`: the softphone's settings read it, nothing sends it back as meta.
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
