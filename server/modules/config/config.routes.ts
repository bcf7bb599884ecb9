import { USER_ADDRESSES_PREFIX } from '@common/clients/clients.api';
import { getRuntimeConfig, type RuntimeConfig } from '@common/config/config.api';
import { FALLBACK_MAP_CENTER } from '@common/lib/geo';
import { PLACES_PREFIX } from '@common/places/places.api';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { type Authenticate, route } from '../../http/route';

/** What the web app reads at start (public: it holds no secrets). */
export function runtimeConfigOf(config: Config): RuntimeConfig {
  return {
    driver_app_url: config.DRIVER_APP_URL,
    driver_app_beta_url: config.DRIVER_APP_BETA_URL,
    client_app_url: config.CLIENT_APP_URL,
    fallback_center: { ...FALLBACK_MAP_CENTER },
    map: { tiles_url: config.MAP_TILES_URL ?? null, attribution: config.MAP_TILES_ATTRIBUTION },
    // The spec's separate services are mounted in this process, on these prefixes.
    services: {
      api: '/api',
      websocket: '/',
      addresses: USER_ADDRESSES_PREFIX,
      places: PLACES_PREFIX,
    },
  };
}

export function configRoutes(app: FastifyInstance, authenticate: Authenticate, config: Config) {
  const body = runtimeConfigOf(config);
  route(app, authenticate, getRuntimeConfig, { public: true }, async () => body);
}
