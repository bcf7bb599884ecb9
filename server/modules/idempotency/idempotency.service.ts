import { createHash } from 'node:crypto';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { KeyClaim } from './idempotency.repo';
import * as repo from './idempotency.repo';

const KEY_PATTERN = /^[\w.:-]{8,200}$/;
const HEADER = 'Idempotency-Key';

/** The created thing's id is what a replay needs: it answers with that thing as it is now. */
export interface Created {
  id: number;
}

interface Request {
  userId: number;
  key: string | undefined;
  scope: string;
  body: unknown;
}

const digest = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');

/**
 * The request's key to claim, checked, with its scope and a digest of its body; null when the
 * request has no key (nothing to digest then: most requests on the hot path).
 */
function claimOf(input: Request): KeyClaim | null {
  if (input.key === undefined) return null;
  if (!KEY_PATTERN.test(input.key)) {
    throw new AppError('validation_failed', 'Cheia de idempotență nu este validă.', {
      [HEADER]: ['8-200 caractere: litere, cifre, . : _ -'],
    });
  }
  return {
    user_id: input.userId,
    key: input.key,
    scope: input.scope,
    request_hash: digest(input.body),
  };
}

/**
 * Runs a create at most once per (user, Idempotency-Key): a
 * concurrent request with the same key waits for the first to commit and then replays its
 * result; a failed attempt releases the key with its rollback. The same key with another
 * request is refused.
 */
export function createIdempotency(db: Db) {
  /**
   * The answer of an earlier request with this key: its result to replay, a refusal when the
   * key was used for another request, undefined when no request holds the key.
   */
  async function replayOf(
    tx: DbOrTx,
    claim: KeyClaim | null,
  ): Promise<(Created & { replayed: true }) | undefined> {
    if (!claim) return undefined;
    const previous = await repo.findKey(tx, claim.user_id, claim.key);
    if (!previous) return undefined;
    if (previous.scope !== claim.scope || previous.request_hash !== claim.request_hash) {
      throw new AppError(
        'validation_failed',
        'Cheia de idempotență a fost folosită pentru altă cerere.',
        { [HEADER]: ['Cheia a fost folosită pentru altă cerere.'] },
      );
    }
    const response = previous.response as Created | null;
    if (!response) throw new AppError('conflict', 'Cererea cu această cheie este încă în lucru.');
    return { ...response, replayed: true };
  }

  /** The key is claimed in the same transaction as the work, which may be any statements. */
  async function once<C extends Created>(
    input: Request,
    work: (tx: Tx) => Promise<C>,
  ): Promise<(C & { replayed: false }) | (Created & { replayed: true })> {
    const claim = claimOf(input);
    if (!claim) return { ...(await db.transaction(work)), replayed: false as const };
    return db.transaction(async (tx) => {
      if (!(await repo.claimKey(tx, claim))) {
        const replay = await replayOf(tx, claim);
        // Not claimed, yet not found: the holder rolled back after this insert waited for it.
        if (!replay) throw new AppError('conflict', 'Cererea cu această cheie este încă în lucru.');
        return replay;
      }
      const created = await work(tx);
      await repo.storeResult(tx, claim.user_id, claim.key, 201, { id: created.id });
      return { ...created, replayed: false as const };
    });
  }

  /**
   * `once` for a create that is one statement claiming the key itself (`claimKeySql`), with no
   * transaction around it: one round trip instead of four (begin, claim, work, commit) for the
   * console's hottest write (placing an order; bench/orders-lists). `check` judges what was
   * read before; when it refuses, a request that already ran under this key still replays.
   * `work` answers undefined when the key was held by another request: that one's result
   * replays.
   */
  async function onceInOneStatement<C extends Created>(
    input: Request,
    check: () => void,
    work: (claim: KeyClaim | null) => Promise<C | undefined>,
  ): Promise<(C & { replayed: false }) | (Created & { replayed: true })> {
    const claim = claimOf(input);
    try {
      check();
    } catch (refusal) {
      const replay = await replayOf(db, claim);
      if (replay) return replay;
      throw refusal;
    }
    const created = await work(claim);
    if (created) return { ...created, replayed: false as const };
    const replay = await replayOf(db, claim);
    if (!replay) throw new Error('a create statement created nothing and no key was held');
    return replay;
  }

  return { once, onceInOneStatement, purgeExpired: () => repo.purgeExpired(db) };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

/** The header's value, if the request has one. */
export const idempotencyKeyOf = (headers: Record<string, string | string[] | undefined>) => {
  const value = headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
};
