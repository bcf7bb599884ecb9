import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';

const LatLngSchema = z.object({ lat: z.number(), lng: z.number() });

/**
 * The basemap (MAP_TILES_URL): an XYZ raster tile template, or null for none (a plain
 * background, so the product works offline), and the attribution its licence requires.
 */
export const MapConfigSchema = z.object({
  tiles_url: z.string().nullable(),
  attribution: z.string(),
});
export type MapConfig = z.infer<typeof MapConfigSchema>;

/**
 * What the web app needs to know at run time: store links for /download and /pro,
 * the fallback map centre, the basemap and the base URLs of the spec's separate services
 * (mounted in the same process by default).
 */
export const RuntimeConfigSchema = z.object({
  driver_app_url: z.string(),
  driver_app_beta_url: z.string(),
  client_app_url: z.string(),
  fallback_center: LatLngSchema,
  map: MapConfigSchema,
  services: z.object({
    api: z.string(),
    websocket: z.string(),
    addresses: z.string(),
    places: z.string(),
  }),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;

export const getRuntimeConfig = defineEndpoint({
  method: 'GET',
  path: '/api/config',
  response: RuntimeConfigSchema,
});
