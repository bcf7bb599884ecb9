import type { MapConfig } from '@common/config/config.api';
import type { StyleSpecification } from 'maplibre-gl';

/** A calm neutral ground: the map without tiles, and the colour under tiles still loading. */
export const MAP_BACKGROUND = '#eef0f2';

/**
 * The font of the map's labels (driver ids, zone names): drawn from the browser's fonts, one
 * character once (no `glyphs` URL); 'Bold' sets the weight, sans-serif is the fallback.
 */
export const MAP_LABEL_FONT = ['Noto Sans Bold', 'Arial Bold'];

/**
 * The map's style: a background, and the configured raster basemap on it (MAP_TILES_URL,
 * docs/OPERATIONS.md) with the attribution its licence requires. No tiles, no network: the
 * product works offline. No glyph server either: maplibre draws the labels' characters
 * from the browser's own fonts (docs/DECISIONS.md "Drivers map labels").
 */
export function basemapStyle(config: MapConfig | undefined): StyleSpecification {
  const tiles = config?.tiles_url ?? null;
  return {
    version: 8,
    sources: tiles
      ? {
          basemap: {
            type: 'raster',
            tiles: [tiles],
            tileSize: 256,
            maxzoom: 19,
            attribution: config?.attribution ?? '',
          },
        }
      : {},
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': MAP_BACKGROUND } },
      ...(tiles ? [{ id: 'basemap', type: 'raster' as const, source: 'basemap' }] : []),
    ],
  };
}
