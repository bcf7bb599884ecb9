import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

/** Claims a key; false when another request holds it already (waits for that one to commit). */
export async function claimKey(
  db: DbOrTx,
  values: { user_id: number; key: string; scope: string; request_hash: string },
): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values(values)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length === 1;
}

export async function findKey(db: DbOrTx, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

/** Records a finished request's answer under its key. */
export async function storeResult(
  db: DbOrTx,
  userId: number,
  key: string,
  statusCode: number,
  response: unknown,
) {
  await storeResultQuery(db, userId, key, statusCode, response);
}

/**
 * The statement of `storeResult` for a created thing whose id is an SQL expression, to run as
 * part of the statement that creates it (a data-modifying CTE: one round trip less).
 */
export const storeCreatedSql = (
  db: DbOrTx,
  userId: number,
  key: string,
  statusCode: number,
  id: SQL,
) => storeResultQuery(db, userId, key, statusCode, sql`jsonb_build_object('id', ${id})`).getSQL();

const storeResultQuery = (
  db: DbOrTx,
  userId: number,
  key: string,
  statusCode: number,
  response: unknown,
) =>
  db
    .update(idempotencyKeys)
    .set({ status_code: statusCode, response })
    .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)));

/** Keys are kept 24 h (research R11). */
export async function purgeExpired(db: DbOrTx) {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.created_at, sql`(now() at time zone 'utc') - interval '24 hours'`));
}
