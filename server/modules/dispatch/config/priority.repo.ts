import type { PriorityInterval } from '@common/dispatch/search-config.schema';
import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { cars, priorityIntervalDrivers, priorityIntervals, users } from '../../../db/schema';
import { oneOf } from '../../../db/sql';

/**
 * SQL of the driver priority intervals (Driver priority interval), scoped by company
 *.
 */

/** A driver's call sign in a company: his car there (default_car), else his identifier. */
const callSignOf = (driverId: SQL, companyId: SQL) =>
  sql`coalesce((select c.indicativ from ${cars} c where c.driver_id = ${driverId} and c.company_id = ${companyId} order by c.id limit 1), (select u.identifier from ${users} u where u.id = ${driverId}))`;

const intervalColumns = {
  id: priorityIntervals.id,
  from: priorityIntervals.from,
  to: priorityIntervals.to,
  users: sql<PriorityInterval['users']>`coalesce((
    select json_agg(json_build_object('id', d.driver_id, 'indicativ', ${callSignOf(sql`d.driver_id`, sql`${priorityIntervals.company_id}`)}) order by d.driver_id)
    from ${priorityIntervalDrivers} d where d.interval_id = ${priorityIntervals.id}), '[]'::json)`,
};

/** One page of the company's intervals, the latest start first, and how many there are. */
export async function listPriority(
  db: DbOrTx,
  companyId: number,
  page: number,
  perPage: number,
): Promise<{ data: PriorityInterval[]; total: number }> {
  const where = eq(priorityIntervals.company_id, companyId);
  const [data, [total]] = await Promise.all([
    db
      .select(intervalColumns)
      .from(priorityIntervals)
      .where(where)
      .orderBy(desc(priorityIntervals.from), desc(priorityIntervals.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(priorityIntervals).where(where),
  ]);
  return { data, total: Number(total?.value ?? 0) };
}

export async function findPriority(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<PriorityInterval | undefined> {
  const [row] = await db
    .select(intervalColumns)
    .from(priorityIntervals)
    .where(and(eq(priorityIntervals.id, id), eq(priorityIntervals.company_id, companyId)));
  return row;
}

export async function insertPriority(
  db: Db,
  companyId: number,
  input: { from: string; to: string; driverIds: number[] },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(priorityIntervals)
      .values({ company_id: companyId, from: input.from, to: input.to })
      .returning({ id: priorityIntervals.id });
    if (!row) throw new Error('priority interval was not inserted');
    await tx
      .insert(priorityIntervalDrivers)
      .values(input.driverIds.map((driver_id) => ({ interval_id: row.id, driver_id })));
    return row.id;
  });
}

/** The deleted interval's drivers, or undefined when the company has no such interval. */
export async function deletePriority(
  db: Db,
  companyId: number,
  id: number,
): Promise<number[] | undefined> {
  return db.transaction(async (tx) => {
    const drivers = await tx
      .select({ id: priorityIntervalDrivers.driver_id })
      .from(priorityIntervalDrivers)
      .innerJoin(priorityIntervals, eq(priorityIntervals.id, priorityIntervalDrivers.interval_id))
      .where(and(eq(priorityIntervals.id, id), eq(priorityIntervals.company_id, companyId)));
    const deleted = await tx
      .delete(priorityIntervals)
      .where(and(eq(priorityIntervals.id, id), eq(priorityIntervals.company_id, companyId)))
      .returning({ id: priorityIntervals.id });
    return deleted.length === 1 ? drivers.map((driver) => driver.id) : undefined;
  });
}

/**
 * The drivers of the companies' priority intervals active at `nowUtc` (from ≤ now ≤ to): one
 * query on priority_intervals_company_idx (company_id, to), then the drivers by their key.
 */
export async function activePriorityDriverIds(
  db: DbOrTx,
  companyIds: readonly number[],
  nowUtc: string,
): Promise<Set<number>> {
  if (companyIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: priorityIntervalDrivers.driver_id })
    .from(priorityIntervals)
    .innerJoin(
      priorityIntervalDrivers,
      eq(priorityIntervalDrivers.interval_id, priorityIntervals.id),
    )
    .where(
      and(
        oneOf(priorityIntervals.company_id, [...companyIds]),
        gte(priorityIntervals.to, nowUtc),
        lte(priorityIntervals.from, nowUtc),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
