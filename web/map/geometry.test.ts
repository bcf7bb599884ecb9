import { describe, expect, it } from 'vitest';
import { boundsOf, circlePolygon, distanceM, hasCoordinates, roundCoordinate } from './geometry';

const IASI = { lat: 47.1585, lng: 27.6014 };

describe('circlePolygon (driver circle 1500 m)', () => {
  const circle = circlePolygon(IASI, 1500, 64);
  const ring = circle.geometry.coordinates[0] ?? [];

  it('is a closed ring of the asked number of points', () => {
    expect(ring).toHaveLength(65);
    expect(ring[64]).toEqual(ring[0]);
  });

  it('keeps every point 1500 m from the centre, [lng, lat] ordered', () => {
    for (const [lng, lat] of ring) {
      expect(distanceM(IASI, { lat: lat ?? 0, lng: lng ?? 0 })).toBeCloseTo(1500, 0);
    }
    // The first point is due north: same longitude, latitude ~0.0135° higher.
    expect(ring[0]?.[0]).toBeCloseTo(IASI.lng, 9);
    expect(ring[0]?.[1]).toBeCloseTo(IASI.lat + 1500 / 111_195, 4);
  });

  it('is wider in degrees of longitude than of latitude away from the equator', () => {
    const lngs = ring.map(([lng]) => lng ?? 0);
    const lats = ring.map(([, lat]) => lat ?? 0);
    const width = Math.max(...lngs) - Math.min(...lngs);
    const height = Math.max(...lats) - Math.min(...lats);
    expect(width / height).toBeCloseTo(1 / Math.cos((IASI.lat * Math.PI) / 180), 2);
  });
});

describe('boundsOf (fit a route)', () => {
  it('is null without points', () => {
    expect(boundsOf([])).toBeNull();
  });

  it('is [[west, south], [east, north]] around every point', () => {
    expect(
      boundsOf([
        { lat: 47.17, lng: 27.57 },
        { lat: 47.15, lng: 27.62 },
        { lat: 47.16, lng: 27.59 },
      ]),
    ).toEqual([
      [27.57, 47.15],
      [27.62, 47.17],
    ]);
  });

  it('is a zero-size box for one point (the fit caps the zoom)', () => {
    expect(boundsOf([IASI])).toEqual([
      [IASI.lng, IASI.lat],
      [IASI.lng, IASI.lat],
    ]);
  });
});

describe('coordinates', () => {
  it('rounds to six decimals', () => {
    expect(roundCoordinate(47.158512345)).toBe(47.158512);
    expect(roundCoordinate(-0.0000004)).toBe(-0);
  });

  it('knows a placeable point from a missing one', () => {
    expect(hasCoordinates(IASI)).toBe(true);
    expect(hasCoordinates({ lat: null, lng: 27.6 })).toBe(false);
    expect(hasCoordinates({ lat: 0, lng: 0 })).toBe(false);
    expect(hasCoordinates({ lat: Number.NaN, lng: 27.6 })).toBe(false);
    expect(hasCoordinates({ lat: 91, lng: 27.6 })).toBe(false);
  });
});
