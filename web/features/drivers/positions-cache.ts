import type { DriverPosition, DriverState } from '@common/drivers/drivers.schema';
import type { DriversPositionsPayload } from '@common/realtime/events';

/**
 * The drivers map's live list: `GET /api/drivers-positions` every 25 s is
 * the safety net, the socket's batched deltas and the drivers' state changes keep it live in
 * between. Pure functions over the cached list, one new list per batch (one `setData` on the
 * map per batch, never one per driver).
 */

/**
 * What the cache knows beyond the list: the last change number applied per driver (
 * a late, older state is dropped) and the drivers whose latest state says offline, each with
 * the local tick it was learnt at. A position batch assembled before the driver went offline
 * can arrive after his state: it must not put him back on the map.
 */
export class DriverStateTracker {
  private readonly seqs = new Map<number, number>();
  private readonly offline = new Map<number, number>();
  private tick = 0;

  /** Whether `state` is newer than any applied for its driver; records it when it is. */
  accept(state: Pick<DriverState, 'driver_id' | 'seq'>): boolean {
    if ((this.seqs.get(state.driver_id) ?? -1) >= state.seq) return false;
    this.seqs.set(state.driver_id, state.seq);
    return true;
  }

  /** Records an accepted state's online flag. */
  setOnline(driverId: number, online: boolean): void {
    if (online) this.offline.delete(driverId);
    else this.offline.set(driverId, ++this.tick);
  }

  isOffline(driverId: number): boolean {
    return this.offline.has(driverId);
  }

  /** A mark to take before a full read, for `reconcile` once it answers. */
  now(): number {
    return this.tick;
  }

  /**
   * A full read that started at `since`: a driver it lists whose offline mark came in while
   * it was on its way stays off the map; an older mark is outdated (the server says he is online
   * again: a state we missed while disconnected) and is dropped.
   */
  reconcile(positions: DriverPosition[], since: number): DriverPosition[] {
    const kept = positions.filter((p) => (this.offline.get(p.userId) ?? 0) <= since);
    for (const p of kept) this.offline.delete(p.userId);
    return kept;
  }
}

/**
 * A `drivers_positions` batch applied to the list: a driver's new position replaces his old one
 * (by userId), a new driver is added, `gone` leaves the map. A driver whose latest state says
 * offline is not put back by a late batch. No list cached (no map open): nothing to update, the
 * next read brings the whole list.
 */
export function applyPositionsBatch(
  list: readonly DriverPosition[] | undefined,
  batch: DriversPositionsPayload,
  tracker: DriverStateTracker,
): DriverPosition[] | undefined {
  if (!list) return undefined;
  const gone = new Set(batch.gone);
  const changed = new Map<number, DriverPosition>();
  for (const position of batch.positions) {
    if (gone.has(position.userId) || tracker.isOffline(position.userId)) continue;
    changed.set(position.userId, position);
  }
  if (changed.size === 0 && gone.size === 0) return list as DriverPosition[];
  const next: DriverPosition[] = [];
  for (const position of list) {
    if (gone.has(position.userId)) continue;
    const moved = changed.get(position.userId);
    if (moved) changed.delete(position.userId);
    next.push(moved ?? position);
  }
  for (const added of changed.values()) next.push(added);
  return next;
}

/**
 * A driver's state change applied to the list: offline leaves the map; paused and busy change
 * his icon. The caller has checked the change number (`DriverStateTracker.accept`).
 */
export function applyDriverState(
  list: readonly DriverPosition[] | undefined,
  state: DriverState,
): DriverPosition[] | undefined {
  if (!list) return undefined;
  const index = list.findIndex((p) => p.userId === state.driver_id);
  if (index < 0) return list as DriverPosition[];
  if (!state.is_online) return list.filter((p) => p.userId !== state.driver_id);
  const current = list[index] as DriverPosition;
  if (current.is_busy === state.is_busy && current.is_paused === state.is_paused) {
    return list as DriverPosition[];
  }
  const next = [...list];
  next[index] = { ...current, is_busy: state.is_busy, is_paused: state.is_paused };
  return next;
}
