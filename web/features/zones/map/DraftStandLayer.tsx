import type { FeatureCollection, Polygon } from 'geojson';
import type { AddLayerObject } from 'maplibre-gl';
import { useMemo } from 'react';
import { useGeoJsonLayers } from '../../../map/use-geojson-layers';
import { standArea } from '../zone-geometry';

const LAYERS: readonly AddLayerObject[] = [
  {
    id: 'draft-stand-fill',
    type: 'fill',
    source: 'draft-stand',
    paint: { 'fill-color': '#e8590c', 'fill-opacity': 0.12 },
  },
  {
    id: 'draft-stand-line',
    type: 'line',
    source: 'draft-stand',
    paint: { 'line-color': '#e8590c', 'line-width': 1.5, 'line-dasharray': [2, 2] },
  },
];

interface DraftStandLayerProps {
  /** The edited radius stand's point and radius; null when none is being edited or placed. */
  circle: { lat: number; long: number; radius: number } | null;
}

/** The radius of the stand being edited, around its point, following the field and the drag. */
export function DraftStandLayer({ circle }: DraftStandLayerProps) {
  const lat = circle?.lat;
  const long = circle?.long;
  const radius = circle?.radius;
  const data = useMemo((): FeatureCollection<Polygon> => {
    const area =
      lat === undefined || long === undefined || radius === undefined
        ? null
        : standArea({ lat, long, radius, paths: null });
    return {
      type: 'FeatureCollection',
      features: area ? [{ type: 'Feature', properties: {}, geometry: area }] : [],
    };
  }, [lat, long, radius]);
  useGeoJsonLayers('draft-stand', data, LAYERS);
  return null;
}
