import type { DriverPosition, DriverState } from '@common/drivers/drivers.schema';
import type { DriversPositionsPayload } from '@common/realtime/events';
import type { User } from '@common/users/users.schema';
import type { QueryClient } from '@tanstack/react-query';
import { orderKeys } from '../../lib/orders/order-keys';
import { driverKeys } from './driver-keys';
import { applyDriverState, applyPositionsBatch, DriverStateTracker } from './positions-cache';

/** What the binding needs of the socket: the drivers' events, on and off. */
export interface DriverEventSource {
  on(event: 'drivers_positions', handler: (payload: DriversPositionsPayload) => void): unknown;
  on(event: 'driver_state_updated', handler: (state: DriverState) => void): unknown;
  off(event: 'drivers_positions', handler: (payload: DriversPositionsPayload) => void): unknown;
  off(event: 'driver_state_updated', handler: (state: DriverState) => void): unknown;
}

/** One tracker per query cache: it lives as long as the cached list it guards. */
const trackers = new WeakMap<QueryClient, DriverStateTracker>();

export function driverStateTracker(queryClient: QueryClient): DriverStateTracker {
  let tracker = trackers.get(queryClient);
  if (!tracker) {
    tracker = new DriverStateTracker();
    trackers.set(queryClient, tracker);
  }
  return tracker;
}

/** A batch of positions into the cached list (one new list per batch). */
export function applyPositionsEvent(queryClient: QueryClient, batch: DriversPositionsPayload) {
  const tracker = driverStateTracker(queryClient);
  queryClient.setQueryData<DriverPosition[]>(driverKeys.positions, (list) =>
    applyPositionsBatch(list, batch, tracker),
  );
}

/**
 * A driver's state change (dropped when its change number is not newer than the
 * last applied): into the map's list (offline leaves it, paused and busy change the icon) and
 * into his card, if one is cached.
 */
export function applyDriverStateEvent(queryClient: QueryClient, state: DriverState) {
  if (!acceptDriverState(queryClient, state)) return;
  queryClient.setQueryData<DriverPosition[]>(driverKeys.positions, (list) =>
    applyDriverState(list, state),
  );
}

/**
 * A driver's state change everywhere but the map's list: whether it is newer than the last
 * applied (recorded when it is), his card if one is cached, the top bar's figures.
 */
function acceptDriverState(queryClient: QueryClient, state: DriverState): boolean {
  const tracker = driverStateTracker(queryClient);
  if (!tracker.accept(state)) return false;
  tracker.setOnline(state.driver_id, state.is_online);
  queryClient.setQueryData<User>(driverKeys.detail(state.driver_id), (user) =>
    user
      ? {
          ...user,
          is_online: state.is_online,
          is_busy: state.is_busy,
          is_paused: state.is_paused,
          high_priority: state.high_priority,
          ban_until: state.ban_until,
          ban_reason: state.ban_reason,
        }
      : user,
  );
  refreshTopBarSoon(queryClient);
  return true;
}

/** Pending top bar reads, one per query cache. */
const topBarReads = new WeakSet<QueryClient>();
/** State changes within this window share one read of the top bar's figures. */
const TOP_BAR_READ_DELAY_MS = 1_000;

/**
 * The top bar's online / busy / free figures count the same state: read them within
 * a second rather than at their next 15 s poll, once for a burst of changes (a fleet of
 * thousands changes state several times a second).
 */
function refreshTopBarSoon(queryClient: QueryClient) {
  if (topBarReads.has(queryClient)) return;
  topBarReads.add(queryClient);
  setTimeout(() => {
    topBarReads.delete(queryClient);
    void queryClient.invalidateQueries({ queryKey: orderKeys.liveStatistics });
  }, TOP_BAR_READ_DELAY_MS);
}

/**
 * How long a state change waits for the next positions batch before the map's list takes it
 * alone. The batches come about once a second while anyone drives.
 */
export const STATE_HOLD_MS = 1_000;

/**
 * Routes the drivers' socket events into the query cache; the
 * 25 s read of every position stays as the safety net. A state change reaches the
 * driver's card at once, and the map's list with the next batch (at most `holdMs` later): one
 * new list, so one redraw of every driver, per batch rather than one more per state change (a
 * fleet of 5,000 changes state a few times a second; bench/README.md drivers-map).
 */
export function bindDriverEvents(
  socket: DriverEventSource,
  queryClient: QueryClient,
  holdMs = STATE_HOLD_MS,
): () => void {
  let held: DriverState[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = (batch: DriversPositionsPayload | null) => {
    clearTimeout(timer);
    timer = undefined;
    const states = held;
    held = [];
    const tracker = driverStateTracker(queryClient);
    queryClient.setQueryData<DriverPosition[]>(driverKeys.positions, (list) => {
      // In the order they came: the states first, then the batch that followed them.
      let next = list;
      for (const state of states) next = applyDriverState(next, state);
      return batch ? applyPositionsBatch(next, batch, tracker) : next;
    });
  };
  const onPositions = (batch: DriversPositionsPayload) => update(batch);
  const onState = (state: DriverState) => {
    if (!acceptDriverState(queryClient, state)) return;
    held.push(state);
    timer ??= setTimeout(() => update(null), holdMs);
  };
  socket.on('drivers_positions', onPositions);
  socket.on('driver_state_updated', onState);
  return () => {
    clearTimeout(timer);
    socket.off('drivers_positions', onPositions);
    socket.off('driver_state_updated', onState);
  };
}
