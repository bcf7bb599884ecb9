import { describe, expect, it } from 'vitest';
import { createZoneIndex, EMPTY_ZONE_INDEX, type StandRow, type ZoneRow } from './zone-index';

/** Corners as [long, lat]. */
const outline = (...points: [number, number][]) => points.map(([long, lat]) => ({ lat, long }));
const box = (long0: number, lat0: number, long1: number, lat1: number) =>
  outline([long0, lat0], [long1, lat0], [long1, lat1], [long0, lat1]);

const zone = (overrides: Partial<ZoneRow> & Pick<ZoneRow, 'id' | 'paths'>): ZoneRow => ({
  company_id: 1,
  name: `Zona ${overrides.id}`,
  isVisible: true,
  priority: 0,
  ...overrides,
});

const stand = (overrides: Partial<StandRow> & Pick<StandRow, 'id'>): StandRow => ({
  company_id: 1,
  name: `Stația ${overrides.id}`,
  lat: 47.16,
  long: 27.58,
  radius: null,
  paths: null,
  ...overrides,
});

describe('zone index', () => {
  it('places a point in a concave zone but not in its notch', () => {
    // A "U" around Iași's centre: the notch between the arms is not the zone.
    const u = outline(
      [27.5, 47.1],
      [27.8, 47.1],
      [27.8, 47.4],
      [27.7, 47.4],
      [27.7, 47.2],
      [27.6, 47.2],
      [27.6, 47.4],
      [27.5, 47.4],
    );
    const index = createZoneIndex({ zones: [zone({ id: 5, paths: u })], stands: [] });
    expect(index.locate([1], 27.55, 47.3).polygonId).toBe(5); // the left arm
    expect(index.locate([1], 27.75, 47.3).polygonId).toBe(5); // the right arm
    expect(index.locate([1], 27.65, 47.15).polygonId).toBe(5); // the base
    expect(index.locate([1], 27.65, 47.3).polygonId).toBeNull(); // the notch, inside the box
  });

  it('gives overlapping zones to the highest priority, then the lowest id', () => {
    const index = createZoneIndex({
      zones: [
        zone({ id: 1, priority: 0, paths: box(0, 0, 2, 2) }),
        zone({ id: 2, priority: 5, paths: box(1, 1, 3, 3) }),
        zone({ id: 3, priority: 5, paths: box(1.5, 1.5, 4, 4) }),
      ],
      stands: [],
    });
    expect(index.locate([1], 0.5, 0.5).polygonId).toBe(1);
    expect(index.locate([1], 1.2, 1.2).polygonId).toBe(2); // 1 and 2: priority 5 wins
    expect(index.locate([1], 1.8, 1.8).polygonId).toBe(2); // 1, 2 and 3: same priority, id 2
    expect(index.locate([1], 3.5, 3.5).polygonId).toBe(3);
  });

  it('lets a zone of higher priority inside another work as its hole', () => {
    const index = createZoneIndex({
      zones: [
        zone({ id: 10, priority: 0, paths: box(0, 0, 10, 10) }),
        zone({ id: 4, priority: 1, paths: box(4, 4, 6, 6) }),
      ],
      stands: [],
    });
    expect(index.locate([1], 5, 5).polygonId).toBe(4);
    expect(index.locate([1], 1, 1).polygonId).toBe(10);
    expect(index.locate([1], 9, 5).polygonId).toBe(10);
  });

  it('counts a point on an edge as inside, and a hidden zone like a visible one', () => {
    const index = createZoneIndex({
      zones: [zone({ id: 1, isVisible: false, paths: box(0, 0, 1, 1) })],
      stands: [],
    });
    expect(index.locate([1], 1, 0.5).polygonId).toBe(1);
    expect(index.locate([1], 0, 0).polygonId).toBe(1);
    expect(index.locate([1], 1.000001, 0.5).polygonId).toBeNull();
  });

  it("never matches another company's zone or stand", () => {
    const index = createZoneIndex({
      zones: [
        zone({ id: 1, company_id: 1, priority: 0, paths: box(0, 0, 2, 2) }),
        zone({ id: 2, company_id: 2, priority: 9, paths: box(0, 0, 2, 2) }),
      ],
      stands: [stand({ id: 7, company_id: 2, lat: 1, long: 1, radius: 500 })],
    });
    expect(index.locate([1], 1, 1)).toEqual({ polygonId: 1, standIds: [] });
    expect(index.locate([2], 1, 1)).toEqual({ polygonId: 2, standIds: [7] });
    expect(index.locate([3], 1, 1)).toEqual({ polygonId: null, standIds: [] });
    expect(index.locate([], 1, 1)).toEqual({ polygonId: null, standIds: [] });
    // A user of both companies: the zones compete by priority.
    expect(index.locate([1, 2], 1, 1)).toEqual({ polygonId: 2, standIds: [7] });
  });

  it('finds a radius stand by distance, not by its box', () => {
    // 100 m around Piața Unirii, Iași.
    const index = createZoneIndex({
      zones: [],
      stands: [stand({ id: 3, lat: 47.1651, long: 27.5817, radius: 100 })],
    });
    const northBy = (metres: number) => 47.1651 + metres / 111_195;
    expect(index.locate([1], 27.5817, northBy(90)).standIds).toEqual([3]);
    expect(index.locate([1], 27.5817, northBy(110)).standIds).toEqual([]);
    // The box's corner (~70 m north and ~70 m east, 99 m away) is in; just beyond it is out.
    const eastBy = (metres: number) =>
      27.5817 + metres / (111_195 * Math.cos((47.1651 * Math.PI) / 180));
    expect(index.locate([1], eastBy(69), northBy(69)).standIds).toEqual([3]);
    expect(index.locate([1], eastBy(75), northBy(75)).standIds).toEqual([]);
  });

  it('finds a polygon stand by its outline, and every stand a point stands at', () => {
    const index = createZoneIndex({
      zones: [zone({ id: 1, paths: box(0, 0, 10, 10) })],
      stands: [
        stand({ id: 9, lat: 1, long: 1, paths: outline([0, 0], [2, 0], [0, 2]) }),
        stand({ id: 8, lat: 0.5, long: 0.5, radius: 1000 }),
      ],
    });
    expect(index.locate([1], 0.5, 0.5)).toEqual({ polygonId: 1, standIds: [8, 9] });
    // Inside the triangle's box, outside the triangle.
    expect(index.locate([1], 1.8, 1.8)).toEqual({ polygonId: 1, standIds: [] });
    expect(index.locate([1], 0.4, 1.2)).toEqual({ polygonId: 1, standIds: [9] });
  });

  it('answers nowhere for a point on no zone, and for an empty index', () => {
    const index = createZoneIndex({ zones: [zone({ id: 1, paths: box(0, 0, 1, 1) })], stands: [] });
    expect(index.locate([1], 5, 5)).toEqual({ polygonId: null, standIds: [] });
    expect(EMPTY_ZONE_INDEX.locate([1], 5, 5)).toEqual({ polygonId: null, standIds: [] });
  });

  it('lists a company’s zones by priority and its stands by id, and finds a zone by id', () => {
    const index = createZoneIndex({
      zones: [
        zone({ id: 1, name: 'Centru', priority: 1, paths: box(0, 0, 1, 1) }),
        zone({ id: 2, name: 'Gară', priority: 3, isVisible: false, paths: box(0, 0, 1, 1) }),
        zone({ id: 3, company_id: 2, paths: box(0, 0, 1, 1) }),
      ],
      stands: [stand({ id: 6, radius: 50 }), stand({ id: 5, radius: 60 })],
    });
    expect(index.polygonsOf(1)).toEqual([
      { id: 2, name: 'Gară', priority: 3, isVisible: false },
      { id: 1, name: 'Centru', priority: 1, isVisible: true },
    ]);
    expect(index.polygonsOf(9)).toEqual([]);
    expect(index.standsOf(1).map((s) => [s.id, s.radius])).toEqual([
      [5, 60],
      [6, 50],
    ]);
    expect(index.standsOf(2)).toEqual([]);
    expect(index.polygon(3)).toMatchObject({ id: 3, name: 'Zona 3' });
    expect(index.polygon(99)).toBeUndefined();
  });

  it('locates a point among 50 zones in at most a few microseconds', () => {
    // 50 irregular 12-corner zones tiling a city, each overlapping its neighbours.
    const zones: ZoneRow[] = [];
    for (let i = 0; i < 50; i++) {
      const cx = 27.5 + (i % 10) * 0.02;
      const cy = 47.1 + Math.floor(i / 10) * 0.02;
      const paths = Array.from({ length: 12 }, (_, k) => {
        const angle = (k / 12) * 2 * Math.PI;
        const r = 0.012 * (k % 2 === 0 ? 1 : 0.7);
        return { long: cx + r * Math.cos(angle), lat: cy + r * Math.sin(angle) };
      });
      zones.push(zone({ id: i + 1, priority: i % 3, paths }));
    }
    const index = createZoneIndex({ zones, stands: [stand({ id: 1, radius: 300 })] });
    const points = Array.from({ length: 1000 }, (_, k) => [
      27.49 + ((k * 7919) % 1000) / 5000,
      47.09 + ((k * 104_729) % 1000) / 10_000,
    ]);
    const companies = [1];
    let found = 0;
    const run = () => {
      for (const [long = 0, lat = 0] of points)
        if (index.locate(companies, long, lat).polygonId) found++;
    };
    for (let i = 0; i < 20; i++) run(); // warm up
    const rounds = 100;
    const started = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) run();
    const perPointUs = Number(process.hrtime.bigint() - started) / 1000 / (rounds * points.length);
    expect(found).toBeGreaterThan(0);
    // The target is 2 µs; the bound leaves room for a machine busy with other work.
    expect(perPointUs).toBeLessThan(10);
  });
});
