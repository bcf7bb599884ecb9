import type { MapConfig } from '@common/config/config.api';
import type { StyleSpecification } from 'maplibre-gl';

/** A calm neutral ground: the map without tiles, and the colour under tiles still loading. */
export const MAP_BACKGROUND = '#eef0f2';

/**
 * The map's style: a background, and the configured raster basemap on it (MAP_TILES_URL,
 * docs/OPERATIONS.md) with the attribution its licence requires. No tiles, no network: the
 * product works offline (DESIGN §8). No glyphs either: labels are drawn as icons.
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
