import type { FeatureCollection, Point } from 'geojson';
import type { LatLng } from './geometry';

/**
 * A driver on the drivers map (Drivers map), from his live position
 * (web/features/drivers/use-driver-positions.ts).
 */
export interface MapDriver {
  id: number;
  indicativ: string | null;
  lat: number;
  lng: number;
  /** Busy and paused drivers use another icon; one on an offer search a red label. */
  status: 'free' | 'busy' | 'paused' | 'offer';
}

/** Search by indicator (call sign); a blank search keeps every driver. */
export function filterDrivers(drivers: readonly MapDriver[], query: string): MapDriver[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...drivers];
  return drivers.filter((d) => (d.indicativ ?? '').toLowerCase().includes(needle));
}

/** The map centre follows the single driver when the filter leaves exactly one. */
export function followedCenter(filtered: readonly MapDriver[]): LatLng | null {
  const only = filtered.length === 1 ? filtered[0] : undefined;
  return only ? { lat: only.lat, lng: only.lng } : null;
}

/**
 * Markers per driver labelled with the driver id: the id dispatchers know a driver by
 * and search for, his call sign (indicativ); his user id when he has none (docs/DECISIONS.md).
 */
export function driverFeatures(
  drivers: readonly MapDriver[],
): FeatureCollection<Point, { label: string; status: MapDriver['status'] }> {
  return {
    type: 'FeatureCollection',
    features: drivers.map((d) => ({
      type: 'Feature',
      id: d.id,
      properties: { label: d.indicativ || String(d.id), status: d.status },
      geometry: { type: 'Point', coordinates: [d.lng, d.lat] },
    })),
  };
}
