import type { PositionAck } from '@common/drivers/drivers.schema';
import { fromUtcString, toUtcString } from '@common/lib/dates';
import type { DriversPositionsPayload, OfferMark, RelayedPosition } from '@common/realtime/events';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../http/auth-context';
import {
  DriverIndex,
  type DriverStateRow,
  type LiveDriver,
  type ZoneLookup,
} from './live/driver-index';
import { createPositionFanout } from './live/position-fanout';
import { createPositionFlush } from './live/position-flush';
import { createPositionIngest } from './live/position-ingest';
import { loadPositions, pruneHistory } from './live/positions.repo';
import { createDriverFeed } from './state/driver-feed';
import { pruneDriverChanges, readDriverState } from './state/driver-states.repo';
import { createDriverWritePath } from './state/driver-write-path';

export interface FleetDeps {
  db: Db;
  /** The zone index's current snapshot (server/modules/zones); read anew on every move. */
  zones: () => ZoneLookup;
  /** This node's dispatcher sockets of one company. */
  toDispatchers: (companyId: number, payload: DriversPositionsPayload) => void;
  /** A driver's new durable state, to this node's sockets (his dispatchers and himself). */
  toSockets: (driver: LiveDriver) => void;
  /** The other nodes (null on a single node). */
  relay: ((positions: RelayedPosition[]) => void) | null;
  wakeOthers: (seq: number) => void;
  config: {
    flushMs: number;
    pollMs: number;
    silentOfflineS: number;
    keepDays: number;
    keepChangesHours: number;
  };
  onError: (error: unknown, what: string) => void;
  /** An administrator changed a user, or (null) changes were missed. */
  onUserChanged?: (userId: number | null) => void;
}

const SWEEP_MS = 30_000;
const PRUNE_MS = 60 * 60_000;

/**
 * The live fleet on one node: the driver index, fed by the drivers'
 * change stream (durable state) and by positions (sockets here, relays from other nodes);
 * positions flushed in batches; dispatchers told in batches; silent drivers taken offline.
 */
export function createFleet(deps: FleetDeps) {
  let zones = deps.zones();
  const index = new DriverIndex(deps.zones);
  const fanout = createPositionFanout({ toDispatchers: deps.toDispatchers, relay: deps.relay });
  const flush = createPositionFlush({
    db: deps.db,
    intervalMs: deps.config.flushMs,
    onError: (error) => deps.onError(error, 'flushing driver positions'),
  });
  const feed = createDriverFeed({
    db: deps.db,
    apply: (state: DriverStateRow) => {
      const driver = index.applyState(state);
      if (!driver) return;
      fanout.changed(driver);
      deps.toSockets(driver);
    },
    forget: (driverId) => index.remove(driverId),
    userChanged: (userId) => deps.onUserChanged?.(userId),
    everyoneChanged: () => deps.onUserChanged?.(null),
    pollMs: deps.config.pollMs,
    onError: (error) => deps.onError(error, 'reading the drivers change stream'),
  });
  const writes = createDriverWritePath({
    db: deps.db,
    settled: feed.settled,
    wakeOthers: deps.wakeOthers,
  });
  const ingest = createPositionIngest({
    index,
    flush,
    fanout,
    ownsZone: (driver, polygonId) =>
      driver.company_ids.some((companyId) =>
        deps
          .zones()
          .polygonsOf(companyId)
          .some((zone) => zone.id === polygonId),
      ),
  });
  const timers: NodeJS.Timeout[] = [];

  /**
   * Makes sure the index knows a driver (his socket connected, he sent a position, his app asks
   * for his state, another node relayed his position): a driver created after this node started
   * enters it at his first state change, and until then he is read from PostgreSQL once. Change
   * number 0: any change of the stream replaces it.
   */
  async function ensureKnown(driverId: number): Promise<LiveDriver | undefined> {
    const known = index.get(driverId);
    if (known) return known;
    const row = await readDriverState(deps.db, driverId);
    return row ? (index.get(driverId) ?? index.applyState({ ...row, seq: 0 })) : undefined;
  }

  /** The zones changed: every driver's zone and stands are worked out again. */
  const followZones = () => {
    const current = deps.zones();
    if (current === zones) return;
    zones = current;
    index.relocateAll();
  };

  const every = (ms: number, run: () => Promise<unknown>, what: string) => {
    const timer = setInterval(() => {
      run().catch((error: unknown) => deps.onError(error, what));
    }, ms);
    timer.unref();
    timers.push(timer);
  };

  return {
    index,
    writes,
    /** The hot path alone, for a driver the index knows (benchmarks). */
    currentPosition: ingest,
    /**
     * currentPosition: at once for a driver the index knows (the hot path, no I/O); a
     * driver it does not know yet is read from PostgreSQL first (once).
     */
    receivePosition(auth: AuthContext, payload: unknown): PositionAck | Promise<PositionAck> {
      if (index.get(auth.userId) || !auth.roles.includes('driver')) return ingest(auth, payload);
      return ensureKnown(auth.userId).then(() => ingest(auth, payload));
    },
    /** Positions sent to another node, relayed here (ephemeral). */
    relayed(positions: RelayedPosition[]): void {
      for (const position of positions) {
        const driver = index.move(position.userId, {
          long: position.long,
          lat: position.lat,
          orderId: null,
          reportedMs: fromUtcString(position.reported_at).getTime(),
        });
        if (driver) {
          // The origin node checked the zone he declared (position-ingest.ts).
          index.declare(driver, position.declaredPolygonId ?? null);
          fanout.changed(driver);
        }
        // Unknown here yet: read him now; his next position (in 5 s) shows him.
        else
          void ensureKnown(position.userId).catch((error: unknown) =>
            deps.onError(error, 'reading a relayed driver'),
          );
      }
    },
    /**
     * Offers made or ended (the map's red label), here and relayed from other nodes:
     * `orderId` null ends the offer of `ofOrder`. Dispatchers see the change with the next batch.
     */
    markOffers(offers: readonly OfferMark[]): void {
      for (const offer of offers) {
        const driver = index.markOffer(offer.driverId, offer.orderId, offer.untilMs, offer.ofOrder);
        if (driver) fanout.changed(driver);
      }
    },
    wake: () => feed.wake(),
    ensureKnown,
    /** The stream's number this node's index is current at. */
    position: () => feed.position(),
    nowUtc: () => toUtcString(new Date()),
    async start(): Promise<void> {
      await feed.start();
      // The index is rebuilt from PostgreSQL: states (above), then the last flushed positions.
      for (const row of await loadPositions(deps.db)) {
        index.move(row.driver_id, {
          long: row.long,
          lat: row.lat,
          orderId: row.order_id,
          reportedMs: fromUtcString(row.reported_at).getTime(),
        });
      }
      flush.start();
      fanout.start();
      const tick = setInterval(followZones, 1_000);
      tick.unref();
      timers.push(tick);
      every(
        SWEEP_MS,
        () => writes.takeSilentOffline(deps.config.silentOfflineS),
        'taking silent drivers offline',
      );
      every(
        PRUNE_MS,
        async () => {
          await pruneHistory(deps.db, deps.config.keepDays);
          await pruneDriverChanges(deps.db, deps.config.keepChangesHours);
        },
        'pruning driver positions',
      );
    },
    async stop(): Promise<void> {
      for (const timer of timers) clearInterval(timer);
      fanout.stop();
      feed.stop();
      await flush.stop();
    },
    flush: () => flush.flush(),
  };
}

export type Fleet = ReturnType<typeof createFleet>;
