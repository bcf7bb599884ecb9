/**
 * What makes a zone's outline drawable and unambiguous: at least three distinct
 * corners, an area, and no edge crossing another. A self-intersecting outline has no clear
 * inside, so "is this driver in the zone" would depend on the algorithm: it is refused.
 */

export interface LatLong {
  lat: number;
  long: number;
}

export const ZONE_TOO_FEW_POINTS = 'Zona trebuie să aibă cel puțin 3 colțuri diferite.';
export const ZONE_NO_AREA = 'Zona nu are suprafață: colțurile sunt pe aceeași linie.';
export const ZONE_SELF_INTERSECTS = 'Laturile zonei se intersectează. Redesenați conturul.';

/** The outline without a repeated closing point and without consecutive duplicates. */
export function openRing(paths: readonly LatLong[]): LatLong[] {
  const ring: LatLong[] = [];
  for (const point of paths) {
    const previous = ring[ring.length - 1];
    if (!previous || previous.lat !== point.lat || previous.long !== point.long) ring.push(point);
  }
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (ring.length > 1 && first && last && first.lat === last.lat && first.long === last.long) {
    ring.pop();
  }
  return ring;
}

/** Twice the signed area (shoelace), in squared degrees. */
export function doubleArea(ring: readonly LatLong[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i] as LatLong;
    const b = ring[(i + 1) % ring.length] as LatLong;
    sum += a.long * b.lat - b.long * a.lat;
  }
  return sum;
}

const orientation = (p: LatLong, q: LatLong, r: LatLong) =>
  Math.sign((q.long - p.long) * (r.lat - p.lat) - (q.lat - p.lat) * (r.long - p.long));

const onSegment = (p: LatLong, q: LatLong, r: LatLong) =>
  Math.min(p.long, r.long) <= q.long &&
  q.long <= Math.max(p.long, r.long) &&
  Math.min(p.lat, r.lat) <= q.lat &&
  q.lat <= Math.max(p.lat, r.lat);

/** Whether segments ab and cd touch or cross (collinear overlaps included). */
function segmentsMeet(a: LatLong, b: LatLong, c: LatLong, d: LatLong): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(a, c, b)) ||
    (o2 === 0 && onSegment(a, d, b)) ||
    (o3 === 0 && onSegment(c, a, d)) ||
    (o4 === 0 && onSegment(c, b, d))
  );
}

/** Whether two non-adjacent edges of the ring meet (O(n²); a zone has tens of corners). */
export function selfIntersects(ring: readonly LatLong[]): boolean {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const a = ring[i] as LatLong;
    const b = ring[(i + 1) % n] as LatLong;
    for (let j = i + 1; j < n; j++) {
      // Edges sharing a corner always meet there.
      if (j === i || (j + 1) % n === i || j === (i + 1) % n) continue;
      const c = ring[j] as LatLong;
      const d = ring[(j + 1) % n] as LatLong;
      if (segmentsMeet(a, b, c, d)) return true;
    }
  }
  return false;
}

/** Corners closer than this to one line (in degrees, about a millimetre) lie on it. */
const ON_A_LINE = 1e-8;

/** Whether every corner lies on the line through the first corner and the one farthest from it. */
export function onOneLine(ring: readonly LatLong[]): boolean {
  const origin = ring[0];
  if (!origin) return true;
  let far = origin;
  let farthest = 0;
  for (const point of ring) {
    const d = Math.hypot(point.long - origin.long, point.lat - origin.lat);
    if (d > farthest) [far, farthest] = [point, d];
  }
  if (farthest === 0) return true;
  return ring.every(
    (p) =>
      Math.abs(
        (far.long - origin.long) * (p.lat - origin.lat) -
          (far.lat - origin.lat) * (p.long - origin.long),
      ) /
        farthest <
      ON_A_LINE,
  );
}

/**
 * The first reason an outline is refused, or null when it is a simple polygon with an area.
 * Crossing edges are looked for before the signed area: a symmetric bow-tie's two lobes cancel
 * to no area, and "the corners are on one line" would send its author looking for the wrong fault.
 */
export function zoneOutlineProblem(paths: readonly LatLong[]): string | null {
  const ring = openRing(paths);
  if (ring.length < 3) return ZONE_TOO_FEW_POINTS;
  if (onOneLine(ring)) return ZONE_NO_AREA;
  if (selfIntersects(ring)) return ZONE_SELF_INTERSECTS;
  // A simple outline that is only a sliver (under about 40 cm² at Romania's latitudes).
  if (Math.abs(doubleArea(ring)) < 1e-12) return ZONE_NO_AREA;
  return null;
}
