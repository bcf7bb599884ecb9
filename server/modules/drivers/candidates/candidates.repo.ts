import { and, asc, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { cars, driverPositions, users } from '../../../db/schema';
import type { TenantScope } from '../../../http/auth-context';
import { inScope, isDriverOfSql } from '../../users/users.repo';

/** A company's driver as stored: the live index overlays his state and position. */
export interface StoredCandidate {
  id: number;
  name: string;
  indicativ: string | null;
  is_online: boolean;
  is_paused: boolean;
  is_busy: boolean;
  ban_until: string | null;
  /** The last flushed position. */
  long: number | null;
  lat: number | null;
}

/** Bounds one answer: more drivers than this in one company is not a list to scroll. */
const MAX_ROWS = 5000;

/** `%text%` for LIKE, its wildcards taken as text. */
const likeOf = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The enabled drivers of a company that the caller's scope sees, matching `search` in the call
 * sign (his car's or his identifier) or the name (accent-insensitive).
 */
export async function companyDrivers(
  db: DbOrTx,
  scope: TenantScope,
  companyId: number,
  search?: string,
): Promise<StoredCandidate[]> {
  const indicativ = sql<
    string | null
  >`coalesce((select c.indicativ from ${cars} c where c.driver_id = ${users}.id order by c.id limit 1), ${users.identifier})`;
  let matches: SQL | undefined;
  if (search) {
    const like = likeOf(search);
    matches = sql`(f_unaccent(lower(${users.name})) like f_unaccent(${like}) or lower(${users.identifier}) like ${like} or exists (select 1 from ${cars} c where c.driver_id = ${users}.id and lower(c.indicativ) like ${like}))`;
  }
  return db
    .select({
      id: users.id,
      name: users.name,
      indicativ,
      is_online: users.is_online,
      is_paused: users.is_paused,
      is_busy: users.is_busy,
      ban_until: users.ban_until,
      long: sql<
        number | null
      >`(select p.long from ${driverPositions} p where p.driver_id = ${users}.id)`,
      lat: sql<
        number | null
      >`(select p.lat from ${driverPositions} p where p.driver_id = ${users}.id)`,
    })
    .from(users)
    .where(and(isDriverOfSql([companyId]), inScope(scope), isNull(users.disabled_at), matches))
    .orderBy(asc(users.id))
    .limit(MAX_ROWS);
}
