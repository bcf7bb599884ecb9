import type { DriverPosition, DriverState } from '@common/drivers/drivers.schema';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyDriverStateEvent,
  applyPositionsEvent,
  bindDriverEvents,
  STATE_HOLD_MS,
} from './driver-events';
import { driverKeys } from './driver-keys';
import { applyPositionsBatch, DriverStateTracker } from './positions-cache';
import { mapDriverStatus } from './use-driver-positions';

const position = (userId: number, overrides: Partial<DriverPosition> = {}): DriverPosition => ({
  userId,
  indicativ: String(userId),
  lat: 47.16,
  long: 27.6,
  is_busy: false,
  is_paused: false,
  on_offer: false,
  polygonId: null,
  reported_at: '2026-05-01 10:00:00',
  ...overrides,
});

const state = (driver_id: number, seq: number, overrides: Partial<DriverState> = {}) => ({
  driver_id,
  is_online: true,
  is_paused: false,
  is_busy: false,
  high_priority: false,
  ban_until: null,
  ban_reason: null,
  idle_from: null,
  seq,
  ...overrides,
});

afterEach(() => {
  vi.useRealTimers();
});

/** A socket stand-in bound to the cache; `emit` delivers an event as the socket would. */
function fakeSocket(queryClient: QueryClient) {
  const handlers = new Map<string, (payload: never) => void>();
  const socket = {
    on: (event: string, handler: (payload: never) => void) => handlers.set(event, handler),
    off: (event: string) => handlers.delete(event),
  };
  const unbind = bindDriverEvents(socket, queryClient);
  const emit = (event: string, payload: unknown) => handlers.get(event)?.(payload as never);
  return { emit, unbind };
}

