import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_M, haversineMeters } from './geo';

describe('haversineMeters', () => {
  it('is zero for one point and symmetric', () => {
    expect(haversineMeters(47.16, 27.58, 47.16, 27.58)).toBe(0);
    expect(haversineMeters(47.16, 27.58, 46.77, 23.6)).toBeCloseTo(
      haversineMeters(46.77, 23.6, 47.16, 27.58),
      6,
    );
  });

  it('measures a degree of latitude and of longitude at 60° as a sphere has them', () => {
    const degree = (EARTH_RADIUS_M * Math.PI) / 180;
    expect(haversineMeters(47, 27, 48, 27)).toBeCloseTo(degree, 3);
    // Along a parallel the great circle is a little shorter than the parallel's arc.
    const alongParallel = haversineMeters(60, 10, 60, 11);
    expect(alongParallel).toBeLessThan(degree / 2);
    expect(alongParallel).toBeGreaterThan(degree / 2 - 1);
  });

  it('measures Iași to Cluj-Napoca between 300 and 310 km', () => {
    const km = haversineMeters(47.1585, 27.6014, 46.7712, 23.6236) / 1000;
    expect(km).toBeGreaterThan(300);
    expect(km).toBeLessThan(310);
  });

  it('stays finite for antipodes', () => {
    expect(haversineMeters(0, 0, 0, 180)).toBeCloseTo(EARTH_RADIUS_M * Math.PI, 3);
  });
});
