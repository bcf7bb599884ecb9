import { describe, expect, it } from 'vitest';
import { zoneFeatures } from './ZonesLayer';

describe('zoneFeatures (the drivers map zones)', () => {
  it('closes each ring and labels each zone once, inside it even when it is concave', () => {
    // A U: the average of its corners (27.61, 47.17) falls in the notch, outside the zone.
    const u = [
      { long: 27.58, lat: 47.14 },
      { long: 27.64, lat: 47.14 },
      { long: 27.64, lat: 47.2 },
      { long: 27.62, lat: 47.2 },
      { long: 27.62, lat: 47.16 },
      { long: 27.6, lat: 47.16 },
      { long: 27.6, lat: 47.2 },
      { long: 27.58, lat: 47.2 },
    ];
    const { features } = zoneFeatures([
      { id: 1, name: 'U', paths: u },
      { id: 2, name: 'x', paths: u.slice(0, 2) },
    ]);
    const polygons = features.filter((f) => f.geometry.type === 'Polygon');
    const labels = features.filter((f) => f.geometry.type === 'Point');
    expect(polygons).toHaveLength(1);
    expect(labels).toHaveLength(1);
    const ring = polygons[0]?.geometry.coordinates[0] as number[][];
    expect(ring.at(-1)).toEqual(ring[0]);
    const label = labels[0]?.geometry;
    const [long, lat] = label?.type === 'Point' ? label.coordinates : [];
    const inNotch = (long as number) > 27.6 && (long as number) < 27.62 && (lat as number) > 47.16;
    expect(inNotch).toBe(false);
    expect(long).toBeGreaterThan(27.58);
    expect(long).toBeLessThan(27.64);
  });
});
