import {
  BAN_FOREVER_UNTIL,
  type BanBody,
  type BanResult,
  type DriverState,
  type DriverStatus,
} from '@common/drivers/drivers.schema';
import { toUtcString } from '@common/lib/dates';
import type { Db, DbOrTx } from '../../../db/client';
import { conflict, notFound } from '../../../http/app-error';
import { type AuthContext, isAdmin } from '../../../http/auth-context';
import { driverStateOf } from '../driver-state-wire';
import type { DriverStateRow } from '../live/driver-index';
import { PROFILE_CHANGE } from './driver-feed';
import {
  appendDriverChange,
  findDriver,
  writeBan,
  writeBusy,
  writeIdleReset,
  writePriority,
  writeSilentOffline,
  writeStatus,
} from './driver-states.repo';

export const BANNED_CANNOT_WORK = 'Contul este blocat: nu puteți intra în tură până la';

const HOUR_MS = 3_600_000;

/** Ban body → the UTC time the ban ends (null: unban). */
export function banUntil(body: BanBody, nowMs: number): { until: string; reason: string } | null {
  const reason = body.reason ?? '';
  if (body.unit !== undefined && body.amount !== undefined) {
    const ms = body.amount * (body.unit === 'days' ? 24 : 1) * HOUR_MS;
    return { until: toUtcString(new Date(nowMs + ms)), reason };
  }
  if (body.ban_forever) return { until: BAN_FOREVER_UNTIL, reason };
  if (body.ban_until !== undefined) return { until: body.ban_until, reason };
  return null;
}

/**
 * The drivers' one write path: every change of a driver's durable state
 * (status, ban; the engine adds busy) is one transaction that writes the users row and appends
 * a change to the drivers' stream; the answer waits until this node's index has applied it, and
 * the other nodes are woken to read it (a lost wake-up only delays them to their next poll).
 * A GritQL rule keeps these columns' writes here (biome-plugins/drivers-write-path.grit).
 */
export function createDriverWritePath(deps: {
  db: Db;
  /** Resolves once this node's feed has applied change `seq`. */
  settled: (seq: number) => Promise<void>;
  /** Wakes the other nodes' feeds. */
  wakeOthers: (seq: number) => void;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;

  async function commit(
    driverId: number,
    kind: string,
    write: (tx: DbOrTx) => Promise<Omit<DriverStateRow, 'seq'> | undefined>,
  ): Promise<DriverStateRow | undefined> {
    const written = await deps.db.transaction(async (tx) => {
      const row = await write(tx);
      if (!row) return undefined;
      return { ...row, seq: await appendDriverChange(tx, driverId, kind) };
    });
    if (written) {
      deps.wakeOthers(written.seq);
      await deps.settled(written.seq);
    }
    return written;
  }

  return {
    /** The driver's app goes online, paused or offline; a banned driver cannot work (409). */
    async setStatus(auth: AuthContext, status: DriverStatus): Promise<DriverState> {
      const written = await commit(auth.userId, 'status', (tx) =>
        writeStatus(tx, auth.userId, status),
      );
      if (written) return driverStateOf(written);
      const driver = await findDriver(deps.db, auth.userId, null);
      if (!driver) throw notFound('user');
      throw conflict(`${BANNED_CANNOT_WORK} ${driver.ban_until ?? ''}.`.trim());
    },

    /** PATCH /api/users/{id}/ban for a driver of the caller's companies. */
    async ban(auth: AuthContext, driverId: number, body: BanBody): Promise<BanResult> {
      const scope = isAdmin(auth) ? null : auth.companyIds;
      if (!(await findDriver(deps.db, driverId, scope))) throw notFound('driver');
      const ban = banUntil(body, now());
      const written = await commit(driverId, 'ban', (tx) => writeBan(tx, driverId, ban));
      if (!written) throw notFound('driver');
      return { date: written.ban_until, reason: written.ban_reason };
    },

    /**
     * An administrator's edit of users or cars: `write` runs in one transaction
     * with a change of the drivers' stream for each driver it names (the index reads his call
     * sign, companies and priority again), and the driver's priority when it names one.
     */
    async edit<T>(
      write: (tx: DbOrTx) => Promise<{
        result: T;
        driverIds: number[];
        priority?: { driverId: number; high: boolean };
      }>,
    ): Promise<T> {
      const { result, seq } = await deps.db.transaction(async (tx) => {
        const { result, driverIds, priority } = await write(tx);
        if (priority) await writePriority(tx, priority.driverId, priority.high);
        // Every named user, driver or not: one who stopped being a driver is forgotten by the
        // index (changedDriversAfter answers no state for him).
        let last: number | undefined;
        for (const driverId of new Set(driverIds))
          last = await appendDriverChange(tx, driverId, PROFILE_CHANGE);
        return { result, seq: last };
      });
      if (seq !== undefined) {
        deps.wakeOthers(seq);
        await deps.settled(seq);
      }
      return result;
    },

    /**
     * Busy from a confirmed order to its end, written inside the orders' write path
     * transaction that confirms or ends the trip, so the order and the driver change together.
     * Returns the driver change's number (undefined: nothing changed); after the commit the
     * caller hands it to `published`.
     */
    async markBusy(tx: DbOrTx, driverId: number, busy: boolean): Promise<number | undefined> {
      const row = await writeBusy(tx, driverId, busy);
      return row ? appendDriverChange(tx, driverId, busy ? 'busy' : 'free') : undefined;
    },

    /** After the commit of a transaction that wrote change `seq`: every node's index follows. */
    async published(seq: number | undefined): Promise<void> {
      if (seq === undefined) return;
      deps.wakeOthers(seq);
      await deps.settled(seq);
    },

    /**
     * ban_conditions: a driver who refused too often is banned for a while,
     * by the system (type ban), or sent to the back of the queue (type reset).
     */
    async banForRefusals(driverId: number, untilMs: number, reason: string): Promise<void> {
      const until = toUtcString(new Date(untilMs));
      await commit(driverId, 'ban', (tx) => writeBan(tx, driverId, { until, reason }));
    },
    async resetIdle(driverId: number): Promise<void> {
      await commit(driverId, 'idle_reset', (tx) => writeIdleReset(tx, driverId));
    },

    /** Takes offline the drivers silent for `seconds` (DRIVER_SILENT_OFFLINE_S); their count. */
    async takeSilentOffline(seconds: number): Promise<number> {
      const last = await deps.db.transaction(async (tx) => {
        const ids = await writeSilentOffline(tx, seconds);
        let seq = 0;
        for (const id of ids) seq = await appendDriverChange(tx, id, 'silent');
        return { seq, count: ids.length };
      });
      if (last.count > 0) {
        deps.wakeOthers(last.seq);
        await deps.settled(last.seq);
      }
      return last.count;
    },
  };
}

export type DriverWritePath = ReturnType<typeof createDriverWritePath>;
