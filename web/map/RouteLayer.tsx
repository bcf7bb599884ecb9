import type { FeatureCollection, LineString } from 'geojson';
import type { AddLayerObject } from 'maplibre-gl';
import { badgeIdExpression } from './badge-images';
import type { RouteFeatures } from './route-features';
import { useGeoJsonLayers } from './use-geojson-layers';

const LINE: readonly AddLayerObject[] = [
  {
    id: 'route-line-casing',
    type: 'line',
    source: 'route-line',
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': '#ffffff', 'line-width': 6 },
  },
  {
    id: 'route-line',
    type: 'line',
    source: 'route-line',
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': '#1c7ed6', 'line-width': 3, 'line-dasharray': [2, 1.5] },
  },
];

const MARKERS: readonly AddLayerObject[] = [
  {
    id: 'route-markers',
    type: 'symbol',
    source: 'route-markers',
    layout: {
      'icon-image': badgeIdExpression('role'),
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  },
];

/**
 * 'Despre comandă': the route with A/B map markers. A straight line between places
 * in order (no road routing offline), under A, B, C… badges: green start, red end.
 */
export function RouteLayer({ route }: { route: Pick<RouteFeatures, 'markers' | 'line'> }) {
  useGeoJsonLayers('route-line', route.line as FeatureCollection<LineString>, LINE);
  useGeoJsonLayers('route-markers', route.markers, MARKERS);
  return null;
}
