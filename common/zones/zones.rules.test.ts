import { describe, expect, it } from 'vitest';
import {
  doubleArea,
  openRing,
  selfIntersects,
  ZONE_NO_AREA,
  ZONE_SELF_INTERSECTS,
  ZONE_TOO_FEW_POINTS,
  zoneOutlineProblem,
} from './zones.rules';

const ring = (...points: [number, number][]) => points.map(([long, lat]) => ({ lat, long }));

/** A "U": the notch between its arms is outside, and the outline is simple. */
const concave = ring([0, 0], [3, 0], [3, 3], [2, 3], [2, 1], [1, 1], [1, 3], [0, 3]);

describe('zone outline', () => {
  it('accepts a square and a concave outline', () => {
    expect(zoneOutlineProblem(ring([0, 0], [1, 0], [1, 1], [0, 1]))).toBeNull();
    expect(zoneOutlineProblem(concave)).toBeNull();
  });

  it('accepts either winding order', () => {
    expect(zoneOutlineProblem([...concave].reverse())).toBeNull();
  });

  it('accepts a closing point repeating the first, and consecutive duplicates', () => {
    const closed = ring([0, 0], [1, 0], [1, 1], [0, 1], [0, 0]);
    expect(zoneOutlineProblem(closed)).toBeNull();
    expect(openRing(closed)).toHaveLength(4);
    expect(openRing(ring([0, 0], [1, 0], [1, 0], [1, 1], [0, 0]))).toHaveLength(3);
  });

  it('refuses a bow-tie (two edges crossing) as self-intersecting', () => {
    // Symmetric: its lobes' signed areas cancel, yet the fault is the crossing, not a line.
    const bowTie = ring([0, 0], [1, 1], [1, 0], [0, 1]);
    expect(doubleArea(bowTie)).toBe(0);
    expect(selfIntersects(bowTie)).toBe(true);
    expect(zoneOutlineProblem(bowTie)).toBe(ZONE_SELF_INTERSECTS);
    expect(zoneOutlineProblem(ring([0, 0], [2, 2], [2, 0], [0, 1]))).toBe(ZONE_SELF_INTERSECTS);
  });

  it('refuses an outline that touches itself at a corner or doubles back on an edge', () => {
    // The fifth corner lies on the first edge: the ring pinches there.
    expect(zoneOutlineProblem(ring([0, 0], [2, 0], [2, 2], [1, 1], [1, 0], [0, 2]))).toBe(
      ZONE_SELF_INTERSECTS,
    );
    // An edge running back over a non-adjacent one (collinear overlap).
    expect(zoneOutlineProblem(ring([0, 0], [3, 0], [3, 1], [2, 0], [1, 0], [0, 1]))).toBe(
      ZONE_SELF_INTERSECTS,
    );
  });

  it('refuses collinear corners: no area', () => {
    const line = ring([0, 0], [1, 1], [2, 2], [3, 3]);
    expect(doubleArea(openRing(line))).toBe(0);
    expect(zoneOutlineProblem(line)).toBe(ZONE_NO_AREA);
    // Out of order along the line, and back again to the start.
    expect(zoneOutlineProblem(ring([0, 0], [2, 2], [1, 1], [3, 3], [0, 0]))).toBe(ZONE_NO_AREA);
    expect(zoneOutlineProblem(ring([27.58, 47.16], [27.59, 47.16], [27.6, 47.16]))).toBe(
      ZONE_NO_AREA,
    );
  });

  it('refuses fewer than three distinct corners, counting a closing point and repeats once', () => {
    expect(zoneOutlineProblem([])).toBe(ZONE_TOO_FEW_POINTS);
    expect(zoneOutlineProblem(ring([0, 0], [1, 1]))).toBe(ZONE_TOO_FEW_POINTS);
    expect(zoneOutlineProblem(ring([0, 0], [1, 1], [0, 0]))).toBe(ZONE_TOO_FEW_POINTS);
    expect(zoneOutlineProblem(ring([0, 0], [0, 0], [1, 1], [1, 1]))).toBe(ZONE_TOO_FEW_POINTS);
  });

  it('accepts a small real zone in degrees (a city block in Iași)', () => {
    expect(
      zoneOutlineProblem(
        ring([27.5801, 47.1601], [27.5812, 47.1601], [27.5812, 47.1609], [27.5801, 47.1609]),
      ),
    ).toBeNull();
  });
});
