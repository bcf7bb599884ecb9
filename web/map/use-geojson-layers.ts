import type { FeatureCollection, Feature as GeoFeature } from 'geojson';
import type { AddLayerObject, GeoJSONSource } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMapHandle } from './map-context';

type GeoData = FeatureCollection | GeoFeature;

/**
 * One GeoJSON source and the layers drawn from it, for a layer component's life: added on
 * mount, its data replaced in place when it changes (no layer churn), removed on
 * unmount unless the whole map went first.
 */
export function useGeoJsonLayers(
  sourceId: string,
  data: GeoData,
  layers: readonly AddLayerObject[],
  /** Drawn under this layer when it is on the map (zones shown after the drivers stay under them). */
  beforeLayerId?: string,
): void {
  const { map, isRemoved } = useMapHandle();
  const first = useRef(data);
  // The layers are fixed per component (a style, not state): read once.
  const spec = useRef(layers);
  const before = useRef(beforeLayerId);

  useEffect(() => {
    map.addSource(sourceId, { type: 'geojson', data: first.current });
    const beforeId = before.current && map.getLayer(before.current) ? before.current : undefined;
    for (const layer of spec.current) map.addLayer(layer, beforeId);
    return () => {
      // The map unmounts before its layers (React cleans parents first): nothing to remove.
      if (isRemoved()) return;
      for (const layer of spec.current) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(sourceId)) map.removeSource(sourceId);
    };
  }, [map, sourceId, isRemoved]);

  useEffect(() => {
    if (data === first.current) return;
    map.getSource<GeoJSONSource>(sourceId)?.setData(data);
  }, [map, sourceId, data]);
}
