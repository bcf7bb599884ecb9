import { MAP_ZOOM } from '@common/lib/geo';

/** SPEC §6: the user with id 1 gets a country-level view (zoom 7); everyone else 13 (SPEC §9). */
export const driversMapZoom = (userId: number) =>
  userId === 1 ? MAP_ZOOM.country : MAP_ZOOM.default;

/** SPEC §9: the manual address modal opens at zoom 15, close enough to place a door. */
export const MANUAL_ADDRESS_ZOOM = MAP_ZOOM.manualAddress;

/** A route's fit never zooms closer than a street (one place, or places a door apart). */
export const ROUTE_MAX_ZOOM = MAP_ZOOM.manualAddress;

/** SPEC §9: the circle around the company location on the drivers map. */
export const DRIVER_CIRCLE_M = 1500;
