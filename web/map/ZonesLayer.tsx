import type { FeatureCollection, Polygon } from 'geojson';
import type { AddLayerObject } from 'maplibre-gl';
import { useMemo } from 'react';
import { MAP_LABEL_FONT } from './basemap-style';
import { useGeoJsonLayers } from './use-geojson-layers';

/** A zone as the map draws it: SPEC §3 Polygon's name and corners. */
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
    paint: { 'fill-color': COLOR, 'fill-opacity': 0.07 },
  },
  {
    id: 'zones-line',
    type: 'line',
    source: 'zones',
    paint: { 'line-color': COLOR, 'line-width': 1.5, 'line-opacity': 0.8 },
  },
  {
    id: 'zones-name',
    type: 'symbol',
    source: 'zones',
    layout: {
      'text-field': ['get', 'name'],
      'text-font': MAP_LABEL_FONT,
      'text-size': 12,
      'text-max-width': 10,
    },
    paint: { 'text-color': '#5f3dc4', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  },
];

/** The zones as closed rings, longitude first (GeoJSON). */
export function zoneFeatures(
  zones: readonly MapZone[],
): FeatureCollection<Polygon, { name: string }> {
  return {
    type: 'FeatureCollection',
    features: zones
      .filter((zone) => zone.paths.length >= 3)
      .map((zone) => {
        const ring = zone.paths.map((p) => [p.long, p.lat]);
        const [first] = ring;
        return {
          type: 'Feature' as const,
          id: zone.id,
          properties: { name: zone.name },
          geometry: { type: 'Polygon' as const, coordinates: [[...ring, first as number[]]] },
        };
      }),
  };
}

/**
 * SPEC §2 'Afișează zonele': the company's zones on the drivers map, under the drivers (added
 * before them), with their names where they fit.
 */
export function ZonesLayer({ zones }: { zones: readonly MapZone[] }) {
  const data = useMemo(() => zoneFeatures(zones), [zones]);
  useGeoJsonLayers('zones', data, LAYERS, 'drivers');
  return null;
}
