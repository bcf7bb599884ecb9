import { haversineMeters } from '@common/lib/geo';
import { describe, expect, it } from 'vitest';
import { driverState } from '../../../test/driver-state';
import { createZoneIndex } from '../../zones/zone-index';
import { DriverIndex, isOnMap, toWirePosition } from './driver-index';

const state = driverState;

/** A concave (U-shaped) zone 1 around the notch at 27.60–27.62 × 47.16–47.20, and a stand. */
const zones = createZoneIndex({
  zones: [
    {
      id: 1,
      company_id: 1,
      name: 'U',
      isVisible: true,
      priority: 0,
      paths: [
        { long: 27.58, lat: 47.14 },
        { long: 27.64, lat: 47.14 },
        { long: 27.64, lat: 47.2 },
        { long: 27.62, lat: 47.2 },
        { long: 27.62, lat: 47.16 },
        { long: 27.6, lat: 47.16 },
        { long: 27.6, lat: 47.2 },
        { long: 27.58, lat: 47.2 },
      ],
    },
  ],
  stands: [
    { id: 7, company_id: 1, name: 'Gară', long: 27.57, lat: 47.165, radius: 100, paths: null },
  ],
});

const fleet = (...drivers: [number, number, number][]) => {
  const index = new DriverIndex(() => zones, 0);
  let ms = 1_000;
  for (const [id, long, lat] of drivers) {
    index.applyState(state(id));
    ms += 1_000;
    index.move(id, { long, lat, orderId: null, reportedMs: ms });
  }
  return index;
};

describe('DriverIndex (driver index)', () => {
  it('finds the nearest drivers in distance order, within a limit and a radius', () => {
    const index = fleet([1, 27.6, 47.16], [2, 27.61, 47.16], [3, 27.7, 47.16], [4, 27.605, 47.16]);
    const nearest = index.nearest(27.6, 47.16, { limit: 3 }).map((d) => d.driver_id);
    expect(nearest).toEqual([1, 4, 2]);
    const within = index.within(27.6, 47.16, 900).map((d) => d.driver_id);
    // 2 is ~760 m away, 3 ~7.6 km.
    expect(within).toEqual([1, 4, 2]);
    expect(haversineMeters(47.16, 27.6, 47.16, 27.61)).toBeLessThan(900);
    expect(index.within(27.6, 47.16, 500).map((d) => d.driver_id)).toEqual([1, 4]);
  });

  it('applies the callers filter and leaves offline drivers and drivers without a position out', () => {
    const index = fleet([1, 27.6, 47.16], [2, 27.601, 47.16], [3, 27.602, 47.16]);
    index.applyState(state(2, { is_online: false, seq: 2 }));
    index.applyState(state(9)); // online, never sent a position
    const found = index.nearest(27.6, 47.16, { accept: (d) => d.driver_id !== 1 });
    expect(found.map((d) => d.driver_id)).toEqual([3]);
    expect(
      index
        .onMap(null)
        .map((d) => d.driver_id)
        .sort(),
    ).toEqual([1, 3]);
  });

  it('puts a driver in the concave zone but not in its notch, and follows him as he moves', () => {
    const index = fleet([1, 27.59, 47.18]);
    expect(index.get(1)?.polygonId).toBe(1);
    index.move(1, { long: 27.61, lat: 47.18, orderId: null, reportedMs: 99_000 });
    expect(index.get(1)?.polygonId).toBeNull(); // in the notch
    index.move(1, { long: 27.61, lat: 47.15, orderId: null, reportedMs: 100_000 });
    expect(index.get(1)?.polygonId).toBe(1);
    expect(index.inZone(1).map((d) => d.driver_id)).toEqual([1]);
  });

  it('ignores a position older than the one it holds, and a state older than its own', () => {
    const index = fleet([1, 27.59, 47.18]);
    index.move(1, { long: 27.0, lat: 47.0, orderId: null, reportedMs: 1 });
    expect(index.get(1)?.long).toBe(27.59);
    index.applyState(state(1, { is_paused: true, seq: 5 }));
    expect(index.applyState(state(1, { is_paused: false, seq: 4 }))).toBeUndefined();
    expect(index.get(1)?.is_paused).toBe(true);
  });

  it('queues free drivers at a stand in arrival order, without the busy, paused or banned', () => {
    const index = fleet(
      [1, 27.5705, 47.165],
      [2, 27.5701, 47.165],
      [3, 27.57, 47.1651],
      [4, 27.5702, 47.165],
    );
    index.applyState(state(3, { is_busy: true, seq: 2 }));
    index.applyState(state(4, { ban_until: '2100-01-01 00:00:00', seq: 2 }));
    expect(index.standQueue(7, '2026-11-26 09:00:00').map((d) => d.driver_id)).toEqual([1, 2]);
    // Leaving and coming back puts him last.
    index.move(1, { long: 27.6, lat: 47.3, orderId: null, reportedMs: 50_000 });
    index.move(1, { long: 27.5705, lat: 47.165, orderId: null, reportedMs: 51_000 });
    expect(index.standQueue(7, '2026-11-26 09:00:00').map((d) => d.driver_id)).toEqual([2, 1]);
  });

  it('keeps who is in a zone and at a stand as drivers move, go offline and are removed', () => {
    const now = '2026-11-26 09:00:00';
    const index = fleet([1, 27.59, 47.18], [2, 27.63, 47.15], [3, 27.5705, 47.165]);
    expect(
      index
        .inZone(1)
        .map((d) => d.driver_id)
        .sort(),
    ).toEqual([1, 2]);
    index.move(2, { long: 27.61, lat: 47.18, orderId: null, reportedMs: 99_000 }); // the notch
    expect(index.inZone(1).map((d) => d.driver_id)).toEqual([1]);
    index.applyState(state(1, { is_online: false, seq: 2 }));
    expect(index.inZone(1)).toEqual([]);
    expect(index.standQueue(7, now).map((d) => d.driver_id)).toEqual([3]);
    index.remove(3);
    expect(index.standQueue(7, now)).toEqual([]);
    expect(index.nearest(27.5705, 47.165, { limit: 5 }).map((d) => d.driver_id)).toEqual([2]);
  });

  it('puts six decimals of a degree on the wire (~0.1 m), whatever the phone sent', () => {
    const index = fleet([1, 27.601234567891233, 47.16987654321]);
    const driver = index.get(1);
    if (!driver || !isOnMap(driver)) throw new Error('driver 1 is not on the map');
    expect(driver.long).toBe(27.601234567891233); // kept whole in the index
    expect(toWirePosition(driver)).toMatchObject({ long: 27.601235, lat: 47.169877 });
  });

  it("counts a company's online, busy and free drivers", () => {
    const index = fleet([1, 27.6, 47.16], [2, 27.6, 47.16], [3, 27.6, 47.16]);
    index.applyState(state(2, { is_busy: true, seq: 2 }));
    index.applyState(state(3, { is_online: false, seq: 2 }));
    index.applyState(state(4, { company_ids: [2] }));
    expect(index.counts(new Set([1]))).toEqual({ online: 2, busy: 1, free: 1 });
    expect(index.counts(null)).toEqual({ online: 3, busy: 1, free: 2 });
  });
});
