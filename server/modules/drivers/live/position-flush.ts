import type { Db } from '../../../db/client';
import { type PositionRecord, writePositions } from './positions.repo';

/** History rows held while the database is away, at most (the oldest go first). */
const MAX_PENDING_HISTORY = 200_000;

/**
 * The positions this node received, written to PostgreSQL every `intervalMs` in one batch
 *. A crash between two flushes loses at most one interval of positions — the next
 * position repairs the last one — and never a driver's state, which its write path commits at
 * once. A failed flush keeps its rows for the next one (the newest position per driver wins).
 */
export function createPositionFlush(deps: {
  db: Db;
  intervalMs: number;
  onError: (error: unknown) => void;
  /** Tests and the benchmark watch the batches' sizes. */
  onFlushed?: (latest: number, history: number) => void;
}) {
  let latest = new Map<number, PositionRecord>();
  let history: PositionRecord[] = [];
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function flushOnce() {
    if (latest.size === 0 && history.length === 0) return;
    const batch = latest;
    const batchHistory = history;
    latest = new Map();
    history = [];
    try {
      await writePositions(deps.db, [...batch.values()], batchHistory);
      deps.onFlushed?.(batch.size, batchHistory.length);
    } catch (error) {
      // Put the batch back under what came since (newer positions win).
      for (const [driverId, record] of batch)
        if (!latest.has(driverId)) latest.set(driverId, record);
      history = batchHistory.concat(history).slice(-MAX_PENDING_HISTORY);
      deps.onError(error);
    }
  }

  /** One flush at a time; a call during a flush waits for it and flushes again. */
  function flush(): Promise<void> {
    const next = (running ?? Promise.resolve()).then(flushOnce);
    running = next;
    void next.finally(() => {
      if (running === next) running = null;
    });
    return next;
  }

  return {
    /** Marks a position to be written at the next flush (no I/O here: the hot path). */
    add(record: PositionRecord): void {
      latest.set(record.driverId, record);
      history.push(record);
    },
    start(): void {
      timer = setInterval(() => void flush(), deps.intervalMs);
      timer.unref();
    },
    /** Stops the timer and writes what is pending (graceful shutdown). */
    async stop(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
    flush,
    pending: () => latest.size,
  };
}

export type PositionFlush = ReturnType<typeof createPositionFlush>;
