import type { Db } from '../../../db/client';
import { createChangeFollower } from '../../../lib/change-follower';
import type { DriverStateRow } from '../live/driver-index';
import { changedDriversAfter, lastDriverChange, loadDriverStates } from './driver-states.repo';

/** An administrator's edit of a user (driver-write-path.ts `edit`). */
export const PROFILE_CHANGE = 'profile';

/**
 * One node's reader of the drivers' change stream: it hands each change, with the driver's
 * state now, to the node's driver index and sockets (lib/change-follower.ts says when it
 * reads). A gap reloads every driver.
 */
export function createDriverFeed(deps: {
  db: Db;
  /** A driver's state as change `state.seq` left it. */
  apply: (state: DriverStateRow) => void;
  /** A change of a driver since deleted. */
  forget: (driverId: number) => void;
  /**
   * An administrator changed this user (any user, driver or not: roles, companies, disabled,
   * password; kind 'profile'): his sessions' authority is read again.
   */
  userChanged?: (userId: number) => void;
  /** Changes were missed (a gap): every user may have changed. */
  everyoneChanged?: () => void;
  pollMs: number;
  onError: (error: unknown) => void;
}) {
  /** Every driver as he is now, current at change `at` (start-up, or a gap). */
  async function loadAll(at: number) {
    for (const state of await loadDriverStates(deps.db)) deps.apply({ ...state, seq: at });
  }

  const follower = createChangeFollower({
    async head() {
      const at = await lastDriverChange(deps.db);
      await loadAll(at);
      return at;
    },
    readAfter: (seq, limit) => changedDriversAfter(deps.db, seq, limit),
    apply(change) {
      if (change.state) deps.apply(change.state);
      else deps.forget(change.driverId);
      if (change.kind === PROFILE_CHANGE) deps.userChanged?.(change.driverId);
    },
    async onGap(seq) {
      await loadAll(seq);
      deps.everyoneChanged?.();
    },
    pollMs: deps.pollMs,
    onError: deps.onError,
  });

  // start() loads every driver, then follows the stream from where the load was current.
  return {
    ...follower,
    /** Resolves once this node has applied change `seq` (or the read failed: the poll retries). */
    async settled(seq: number): Promise<void> {
      await follower.settled(seq);
    },
  };
}

export type DriverFeed = ReturnType<typeof createDriverFeed>;
