import { MAP_ZOOM } from '@common/lib/geo';

/**
 * The spec's zoom levels are a 256-pixel-tile web map's; maplibre's zoom counts 512-pixel
 * tiles, one level closer for the same number. Showing the spec's view means one level less:
 * at spec zoom 13 the 1500 m circle is ~230 px across, not ~460.
 */
export const toMaplibreZoom = (specZoom: number) => specZoom - 1;

/** The user with id 1 gets a country-level view (zoom 7); everyone else 13. */
export const driversMapZoom = (userId: number) =>
  toMaplibreZoom(userId === 1 ? MAP_ZOOM.country : MAP_ZOOM.default);

/** The manual address modal opens at zoom 15, close enough to place a door. */
export const MANUAL_ADDRESS_ZOOM = toMaplibreZoom(MAP_ZOOM.manualAddress);

/** A route's fit never zooms closer than a street (one place, or places a door apart). */
export const ROUTE_MAX_ZOOM = toMaplibreZoom(MAP_ZOOM.manualAddress);

/** The circle around the company location on the drivers map. */
export const DRIVER_CIRCLE_M = 1500;
