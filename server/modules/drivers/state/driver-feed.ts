import type { Db } from '../../../db/client';
import type { DriverStateRow } from '../live/driver-index';
import { changedDriversAfter, lastDriverChange, loadDriverStates } from './driver-states.repo';

const BATCH = 500;

/** An administrator's edit of a user (driver-write-path.ts `edit`). */
export const PROFILE_CHANGE = 'profile';

/**
 * One node's reader of the drivers' change stream (DESIGN §4, issue #17), the twin of the
 * orders' feed (orders/change-stream/order-feed.ts): it reads the changes after the last number
 * it has seen, with each driver's state now, and hands them to the node's driver index and
 * sockets. It reads every `pollMs`, at a wake-up from another node, and when a writer here waits
 * for its own change (`settled`), so a lost wake-up only delays a change. A gap before the first
 * change read (the stream was pruned) reloads every driver.
 */
export function createDriverFeed(deps: {
  db: Db;
  /** A driver's state as change `state.seq` left it. */
  apply: (state: DriverStateRow) => void;
  /** A change of a driver since deleted. */
  forget: (driverId: number) => void;
  /**
   * An administrator changed this user (any user, driver or not: roles, companies, disabled,
   * password; kind 'profile'): his sessions' authority is read again (issue #27).
   */
  userChanged?: (userId: number) => void;
  /** Changes were missed (a gap): every user may have changed. */
  everyoneChanged?: () => void;
  pollMs: number;
  onError: (error: unknown) => void;
}) {
  let last = -1;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const waiters: { seq: number; resolve: () => void }[] = [];

  const settle = (seq: number) => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const waiter = waiters[i];
      if (waiter && waiter.seq <= seq) {
        waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  };

  /** Every driver as he is now, current at change `at` (start-up, or a gap). */
  async function loadAll(at: number) {
    for (const state of await loadDriverStates(deps.db)) deps.apply({ ...state, seq: at });
  }

  async function readBatch(): Promise<boolean> {
    const batch = await changedDriversAfter(deps.db, last, BATCH);
    const first = batch[0];
    if (!first) return false;
    if (first.seq !== last + 1) {
      await loadAll(last);
      deps.everyoneChanged?.();
    }
    for (const change of batch) {
      if (change.state) deps.apply(change.state);
      else deps.forget(change.driverId);
      if (change.kind === PROFILE_CHANGE) deps.userChanged?.(change.driverId);
      last = change.seq;
    }
    settle(last);
    return batch.length === BATCH;
  }

  function wake(): Promise<void> {
    if (last < 0) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while (await readBatch()) {}
        } while (again);
      } catch (error) {
        deps.onError(error);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    /** Loads every driver, then follows the stream from where the load was current. */
    async start(): Promise<void> {
      const at = await lastDriverChange(deps.db);
      await loadAll(at);
      last = at;
      timer = setInterval(() => void wake(), deps.pollMs);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
      settle(Number.MAX_SAFE_INTEGER);
    },
    wake,
    /** Resolves once this node has applied change `seq` (or the read failed: the poll retries). */
    async settled(seq: number): Promise<void> {
      if (seq <= last) return;
      const read = new Promise<void>((resolve) => waiters.push({ seq, resolve }));
      await wake();
      if (seq > last) settle(seq);
      return read;
    },
    position: () => last,
  };
}

export type DriverFeed = ReturnType<typeof createDriverFeed>;
