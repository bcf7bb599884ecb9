import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cars, companies, companyUsers, users } from '../../db/schema';
import { hasDriverRole, intArray } from '../../db/sql';

/** A driver as the simulators name him: his call sign (his car's, else his identifier). */
export interface SimulatedDriverRow {
  id: number;
  name: string;
  indicativ: string | null;
}

const driverColumns = {
  id: users.id,
  name: users.name,
  indicativ: sql<
    string | null
  >`coalesce((select c.indicativ from ${cars} c where c.driver_id = ${users}.id order by c.id limit 1), ${users.identifier})`,
};

const isActiveDriver = sql`${hasDriverRole(users.roles)} and ${users.disabled_at} is null`;

/**
 * A driver (an active account with the driver role) of one of `companyIds`, if there is one,
 * with the first of those companies he belongs to.
 */
export async function findCompanyDriver(
  db: DbOrTx,
  companyIds: number[],
  driverId: number,
): Promise<(SimulatedDriverRow & { company_id: number }) | undefined> {
  if (companyIds.length === 0) return undefined;
  const [row] = await db
    .select({ ...driverColumns, company_id: companyUsers.company_id })
    .from(users)
    .innerJoin(companyUsers, eq(companyUsers.user_id, users.id))
    .where(
      and(
        eq(users.id, driverId),
        isActiveDriver,
        sql`${companyUsers.company_id} = any(${intArray(companyIds)})`,
      ),
    )
    .orderBy(asc(companyUsers.company_id))
    .limit(1);
  return row;
}

/**
 * The company the demo seed made for its dispatcher (his first), with up to `limit` of its
 * active drivers by id: what the demo fleet of `npm start` moves. Undefined without the demo.
 */
export async function findDemoFleet(db: DbOrTx, dispatcherEmail: string, limit: number) {
  const [company] = await db
    .select({ id: companies.id, name: companies.name, lat: companies.lat, lng: companies.lng })
    .from(users)
    .innerJoin(companyUsers, eq(companyUsers.user_id, users.id))
    .innerJoin(companies, eq(companies.id, companyUsers.company_id))
    .where(and(eq(users.email, dispatcherEmail), isNull(users.disabled_at)))
    .orderBy(asc(companies.id))
    .limit(1);
  if (!company) return undefined;
  const drivers: SimulatedDriverRow[] = await db
    .select(driverColumns)
    .from(users)
    .innerJoin(companyUsers, eq(companyUsers.user_id, users.id))
    .where(and(eq(companyUsers.company_id, company.id), isActiveDriver))
    .orderBy(asc(users.id))
    .limit(limit);
  return { company, drivers };
}
