/**
 * A company without coordinates uses a fixed fallback map centre.
 * Bucharest, the country's largest dispatch market.
 */
export const FALLBACK_MAP_CENTER = { lat: 44.4268, lng: 26.1025 } as const;

/** Map zoom levels. */
export const MAP_ZOOM = { default: 13, country: 7, manualAddress: 15 } as const;

export const isLatitude = (value: number) => Number.isFinite(value) && value >= -90 && value <= 90;
export const isLongitude = (value: number) =>
  Number.isFinite(value) && value >= -180 && value <= 180;

/** The mean Earth radius (IUGG), in metres. */
export const EARTH_RADIUS_M = 6_371_008.8;

const RADIANS = Math.PI / 180;

/**
 * Great-circle distance in metres between two points (haversine): exact enough for a city,
 * under 0.5 % off the ellipsoid anywhere. Stands' radii and nearest-driver searches use it.
 */
export function haversineMeters(lat1: number, long1: number, lat2: number, long2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLong = (long2 - long1) * RADIANS;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
