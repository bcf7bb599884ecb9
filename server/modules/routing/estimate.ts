import { haversineMeters } from '@common/lib/geo';

/** A point as the wire has it (`lat`/`long`, never swapped). */
export interface LatLong {
  lat: number;
  long: number;
}

/** One source's way to a destination: metres and seconds, and where the figures came from. */
export interface RouteLeg {
  distanceM: number;
  durationS: number;
  /** 'routing': the routing server's road figures; 'estimate': the straight-line fallback. */
  source: 'routing' | 'estimate';
}

export interface EstimateSettings {
  /** Straight line × this = road distance (ROUTING_ROAD_FACTOR). */
  roadFactor: number;
  /** Average city speed in km/h (ROUTING_CITY_KMH). */
  cityKmh: number;
}

const isPoint = (point: LatLong) =>
  Number.isFinite(point.lat) &&
  Number.isFinite(point.long) &&
  Math.abs(point.lat) <= 90 &&
  Math.abs(point.long) <= 180;

/** Whether both coordinates are real (a routing server is never asked about anything else). */
export const isValidPoint = isPoint;

/**
 * The offline estimate (docs/DISPATCH.md "Routes and distances"): haversine × road factor, at
 * the city speed. A point without real coordinates is infinitely far: it can never rank as the
 * nearest, and it is never sent to a routing server (where a malformed request would count as
 * the server failing).
 */
export function estimateLeg(from: LatLong, to: LatLong, settings: EstimateSettings): RouteLeg {
  if (!isPoint(from) || !isPoint(to))
    return {
      distanceM: Number.POSITIVE_INFINITY,
      durationS: Number.POSITIVE_INFINITY,
      source: 'estimate',
    };
  const distanceM = haversineMeters(from.lat, from.long, to.lat, to.long) * settings.roadFactor;
  return { distanceM, durationS: distanceM / (settings.cityKmh / 3.6), source: 'estimate' };
}
