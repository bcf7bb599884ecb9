import type { Polygon, Stand } from '@common/zones/zones.schema';
import { describe, expect, it } from 'vitest';
import {
  badgeFeatures,
  cornerCount,
  labelPoint,
  pathsToPolygon,
  polygonToPaths,
  standArea,
  standFeatures,
  zoneFeatures,
} from './zone-geometry';

const square = [
  { lat: 47.16, long: 27.58 },
  { lat: 47.16, long: 27.6 },
  { lat: 47.17, long: 27.6 },
  { lat: 47.17, long: 27.58 },
];

const zone = (id: number, overrides: Partial<Polygon> = {}): Polygon => ({
  id,
  name: `Zona ${id}`,
  isVisible: true,
  priority: 0,
  paths: square,
  updated_at: '2026-11-26 08:00:00',
  ...overrides,
});

const stand = (id: number, overrides: Partial<Stand> = {}): Stand => ({
  id,
  name: `Stația ${id}`,
  lat: 47.165,
  long: 27.59,
  radius: 100,
  paths: null,
  queue: [],
  updated_at: '2026-11-26 08:00:00',
  ...overrides,
});

describe('paths ↔ GeoJSON (paths {lat, long}, GeoJSON longitude first)', () => {
  it('closes the ring and puts the longitude first', () => {
    const polygon = pathsToPolygon(square);
    expect(polygon.coordinates[0]).toEqual([
      [27.58, 47.16],
      [27.6, 47.16],
      [27.6, 47.17],
      [27.58, 47.17],
      [27.58, 47.16],
    ]);
  });

  it('does not repeat a closing corner the wire already has', () => {
    const closed = [...square, square[0] as (typeof square)[0]];
    expect(pathsToPolygon(closed).coordinates[0]).toHaveLength(5);
  });

  it('reads a drawn polygon back as open corners, latitude first, rounded to 7 decimals', () => {
    const paths = polygonToPaths({
      type: 'Polygon',
      coordinates: [
        [
          [27.581234567891, 47.161234567891],
          [27.6, 47.16],
          [27.6, 47.17],
          [27.581234567891, 47.161234567891],
        ],
      ],
    });
    expect(paths).toEqual([
      { lat: 47.1612346, long: 27.5812346 },
      { lat: 47.16, long: 27.6 },
      { lat: 47.17, long: 27.6 },
    ]);
  });

  it('round-trips a zone unchanged', () => {
    expect(polygonToPaths(pathsToPolygon(square))).toEqual(square);
  });

  it('counts corners without the closing repeat or doubled clicks', () => {
    expect(cornerCount(square)).toBe(4);
    expect(cornerCount([...square, square[0] as (typeof square)[0]])).toBe(4);
    expect(cornerCount([square[0], square[0], square[1], square[2]] as typeof square)).toBe(3);
  });

  it('puts a label in the middle of the corners', () => {
    expect(labelPoint(square)).toEqual({ lat: 47.165, long: 27.59 });
    expect(labelPoint([])).toBeNull();
  });
});

describe('map features', () => {
  it('draws every zone but the edited one and the degenerate ones', () => {
    const zones = [zone(1), zone(2), zone(3, { paths: square.slice(0, 2) })];
    const features = zoneFeatures(zones, 2).features;
    expect(features.map((f) => f.properties.id)).toEqual([1]);
    expect(features[0]?.properties).toMatchObject({ kind: 'zone', visible: true });
    expect(
      zoneFeatures([zone(4, { isVisible: false })], null).features[0]?.properties.visible,
    ).toBe(false);
  });

  it('draws a radius stand as a circle of its radius around its point', () => {
    const area = standArea(stand(1));
    const ring = area?.coordinates[0] ?? [];
    expect(ring).toHaveLength(65);
    // 100 m north of 47.165 is ~0.0009° of latitude.
    const north = Math.max(...ring.map(([, lat]) => lat ?? 0));
    expect(north - 47.165).toBeCloseTo(0.0009, 4);
  });

  it('draws an outline stand as its outline', () => {
    const area = standArea(stand(1, { radius: null, paths: square }));
    expect(area?.coordinates[0]).toHaveLength(5);
    expect(standFeatures([stand(1), stand(2)], 1).features.map((f) => f.properties.id)).toEqual([
      2,
    ]);
  });

  it('names zones and stands with badges, leaving out the edited ones', () => {
    const badges = badgeFeatures([zone(1), zone(2)], [stand(5), stand(6)], 1, 6).features;
    expect(badges.map((b) => [b.properties.label, b.properties.tone])).toEqual([
      ['Zona 2', 'zone'],
      ['Stația 5', 'stand'],
    ]);
    expect(badges[1]?.geometry.coordinates).toEqual([27.59, 47.165]);
  });
});
