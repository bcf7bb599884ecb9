import type { Role } from '@common/auth/auth.schema';
import type { ListUsersQuery, User } from '@common/users/users.schema';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cars, companyUsers, driverPositions, users } from '../../db/schema';
import { intArray } from '../../db/sql';
import type { TenantScope } from '../../http/auth-context';

/** Users visible to a scope: those who belong to at least one of its companies. */
export const inScope = (scope: TenantScope): SQL | undefined =>
  scope.kind === 'all'
    ? undefined
    : sql`exists (select 1 from ${companyUsers} cu where cu.user_id = ${users}.id and cu.company_id = any(${intArray(scope.companyIds)}))`;

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  identifier: users.identifier,
  roles: users.roles,
  company_ids: sql<
    number[]
  >`coalesce((select array_agg(cu.company_id order by cu.company_id) from ${companyUsers} cu where cu.user_id = ${users}.id), '{}'::int[])`,
  is_online: users.is_online,
  ban_until: users.ban_until,
  ban_reason: users.ban_reason,
  default_car: sql<
    User['default_car']
  >`(select json_build_object('id', c.id, 'indicativ', c.indicativ, 'make', c.make, 'model', c.model, 'color', c.color, 'number', c.number) from ${cars} c where c.driver_id = ${users}.id order by c.id limit 1)`,
  created_at: users.created_at,
  // SPEC §3 Driver: the last flushed position (the service overlays the live one, which is at
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
  balance: users.balance,
};

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
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, id), inScope(scope)))
    .limit(1);
  return row ? toUser(row) : undefined;
}

/** SPEC §7 GET /api/users?role&search (or identifier), paginated. */
export async function listUsers(db: DbOrTx, scope: TenantScope, query: ListUsersQuery) {
  const filters: (SQL | undefined)[] = [inScope(scope)];
  if (query.role) filters.push(sql`${query.role} = any(${users.roles})`);
  if (query.identifier) filters.push(eq(users.identifier, query.identifier));
  if (query.search) {
    const like = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      sql`(f_unaccent(lower(${users.name})) like f_unaccent(${like}) or ${users.email} like ${like} or ${users.phone} like ${like} or lower(${users.identifier}) like ${like})`,
    );
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select(userColumns)
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
