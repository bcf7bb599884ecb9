import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema';

/** The companies behind a session: their type decides who dispatches an order they create. */
export async function findCompanies(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: companies.id,
      name: companies.name,
      type: companies.type,
      package_id: companies.package_id,
      parent_company_id: companies.parent_company_id,
    })
    .from(companies)
    .where(inArray(companies.id, ids));
}
