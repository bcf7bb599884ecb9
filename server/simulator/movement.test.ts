import { haversineMeters } from '@common/lib/geo';
import { describe, expect, it } from 'vitest';
import {
  type Area,
  advance,
  CITY_SPEED_KMH,
  driverRandom,
  forcedOffline,
  type LatLng,
  randomPointIn,
  type SimDriver,
  startDriver,
} from './movement';

const IASI: Area = { center: { lat: 47.1585, lng: 27.6014 }, radiusM: 4_000 };
const metres = (a: LatLng, b: LatLng) => haversineMeters(a.lat, a.lng, b.lat, b.lng);

/** Six simulated hours of one driver, one 5 s tick at a time. */
function drive(seed: number, index: number, area = IASI, dtS = 5, ticks = 6 * 720) {
  const random = driverRandom(seed, index);
  let driver = startDriver(area, random);
  const states: SimDriver[] = [driver];
  for (let i = 0; i < ticks; i++) {
    driver = advance(driver, dtS, area, random);
    states.push(driver);
  }
  return states;
}

describe('the simulated drivers’ movement', () => {
  it('drives at city speeds: never above 50 km/h, never below 20 km/h mid-leg', () => {
    let legsChecked = 0;
    for (let index = 0; index < 8; index++) {
      const states = drive(11, index);
      for (let i = 1; i < states.length; i++) {
        const before = states[i - 1] as SimDriver;
        const after = states[i] as SimDriver;
        const kmh = (metres(before.position, after.position) / 5) * 3.6;
        expect(kmh).toBeLessThanOrEqual(CITY_SPEED_KMH.max * 1.01);
        const midLeg =
          before.status === 'online' &&
          after.status === 'online' &&
          after.target === before.target &&
          (after.position.lat !== after.target.lat || after.position.lng !== after.target.lng);
        if (midLeg) {
          expect(kmh).toBeGreaterThanOrEqual(CITY_SPEED_KMH.min * 0.99);
          legsChecked++;
        }
        // Resting: not a metre.
        if (before.status !== 'online') expect(metres(before.position, after.position)).toBe(0);
      }
    }
    expect(legsChecked).toBeGreaterThan(10_000);
  });

  it('stays within the company’s area, wherever it is', () => {
    const areas: Area[] = [
      IASI,
      { center: { lat: 46.7712, lng: 23.6236 }, radiusM: 4_000 },
      { center: { lat: 64.1466, lng: -21.9426 }, radiusM: 2_500 }, // far north: lng degrees shrink
    ];
    for (const area of areas) {
      for (let index = 0; index < 5; index++) {
        for (const state of drive(3, index, area, 5, 2_000)) {
          expect(metres(area.center, state.position)).toBeLessThanOrEqual(area.radiusM * 1.005);
          expect(metres(area.center, state.target)).toBeLessThanOrEqual(area.radiusM * 1.005);
        }
      }
    }
  });

  it('spreads its points over the whole area, not only near the centre', () => {
    const random = driverRandom(5, 0);
    const distances = Array.from({ length: 2_000 }, () =>
      metres(IASI.center, randomPointIn(IASI, random)),
    );
    // Uniform over the disc: a quarter of the points within half the radius.
    const inner = distances.filter((d) => d < IASI.radiusM / 2).length / distances.length;
    expect(inner).toBeGreaterThan(0.2);
    expect(inner).toBeLessThan(0.3);
    expect(Math.max(...distances)).toBeGreaterThan(IASI.radiusM * 0.95);
  });

  it('pauses now and then for a few minutes, goes offline rarely, and always comes back', () => {
    const states = drive(7, 0, IASI, 5, 24 * 720);
    const spells = (status: SimDriver['status']) => {
      const lengths: number[] = [];
      let run = 0;
      for (const state of states) {
        if (state.status === status) run++;
        else if (run > 0) {
          lengths.push(run * 5);
          run = 0;
        }
      }
      return lengths;
    };
    const pauses = spells('paused');
    const offline = spells('offline');
    expect(pauses.length).toBeGreaterThan(5);
    for (const seconds of pauses) {
      expect(seconds).toBeGreaterThanOrEqual(120);
      expect(seconds).toBeLessThanOrEqual(365);
    }
    expect(offline.length).toBeGreaterThan(0);
    expect(offline.length).toBeLessThan(pauses.length);
    const online = states.filter((s) => s.status === 'online').length / states.length;
    expect(online).toBeGreaterThan(0.6);
  });

  it('is the same fleet for the same seed, and another for another seed', () => {
    expect(drive(42, 3, IASI, 5, 500)).toEqual(drive(42, 3, IASI, 5, 500));
    expect(drive(42, 3, IASI, 5, 50)).not.toEqual(drive(43, 3, IASI, 5, 50));
    expect(drive(42, 3, IASI, 5, 50)).not.toEqual(drive(42, 4, IASI, 5, 50));
  });

  it('a driver the server took offline rests, then sets off again', () => {
    const random = driverRandom(1, 0);
    let driver = forcedOffline(startDriver(IASI, random), random);
    expect(driver.status).toBe('offline');
    const where = driver.position;
    let seconds = 0;
    while (driver.status === 'offline') {
      driver = advance(driver, 5, IASI, random);
      seconds += 5;
    }
    expect(driver.status).toBe('online');
    expect(driver.position).toEqual(where);
    expect(seconds).toBeGreaterThanOrEqual(300);
    expect(seconds).toBeLessThanOrEqual(905);
  });
});
