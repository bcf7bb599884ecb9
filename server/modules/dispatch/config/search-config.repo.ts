import type {
  Definitions,
  IntervalValue,
  SearchInterval,
} from '@common/dispatch/search-config.schema';
import type { SearchItem } from '@common/dispatch/search-method.schema';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { searchIntervals, searchMethods } from '../../../db/schema';
import { utcNow } from '../../../db/schema/columns';
import { intArray } from '../../../db/sql';

/**
 * SQL of the search configuration (Search method / Search interval): every query is
 * scoped by the company, so another company's id reads as no row.
 */

const intervalColumns = {
  id: searchIntervals.id,
  search_method_id: searchIntervals.search_method_id,
  company_id: searchIntervals.company_id,
  type: searchIntervals.type,
  value: searchIntervals.value,
  position: searchIntervals.position,
  definitions: searchMethods.definitions,
};

type IntervalRow = {
  id: number;
  search_method_id: number;
  company_id: number;
  type: string;
  value: unknown;
  position: number;
  definitions: unknown;
};

/** Rows are written only through the validated contracts, so their JSON has the wire shape. */
const toWire = (row: IntervalRow): SearchInterval => ({
  id: row.id,
  search_method_id: row.search_method_id,
  company_id: row.company_id,
  type: row.type as SearchInterval['type'],
  value: row.value as SearchInterval['value'],
  position: row.position,
  search_method: { id: row.search_method_id, definitions: row.definitions as Definitions },
});

const selectIntervals = (db: DbOrTx) =>
  db
    .select(intervalColumns)
    .from(searchIntervals)
    .innerJoin(searchMethods, eq(searchMethods.id, searchIntervals.search_method_id));

/** The company's intervals in position order (ties by id: the older first). */
export async function listIntervals(db: DbOrTx, companyId: number): Promise<SearchInterval[]> {
  const rows = await selectIntervals(db)
    .where(eq(searchIntervals.company_id, companyId))
    .orderBy(asc(searchIntervals.position), asc(searchIntervals.id));
  return rows.map(toWire);
}

export async function findInterval(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<SearchInterval | undefined> {
  const [row] = await selectIntervals(db).where(
    and(eq(searchIntervals.id, id), eq(searchIntervals.company_id, companyId)),
  );
  return row ? toWire(row) : undefined;
}

export async function methodExists(db: DbOrTx, companyId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: searchMethods.id })
    .from(searchMethods)
    .where(and(eq(searchMethods.id, id), eq(searchMethods.company_id, companyId)));
  return row !== undefined;
}

export async function insertMethod(
  db: DbOrTx,
  companyId: number,
  definitions: Definitions,
): Promise<{ id: number; definitions: Definitions }> {
  const [row] = await db
    .insert(searchMethods)
    .values({ company_id: companyId, definitions })
    .returning({ id: searchMethods.id });
  if (!row) throw new Error('search method was not inserted');
  return { id: row.id, definitions };
}

/** Undefined when the company has no such method. */
export async function updateMethod(
  db: DbOrTx,
  companyId: number,
  id: number,
  definitions: Definitions,
): Promise<{ id: number; definitions: Definitions } | undefined> {
  const [row] = await db
    .update(searchMethods)
    .set({ definitions, updated_at: utcNow })
    .where(and(eq(searchMethods.id, id), eq(searchMethods.company_id, companyId)))
    .returning({ id: searchMethods.id });
  return row ? { id: row.id, definitions } : undefined;
}

/**
 * A new interval at the end of the company's order, on `methodId` or on a new method holding
 * `newMethodItems`. Undefined when `methodId` is not the company's.
 */
export async function insertInterval(
  db: Db,
  companyId: number,
  input: {
    type: string;
    value: IntervalValue;
    methodId: number | undefined;
    newMethodItems: SearchItem[];
  },
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    let methodId = input.methodId;
    if (methodId === undefined) {
      methodId = (await insertMethod(tx, companyId, { items: input.newMethodItems })).id;
    } else if (!(await methodExists(tx, companyId, methodId))) {
      return undefined;
    }
    const [row] = await tx
      .insert(searchIntervals)
      .values({
        company_id: companyId,
        search_method_id: methodId,
        type: input.type,
        value: input.value,
        position: sql`(select coalesce(max(${searchIntervals.position}) + 1, 0) from ${searchIntervals} where ${searchIntervals.company_id} = ${companyId})`,
      })
      .returning({ id: searchIntervals.id });
    if (!row) throw new Error('search interval was not inserted');
    return row.id;
  });
}

/** Undefined when the company has no such interval. */
export async function updateInterval(
  db: DbOrTx,
  companyId: number,
  id: number,
  set: { type: string; value: IntervalValue; search_method_id: number },
): Promise<boolean> {
  const rows = await db
    .update(searchIntervals)
    .set({ ...set, updated_at: utcNow })
    .where(and(eq(searchIntervals.id, id), eq(searchIntervals.company_id, companyId)))
    .returning({ id: searchIntervals.id });
  return rows.length === 1;
}

/**
 * Deletes an interval, and its method when no other interval uses it (a method is only reached
 * through intervals; a running search keeps its own copy of the steps). False: no such interval.
 */
export async function deleteInterval(db: Db, companyId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(searchIntervals)
      .where(and(eq(searchIntervals.id, id), eq(searchIntervals.company_id, companyId)))
      .returning({ methodId: searchIntervals.search_method_id });
    if (!deleted) return false;
    const [other] = await tx
      .select({ id: searchIntervals.id })
      .from(searchIntervals)
      .where(
        and(eq(searchIntervals.search_method_id, deleted.methodId), ne(searchIntervals.id, id)),
      )
      .limit(1);
    if (!other) {
      await tx
        .delete(searchMethods)
        .where(
          and(eq(searchMethods.id, deleted.methodId), eq(searchMethods.company_id, companyId)),
        );
    }
    return true;
  });
}

/**
 * Gives the company's intervals the positions of `ids` (0, 1, …) in one statement, after
 * checking under lock that `ids` is exactly the company's set: the field errors, or null when
 * it was applied. `check` judges the stored ids against the asked order.
 */
export async function sortIntervals(
  db: Db,
  companyId: number,
  ids: number[],
  check: (storedIds: number[]) => Record<string, string[]> | null,
): Promise<Record<string, string[]> | null> {
  return db.transaction(async (tx) => {
    // Locked, so an interval created meanwhile waits for the new order instead of slipping in.
    const stored = await tx
      .select({ id: searchIntervals.id })
      .from(searchIntervals)
      .where(eq(searchIntervals.company_id, companyId))
      .for('update');
    const problems = check(stored.map((row) => row.id));
    if (problems) return problems;
    await tx.execute(sql`
      update ${searchIntervals} set position = o.ord - 1, updated_at = ${utcNow}
      from unnest(${intArray(ids)}) with ordinality as o(id, ord)
      where ${searchIntervals.id} = o.id and ${searchIntervals.company_id} = ${companyId}`);
    return null;
  });
}
