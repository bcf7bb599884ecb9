import type { Feature, Polygon } from 'geojson';

/** A point as the wire has it (lat/lng, never swapped). */
export interface LatLng {
  lat: number;
  lng: number;
}

/** [[west, south], [east, north]]: maplibre's LngLatBoundsLike. */
export type Bounds = [[number, number], [number, number]];

const EARTH_RADIUS_M = 6_371_008.8;
const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

/**
 * A geodesic circle as a closed GeoJSON ring of `steps` points (the 1500 m circle
 * around the company). Drawn as a polygon because a circle layer's radius is in pixels.
 */
export function circlePolygon(center: LatLng, radiusM: number, steps = 64): Feature<Polygon> {
  const lat1 = toRad(center.lat);
  const lng1 = toRad(center.lng);
  const angular = radiusM / EARTH_RADIUS_M;
  const ring: [number, number][] = [];
  for (let i = 0; i < steps; i++) {
    const bearing = (2 * Math.PI * i) / steps;
    const lat2 = Math.asin(
      Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing),
    );
    const lng2 =
      lng1 +
      Math.atan2(
        Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
        Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
      );
    ring.push([toDeg(lng2), toDeg(lat2)]);
  }
  const first = ring[0];
  if (first) ring.push([first[0], first[1]]);
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } };
}

/** Great-circle distance in metres (haversine). */
export function distanceM(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

/** The box around the points; null for none. One point gives a zero-size box (fit caps zoom). */
export function boundsOf(points: readonly LatLng[]): Bounds | null {
  if (points.length === 0) return null;
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    west = Math.min(west, p.lng);
    east = Math.max(east, p.lng);
    south = Math.min(south, p.lat);
    north = Math.max(north, p.lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** Six decimals is ~0.1 m: finer than a pin can be placed, short enough to read. */
export const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

/** A usable coordinate pair: finite, in range, and not the (0, 0) placeholder of an unknown place. */
export function hasCoordinates(p: { lat: number | null; lng: number | null }): p is LatLng {
  return (
    p.lat !== null &&
    p.lng !== null &&
    Number.isFinite(p.lat) &&
    Number.isFinite(p.lng) &&
    Math.abs(p.lat) <= 90 &&
    Math.abs(p.lng) <= 180 &&
    !(p.lat === 0 && p.lng === 0)
  );
}
