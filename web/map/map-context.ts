import type * as Maplibre from 'maplibre-gl';
import { createContext, useContext } from 'react';

/**
 * A ready map and the maplibre module it came from, for the layer components: they take
 * classes (Marker) from here instead of importing maplibre, which keeps maplibre in the lazy
 * map chunk.
 */
export interface MapHandle {
  map: Maplibre.Map;
  lib: typeof Maplibre;
  /** True once the map is gone: a layer unmounting after it has nothing left to remove. */
  isRemoved: () => boolean;
}

export const MapContext = createContext<MapHandle | null>(null);

/** The map a layer draws on; layers only render inside a ready MapView. */
export function useMapHandle(): MapHandle {
  const handle = useContext(MapContext);
  if (!handle) throw new Error('A map layer outside <MapView>');
  return handle;
}