function cacheWith(list: DriverPosition[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(driverKeys.positions, list);
  const read = () => queryClient.getQueryData<DriverPosition[]>(driverKeys.positions) ?? [];
  return { queryClient, read };
}

describe('the drivers map positions cache', () => {
  it('replaces a moved driver by userId, adds a new one and drops the gone', () => {
    const { queryClient, read } = cacheWith([position(1), position(2), position(3)]);
    applyPositionsEvent(queryClient, {
      positions: [position(2, { lat: 47.2 }), position(4)],
      gone: [3],
    });
    expect(read().map((p) => [p.userId, p.lat])).toEqual([
      [1, 47.16],
      [2, 47.2],
      [4, 47.16],
    ]);
  });

  it('keeps the same list for an empty batch (no redraw)', () => {
    const list = [position(1)];
    expect(applyPositionsBatch(list, { positions: [], gone: [] }, new DriverStateTracker())).toBe(
      list,
    );
  });

  it('updates nothing while no map has read the list', () => {
    const queryClient = new QueryClient();
    applyPositionsEvent(queryClient, { positions: [position(1)], gone: [] });
    expect(queryClient.getQueryData(driverKeys.positions)).toBeUndefined();
  });

  it('takes a driver off the map when he goes offline, and a late batch does not bring him back', () => {
    const { queryClient, read } = cacheWith([position(1), position(2)]);
    applyDriverStateEvent(queryClient, state(2, 10, { is_online: false }));
    expect(read().map((p) => p.userId)).toEqual([1]);
    // A batch assembled before he went offline arrives after his state.
    applyPositionsEvent(queryClient, { positions: [position(2, { lat: 47.3 })], gone: [] });
    expect(read().map((p) => p.userId)).toEqual([1]);
    // Online again: his next position shows him.
    applyDriverStateEvent(queryClient, state(2, 11));
    applyPositionsEvent(queryClient, { positions: [position(2, { lat: 47.3 })], gone: [] });
    expect(read().map((p) => p.userId)).toEqual([1, 2]);
  });

  it('changes the icon of a paused or busy driver', () => {
    const { queryClient, read } = cacheWith([position(1)]);
    applyDriverStateEvent(queryClient, state(1, 5, { is_paused: true }));
    expect(mapDriverStatus(read()[0] as DriverPosition)).toBe('paused');
    applyDriverStateEvent(queryClient, state(1, 6, { is_busy: true }));
    expect(mapDriverStatus(read()[0] as DriverPosition)).toBe('busy');
  });

  it('drops a state whose change number is not newer than the last applied', () => {
    const { queryClient, read } = cacheWith([position(1)]);
    applyDriverStateEvent(queryClient, state(1, 7, { is_busy: true }));
    // Older (a second node, a catch-up racing a push) and equal: both ignored.
    applyDriverStateEvent(queryClient, state(1, 6, { is_online: false }));
    applyDriverStateEvent(queryClient, state(1, 7, { is_busy: false }));
    expect(read()).toHaveLength(1);
    expect(read()[0]?.is_busy).toBe(true);
  });

  it("updates the driver's card with his state", () => {
    const { queryClient } = cacheWith([]);
    queryClient.setQueryData(driverKeys.detail(1), { id: 1, ban_until: null, is_busy: false });
    applyDriverStateEvent(
      queryClient,
      state(1, 3, { ban_until: '2026-05-01 13:00:00', ban_reason: 'Refuzuri', is_busy: true }),
    );
    expect(queryClient.getQueryData(driverKeys.detail(1))).toMatchObject({
      ban_until: '2026-05-01 13:00:00',
      ban_reason: 'Refuzuri',
      is_busy: true,
    });
  });

  it('a full read keeps off a driver who went offline while it was on its way', () => {
    const tracker = new DriverStateTracker();
    tracker.accept(state(1, 1));
    tracker.setOnline(1, false); // offline before the read: the read's answer is newer
    const since = tracker.now();
    tracker.accept(state(2, 1));
    tracker.setOnline(2, false); // offline while the read is on its way
    const kept = tracker.reconcile([position(1), position(2), position(3)], since);
    expect(kept.map((p) => p.userId)).toEqual([1, 3]);
    // The read says driver 1 is online: his positions count again.
    expect(tracker.isOffline(1)).toBe(false);
    expect(tracker.isOffline(2)).toBe(true);
  });

  it('maps the position to the map status: offer, busy, paused, free', () => {
    expect(mapDriverStatus({ on_offer: true, is_busy: true, is_paused: false })).toBe('offer');
    expect(mapDriverStatus({ on_offer: false, is_busy: true, is_paused: true })).toBe('busy');
    expect(mapDriverStatus({ on_offer: false, is_busy: false, is_paused: true })).toBe('paused');
    expect(mapDriverStatus({ on_offer: false, is_busy: false, is_paused: false })).toBe('free');
  });

  it('holds a state change for the next batch: one new list, so one redraw, for both', () => {
    const { queryClient, read } = cacheWith([position(1), position(2)]);
    const { emit } = fakeSocket(queryClient);
    const updates = () => queryClient.getQueryState(driverKeys.positions)?.dataUpdateCount;
    const before = updates();
    emit('driver_state_updated', state(1, 5, { is_busy: true }));
    expect(read()[0]?.is_busy).toBe(false);
    emit('drivers_positions', { positions: [position(2, { lat: 47.3 })], gone: [] });
    expect(read().map((p) => [p.userId, p.is_busy, p.lat])).toEqual([
      [1, true, 47.16],
      [2, false, 47.3],
    ]);
    expect(updates()).toBe((before ?? 0) + 1);
    // Gone offline, then a late batch assembled before: he leaves with that batch, not back.
    emit('driver_state_updated', state(2, 6, { is_online: false }));
    emit('drivers_positions', { positions: [position(2, { lat: 47.4 })], gone: [] });
    expect(read().map((p) => p.userId)).toEqual([1]);
  });

  it('applies a held state change alone when no batch comes within the hold', () => {
    vi.useFakeTimers();
    const { queryClient, read } = cacheWith([position(1), position(2)]);
    const { emit } = fakeSocket(queryClient);
    emit('driver_state_updated', state(2, 3, { is_online: false }));
    emit('driver_state_updated', state(1, 4, { is_paused: true }));
    vi.advanceTimersByTime(STATE_HOLD_MS - 1);
    expect(read().map((p) => p.userId)).toEqual([1, 2]);
    vi.advanceTimersByTime(1);
    expect(read().map((p) => [p.userId, p.is_paused])).toEqual([[1, true]]);
  });

  it('binds and unbinds the socket events', () => {
    const { queryClient, read } = cacheWith([position(1)]);
    const handlers = new Map<string, (payload: never) => void>();
    const socket = {
      on: (event: string, handler: (payload: never) => void) => handlers.set(event, handler),
      off: (event: string) => handlers.delete(event),
    };
    const unbind = bindDriverEvents(socket, queryClient);
    handlers.get('drivers_positions')?.({ positions: [position(5)], gone: [1] } as never);
    expect(read().map((p) => p.userId)).toEqual([5]);
    unbind();
    expect(handlers.size).toBe(0);
  });
});
