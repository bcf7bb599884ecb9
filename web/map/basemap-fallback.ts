/** What the fallback needs of a maplibre map (a fake one in the tests). */
export interface BasemapHost {
  on(type: 'error', listener: (event: BasemapError) => void): unknown;
  off(type: 'error', listener: (event: BasemapError) => void): unknown;
  getSource(id: string): unknown;
  getLayer(id: string): unknown;
  removeLayer(id: string): unknown;
  removeSource(id: string): unknown;
}

export interface BasemapError {
  error?: unknown;
  /** Set by maplibre when a source's tile or data failed. */
  sourceId?: string;
}

/**
 * (offline installs, tests): when the tile server cannot be reached, every tile of
 * every view failed and each failure logged two console errors (~95 a view) over a blank grey
 * area. At the first failed basemap tile the basemap is dropped, so no more tiles are asked
 * for, and `onLost` lets the map say so once; the map's own layers go on as before. Any other
 * map error is logged as maplibre would without a listener. Returns the unsubscribe.
 */
export function dropBasemapWhenUnreachable(map: BasemapHost, onLost: () => void): () => void {
  const listener = (event: BasemapError) => {
    if (event.sourceId !== 'basemap') {
      console.error(event.error ?? event);
      return;
    }
    if (!map.getSource('basemap')) return;
    if (map.getLayer('basemap')) map.removeLayer('basemap');
    map.removeSource('basemap');
    onLost();
  };
  map.on('error', listener);
  return () => map.off('error', listener);
}
