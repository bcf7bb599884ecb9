import type { DriverPosition } from '@common/drivers/drivers.schema';
import type { DriversPositionsPayload, RelayedPosition } from '@common/realtime/events';
import { isOnMap, type LiveDriver, toWirePosition } from './driver-index';

/** Where the batches go (the publisher): this node's dispatcher sockets, and the other nodes. */
export interface FanoutTargets {
  /** To this node's dispatcher sockets of one company. */
  toDispatchers: (companyId: number, payload: DriversPositionsPayload) => void;
  /** To the other nodes (none on a single node). */
  relay: ((positions: RelayedPosition[]) => void) | null;
}

/**
 * Batches what dispatchers see of the fleet: every `intervalMs` (about a second)
 * each company's dispatcher room gets one message with the positions that changed and the
 * drivers gone from the map, and the other nodes get one message with the positions this
 * node's drivers sent — never a message per position. Positions are ephemeral: a lost batch is
 * repaired by the next position and by the maps' 25 s `GET /api/drivers-positions`.
 */
export function createPositionFanout(targets: FanoutTargets, intervalMs = 1_000) {
  const pending = new Map<number, { positions: Map<number, DriverPosition>; gone: Set<number> }>();
  let relayed: RelayedPosition[] = [];
  let timer: NodeJS.Timeout | undefined;

  const of = (companyId: number) => {
    let batch = pending.get(companyId);
    if (!batch) {
      batch = { positions: new Map(), gone: new Set() };
      pending.set(companyId, batch);
    }
    return batch;
  };

  /** A driver moved or changed state: his dispatchers see him as he is now, or see him go. */
  function changed(driver: LiveDriver): void {
    const position = isOnMap(driver) ? toWirePosition(driver) : null;
    for (const companyId of driver.company_ids) {
      const batch = of(companyId);
      if (position) {
        batch.positions.set(driver.driver_id, position);
        batch.gone.delete(driver.driver_id);
      } else {
        batch.positions.delete(driver.driver_id);
        batch.gone.add(driver.driver_id);
      }
    }
  }

  function tick(): void {
    if (targets.relay && relayed.length > 0) {
      const out = relayed;
      relayed = [];
      targets.relay(out);
    }
    for (const [companyId, batch] of pending) {
      if (batch.positions.size === 0 && batch.gone.size === 0) continue;
      targets.toDispatchers(companyId, {
        positions: [...batch.positions.values()],
        gone: [...batch.gone],
      });
    }
    pending.clear();
  }

  return {
    changed,
    /** A position sent to this node: told to the other nodes in the next batch too. */
    received(driver: LiveDriver): void {
      changed(driver);
      if (targets.relay && isOnMap(driver)) {
        relayed.push({
          ...toWirePosition(driver),
          companyIds: driver.company_ids,
          declaredPolygonId: driver.declaredPolygonId,
        });
      }
    },
    start(): void {
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
    },
    tick,
  };
}

export type PositionFanout = ReturnType<typeof createPositionFanout>;
