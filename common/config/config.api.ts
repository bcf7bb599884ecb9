import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';

const LatLngSchema = z.object({ lat: z.number(), lng: z.number() });

/**
 * What the web app needs to know at run time: store links for /download and /pro,
 * the fallback map centre (SPEC §1) and the base URLs of the spec's separate services
 * (DESIGN §1: mounted in the same process by default).
 */
export const RuntimeConfigSchema = z.object({
  driver_app_url: z.string(),
  driver_app_beta_url: z.string(),
  client_app_url: z.string(),
  fallback_center: LatLngSchema,
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
