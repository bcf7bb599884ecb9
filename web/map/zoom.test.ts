import { describe, expect, it } from 'vitest';
import {
  DRIVER_CIRCLE_M,
  driversMapZoom,
  MANUAL_ADDRESS_ZOOM,
  ROUTE_MAX_ZOOM,
  toMaplibreZoom,
} from './zoom';

/** Metres per CSS pixel at a latitude for maplibre's 512-pixel zoom. */
const metresPerPixel = (zoom: number, lat: number) =>
  (40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / (512 * 2 ** zoom);

describe('map zoom (default 13, 7 for user 1, 15 for manual address)', () => {
  it("shows the spec's 256-pixel-tile zoom as maplibre's one level less", () => {
    expect(toMaplibreZoom(13)).toBe(12);
    // Spec zoom 13 at Iași is ~13 m per pixel, as on a 256-pixel-tile map.
    expect(metresPerPixel(toMaplibreZoom(13), 47.16)).toBeCloseTo(13, 0);
  });

  it('opens the drivers map at 13, and at country level (7) for user 1', () => {
    expect(driversMapZoom(42)).toBe(toMaplibreZoom(13));
    expect(driversMapZoom(2)).toBe(toMaplibreZoom(13));
    expect(driversMapZoom(1)).toBe(toMaplibreZoom(7));
  });

  it('opens the manual address map at 15, and fits a route no closer', () => {
    expect(MANUAL_ADDRESS_ZOOM).toBe(toMaplibreZoom(15));
    expect(ROUTE_MAX_ZOOM).toBe(toMaplibreZoom(15));
  });

  it('draws the driver circle at 1500 m', () => {
    expect(DRIVER_CIRCLE_M).toBe(1500);
  });
});
