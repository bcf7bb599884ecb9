import type { Db } from '../../db/client';
import { createSerialReader } from '../../lib/serial-reader';
import { createZoneIndex, EMPTY_ZONE_INDEX, type ZoneIndex } from './zone-index';
import { loadAllZones, readRevision } from './zones.repo';

export interface ZoneIndexFollowerDeps {
  db: Db;
  /** How often the revision is read untold (ZONES_POLL_MS): a lost wake-up waits at most this. */
  pollMs: number;
  onError: (error: unknown) => void;
}

/**
 * This node's zone index, kept true to the database: every write to zones or stands moves
 * `zones_revision` in its own transaction (zones.repo); the follower reads that one number at a
 * wake-up (another node's `zones_changed`, or a write made here) and every `pollMs`, and loads
 * every zone and stand again when it moved. The wake-up between nodes may be lost: the poll
 * alone keeps every node within `pollMs` of the database.
 */
export function createZoneIndexFollower(deps: ZoneIndexFollowerDeps) {
  let current: ZoneIndex = EMPTY_ZONE_INDEX;
  let revision = -1;

  /**
   * The revision is read before the rows: a write committing in between leaves rows newer than
   * the revision kept, and the next read, seeing the revision moved, loads them again.
   */
  async function refresh(): Promise<void> {
    const latest = await readRevision(deps.db);
    if (latest === revision) return;
    const rows = await loadAllZones(deps.db);
    current = createZoneIndex(rows);
    revision = latest;
  }

  // A writer that awaits `wake` after its commit finds its write in the index.
  const reader = createSerialReader(refresh, { pollMs: deps.pollMs, onError: deps.onError });

  return {
    /** The current snapshot; immutable, replaced whole when the zones change. */
    index: (): ZoneIndex => current,
    /** Loads every zone and stand (a failure here fails the start), then polls. */
    async start(): Promise<void> {
      await refresh();
      reader.start();
    },
    stop: reader.stop,
    /** Reads the revision (and the zones, when it moved); a failure is reported, not thrown. */
    wake: reader.wake,
    /** The revision the current index was built from (-1 before the first load). */
    revision: () => revision,
  };
}

export type ZoneIndexFollower = ReturnType<typeof createZoneIndexFollower>;
