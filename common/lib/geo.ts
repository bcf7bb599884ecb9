/**
 * SPEC §1: a company without coordinates uses a fixed fallback map centre.
 * Bucharest, the country's largest dispatch market.
 */
export const FALLBACK_MAP_CENTER = { lat: 44.4268, lng: 26.1025 } as const;

/** SPEC §9 map zoom levels. */
export const MAP_ZOOM = { default: 13, country: 7, manualAddress: 15 } as const;

export const isLatitude = (value: number) => Number.isFinite(value) && value >= -90 && value <= 90;
export const isLongitude = (value: number) =>
  Number.isFinite(value) && value >= -180 && value <= 180;
