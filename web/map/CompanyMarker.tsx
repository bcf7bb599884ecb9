import type { Feature, Point } from 'geojson';
import { useMemo } from 'react';
import type { LatLng } from './geometry';
import { useGeoJsonLayers } from './use-geojson-layers';

/** The company's dot and its circle (the drivers map's legend names it). */
export const COMPANY_MARKER_COLOR = '#1c7ed6';

const LAYERS = [
  {
    id: 'company-point',
    type: 'circle',
    source: 'company',
    paint: {
      'circle-radius': 7,
      'circle-color': COMPANY_MARKER_COLOR,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 3,
    },
  },
] as const;

/** The company's location (the fallback centre when it has none). */
export function CompanyMarker({ center }: { center: LatLng }) {
  const data = useMemo(
    (): Feature<Point> => ({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Point', coordinates: [center.lng, center.lat] },
    }),
    [center.lat, center.lng],
  );
  useGeoJsonLayers('company', data, LAYERS);
  return null;
}
