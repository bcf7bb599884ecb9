import { useMemo } from 'react';
import { circlePolygon, type LatLng } from './geometry';
import { useGeoJsonLayers } from './use-geojson-layers';

const LAYERS = [
  {
    id: 'circle-fill',
    type: 'fill',
    source: 'circle',
    paint: { 'fill-color': '#1c7ed6', 'fill-opacity': 0.08 },
  },
  {
    id: 'circle-line',
    type: 'line',
    source: 'circle',
    paint: { 'line-color': '#1c7ed6', 'line-width': 1.5, 'line-opacity': 0.7 },
  },
] as const;

/** Drivers map: the circle around the company location (1500 m). */
export function CircleLayer({ center, radiusM }: { center: LatLng; radiusM: number }) {
  const data = useMemo(
    () => circlePolygon({ lat: center.lat, lng: center.lng }, radiusM),
    [center.lat, center.lng, radiusM],
  );
  useGeoJsonLayers('circle', data, LAYERS);
  return null;
}
