import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../http/app-error';
import * as repo from './idempotency.repo';

const KEY_PATTERN = /^[\w.:-]{8,200}$/;
const HEADER = 'Idempotency-Key';

/** The created thing's id is what a replay needs: it answers with that thing as it is now. */
export interface Created {
  id: number;
}

/**
 * A claimed key, given to the work: `recordResult(id)` is the statement that records the
 * created thing's id (an SQL expression) as the request's result, for the work to run inside
 * the statement that creates it. Called, it is the work's to run; otherwise `once` records
 * the result itself with one more statement.
 */
export interface Claim {
  recordResult(id: SQL): SQL;
}

const digest = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');

/**
 * Runs a create at most once per (user, Idempotency-Key) (DESIGN §7, research T3). The key is
 * claimed in the same transaction as the work: a concurrent request with the same key waits for
 * the first to commit and then replays its result; a failed attempt releases the key with its
 * rollback. The same key with another request is refused.
 */
export function createIdempotency(db: Db) {
  async function once(
    input: { userId: number; key: string | undefined; scope: string; body: unknown },
    work: (tx: Tx, claim?: Claim) => Promise<Created>,
  ): Promise<Created & { replayed: boolean }> {
    const { key } = input;
    if (key === undefined) {
      const created = await db.transaction(work);
      return { ...created, replayed: false };
    }
    if (!KEY_PATTERN.test(key)) {
      throw new AppError('validation_failed', 'Cheia de idempotență nu este validă.', {
        [HEADER]: ['8-200 caractere: litere, cifre, . : _ -'],
      });
    }
    const requestHash = digest(input.body);
    return db.transaction(async (tx) => {
      const claimed = await repo.claimKey(tx, {
        user_id: input.userId,
        key,
        scope: input.scope,
        request_hash: requestHash,
      });
      if (!claimed) {
        const previous = await repo.findKey(tx, input.userId, key);
        const response = previous?.response as Created | null | undefined;
        if (!previous || previous.scope !== input.scope || previous.request_hash !== requestHash) {
          throw new AppError(
            'validation_failed',
            'Cheia de idempotență a fost folosită pentru altă cerere.',
            {
              [HEADER]: ['Cheia a fost folosită pentru altă cerere.'],
            },
          );
        }
        if (!response)
          throw new AppError('conflict', 'Cererea cu această cheie este încă în lucru.');
        return { ...response, replayed: true };
      }
      let recorded = false;
      const created = await work(tx, {
        recordResult: (id) => {
          recorded = true;
          return repo.storeCreatedSql(tx, input.userId, key, 201, id);
        },
      });
      if (!recorded) await repo.storeResult(tx, input.userId, key, 201, { id: created.id });
      return { ...created, replayed: false };
    });
  }

  return { once, purgeExpired: () => repo.purgeExpired(db) };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

/** The header's value, if the request has one. */
export const idempotencyKeyOf = (headers: Record<string, string | string[] | undefined>) => {
  const value = headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
};
