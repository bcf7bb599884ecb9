import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

/** A request's key, to claim: the same key with another scope or body is refused. */
export interface KeyClaim {
  user_id: number;
  key: string;
  scope: string;
  request_hash: string;
}

/** Claims a key; false when another request holds it already (waits for that one to commit). */
export async function claimKey(db: DbOrTx, values: KeyClaim): Promise<boolean> {
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
  await db
    .update(idempotencyKeys)
    .set({ status_code: statusCode, response })
    .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)));
}

/** Keys are kept 24 h. */
export async function purgeExpired(db: DbOrTx) {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.created_at, sql`(now() at time zone 'utc') - interval '24 hours'`));
}

/**
 * The key's claim as part of a create statement (`onceInOneStatement`), in two pieces: `cte`, a
 * data-modifying CTE body that inserts the key (if the request has one) with its result, the
 * created thing's id (an SQL expression, drawn before the insert that uses it: the same
 * statement cannot update the row it inserts), returning a row when claimed; and `granted(cte)`,
 * true when the statement may create: no key, or the key claimed by that CTE. A key held by
 * another request makes the insert wait for it to commit, then grants nothing.
 * Placeholders `key_user_id`, `key`, `key_scope`, `key_hash`: `claimValues` fills them.
 */
export const claimKeySql = {
  cte: (id: SQL) => sql`insert into idempotency_keys
      (user_id, key, scope, request_hash, status_code, response)
    select ${sql.placeholder('key_user_id')}::int, ${sql.placeholder('key')}::text,
      ${sql.placeholder('key_scope')}::text, ${sql.placeholder('key_hash')}::text, 201,
      jsonb_build_object('id', ${id})
    where ${sql.placeholder('key')}::text is not null
    on conflict do nothing
    returning 1`,
  granted: (cte: SQL) =>
    sql`(${sql.placeholder('key')}::text is null or exists (select 1 from ${cte}))`,
};

export const claimValues = (claim: KeyClaim | null) => ({
  key_user_id: claim?.user_id ?? null,
  key: claim?.key ?? null,
  key_scope: claim?.scope ?? null,
  key_hash: claim?.request_hash ?? null,
});
