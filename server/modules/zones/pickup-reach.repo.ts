import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { intArray } from '../../db/sql';

/**
 * The company that dispatches the caller's orders, with its coordinates: his first company that
 * is not a protocol client, else the dispatch company his protocol company is a client of.
 */
export async function dispatchingCompany(
  db: DbOrTx,
  companyIds: number[],
): Promise<{ id: number; lat: number | null; lng: number | null } | null> {
  if (companyIds.length === 0) return null;
  const [row] = rowsOf<{ id: number; lat: number | null; lng: number | null }>(
    await db.execute(sql`select c.id, c.lat, c.lng from companies c
      where c.id = (select coalesce(case when x.type = 'protocol' then x.parent_company_id end, x.id)
        from companies x
        where x.id = any(${intArray(companyIds)})
        order by (x.type = 'protocol'), x.id limit 1)`),
  );
  return row ?? null;
}
