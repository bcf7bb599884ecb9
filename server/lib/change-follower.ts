import { createSerialReader } from './serial-reader';

/** A change of a numbered stream: numbers are gapless and come in commit order. */
export interface NumberedChange {
  seq: number;
}

export interface ChangeFollowerOptions<C extends NumberedChange> {
  /**
   * The stream's last number now, once whatever came before it is loaded (start-up): the
   * follower reads the changes after it.
   */
  head: () => Promise<number>;
  /** The changes after `seq`, in order, at most `limit`. */
  readAfter: (seq: number, limit: number) => Promise<readonly C[]>;
  /**
   * Applies one change. Synchronous, so a writer waiting for its change goes on only once its
   * whole batch is applied.
   */
  apply: (change: C) => void;
  /**
   * The changes after `seq` are no longer all there (pruned while this node was away):
   * whatever follows the stream loads everything again. Awaited before the batch is applied.
   */
  onGap: (seq: number) => void | Promise<void>;
  /** Changes read per call of `readAfter`: a node that was away catches up this many at a time. */
  batchSize?: number;
  /** How often the stream is read untold: a wake-up lost on the bus waits at most this. */
  pollMs: number;
  onError: (error: unknown) => void;
}

export interface ChangeFollower<C extends NumberedChange> {
  /** Reads `head`, then follows the stream from there. */
  start(): Promise<void>;
  /** Stops reading; every writer still waiting is answered undefined (after a read under way). */
  stop(): void;
  /** Reads until nothing is left; one reader at a time, a wake-up during a read reads again. */
  wake(): Promise<void>;
  /**
   * Resolves once this node has read change `seq` (a write made here), with that change as it
   * was read; undefined when it was read before, skipped by a gap, or the read failed (the
   * next read catches up).
   */
  settled(seq: number): Promise<C | undefined>;
  /** The last number read (-1 before start). */
  position(): number;
}

const DEFAULT_BATCH = 500;

interface Waiter<C> {
  seq: number;
  resolve: (change: C | undefined) => void;
}

/**
 * One node's reader of a numbered change stream. Nothing else feeds what it applies, so a
 * wake-up lost on the bus, a restarted bus or a busy node only delays a change until the next
 * read: at a wake-up, every `pollMs`, or when a writer here waits for its own change. The
 * numbers are gapless, so a gap before the first change read means the stream no longer holds
 * what came between: `onGap` reloads everything.
 */
export function createChangeFollower<C extends NumberedChange>(
  options: ChangeFollowerOptions<C>,
): ChangeFollower<C> {
  const limit = options.batchSize ?? DEFAULT_BATCH;
  let last = -1;
  const waiters: Waiter<C>[] = [];

  /** Answers every waiter up to `seq`: the one for `seq` itself with `change`. */
  function settle(seq: number, change: C | undefined) {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const waiter = waiters[i] as Waiter<C>;
      if (waiter.seq > seq) continue;
      waiters.splice(i, 1);
      waiter.resolve(waiter.seq === seq ? change : undefined);
    }
  }

  /** One batch; true when it was full (more may follow). */
  async function readBatch(): Promise<boolean> {
    const batch = await options.readAfter(last, limit);
    const first = batch[0];
    if (!first) return false;
    if (first.seq !== last + 1) await options.onGap(last);
    for (const change of batch) {
      options.apply(change);
      last = change.seq;
      settle(change.seq, change);
    }
    return batch.length === limit;
  }

  const reader = createSerialReader(
    async () => {
      while (await readBatch()) {}
    },
    { pollMs: options.pollMs, onError: options.onError },
  );

  return {
    async start() {
      last = await options.head();
      reader.start();
    },
    stop() {
      reader.stop();
      settle(Number.MAX_SAFE_INTEGER, undefined);
    },
    wake: reader.wake,
    async settled(seq) {
      if (seq <= last) return undefined;
      const read = new Promise<C | undefined>((resolve) => waiters.push({ seq, resolve }));
      await reader.wake();
      if (seq > last) settle(seq, undefined);
      return read;
    },
    position: () => last,
  };
}
