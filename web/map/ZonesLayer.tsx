import type { FeatureCollection, Point, Polygon } from 'geojson';
import type { AddLayerObject } from 'maplibre-gl';
import polylabel from 'polylabel';
import { useMemo } from 'react';
import { MAP_LABEL_FONT } from './basemap-style';
import { useGeoJsonLayers } from './use-geojson-layers';

/** A zone as the map draws it: its name and corners. */
export interface MapZone {
  id: number;
  name: string;
  paths: readonly { lat: number; long: number }[];
}

const COLOR = '#7048e8';

const LAYERS: readonly AddLayerObject[] = [
  {
    id: 'zones-fill',
    type: 'fill',
    source: 'zones',
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': COLOR, 'fill-opacity': 0.07 },
  },
  {
    id: 'zones-line',
    type: 'line',
    source: 'zones',
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'line-color': COLOR, 'line-width': 1.5, 'line-opacity': 0.8 },
  },
  {
    id: 'zones-name',
    type: 'symbol',
    source: 'zones',
    // One label per zone, at its own point: a label on the polygon itself repeats in every tile.
    filter: ['==', ['geometry-type'], 'Point'],
    layout: {
      'text-field': ['get', 'name'],
      'text-font': MAP_LABEL_FONT,
      'text-size': 12,
      'text-max-width': 10,
    },
    paint: { 'text-color': '#5f3dc4', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  },
];

/** Degrees: the label point is found to within about 10 m. */
const LABEL_PRECISION = 0.0001;

/**
 * The zones as closed rings, longitude first (GeoJSON), and one point per zone for its name: the
 * point inside it farthest from its edges (polylabel), so a concave zone's name sits inside it.
 */
export function zoneFeatures(
  zones: readonly MapZone[],
): FeatureCollection<Polygon | Point, { name: string }> {
  const drawable = zones.filter((zone) => zone.paths.length >= 3);
  const rings = drawable.map((zone) => {
    const ring = zone.paths.map((p): [number, number] => [p.long, p.lat]);
    return [...ring, ring[0] as [number, number]];
  });
  return {
    type: 'FeatureCollection',
    features: [
      ...drawable.map((zone, i) => ({
        type: 'Feature' as const,
        id: zone.id,
        properties: { name: zone.name },
        geometry: { type: 'Polygon' as const, coordinates: [rings[i] as [number, number][]] },
      })),
      ...drawable.map((zone, i) => {
        const [long, lat] = polylabel([rings[i] as [number, number][]], LABEL_PRECISION);
        return {
          type: 'Feature' as const,
          properties: { name: zone.name },
          geometry: { type: 'Point' as const, coordinates: [long, lat] },
        };
      }),
    ],
  };
}

/**
 * 'Afișează zonele': the company's zones on the drivers map, under the drivers (added
 * before them), with their names where they fit.
 */
export function ZonesLayer({ zones }: { zones: readonly MapZone[] }) {
  const data = useMemo(() => zoneFeatures(zones), [zones]);
  useGeoJsonLayers('zones', data, LAYERS, 'drivers');
  return null;
}
