import { and, asc, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, orderOptions, services } from '../../db/schema';
import { intArray } from '../../db/sql';

/** The platform's entries (company_id null) and the companies' own. */
const ownOrShared = (
  column: typeof services.company_id | typeof orderOptions.company_id,
  companyIds: number[],
) => (companyIds.length > 0 ? or(isNull(column), inArray(column, companyIds)) : isNull(column));

export async function listServices(db: DbOrTx, companyIds: number[]) {
  return db
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(ownOrShared(services.company_id, companyIds))
    .orderBy(asc(services.position), asc(services.id));
}

/**
 * The options that fit the caller's companies' packages (a courier's are not a taxi's); a user
 * of no company sees every shared one.
 */
export async function listOptions(db: DbOrTx, companyIds: number[]) {
  return db
    .select({ key: orderOptions.key, name: orderOptions.name })
    .from(orderOptions)
    .where(
      and(
        ownOrShared(orderOptions.company_id, companyIds),
        companyIds.length > 0
          ? sql`${orderOptions.packages} && (select coalesce(array_agg(${companies.package_id}), '{}')
              from ${companies} where ${companies.id} = any(${intArray(companyIds)}))`
          : undefined,
      ),
    )
    .orderBy(asc(orderOptions.position), asc(orderOptions.id));
}
