import { SIMULATOR_POSITION_INTERVAL_MS } from '@common/simulator/simulator.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../app';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { DEMO_ACCOUNTS } from '../db/seed';
import { findDemoFleet } from '../modules/simulator/simulator.repo';
import { type Fleet, startFleet } from './fleet';
import { DEFAULT_AREA_RADIUS_M } from './movement';

/** The demo always moves the same way: a newcomer and a bug report see the same fleet. */
const DEMO_FLEET_SEED = 17;

const ANY_ADDRESS = new Set(['0.0.0.0', '::', '[::]', '']);

/** The server's own address, for its own simulated drivers (loopback when it listens on all). */
export function selfUrl(port: number, host: string): string {
  if (ANY_ADDRESS.has(host)) return `http://127.0.0.1:${port}`;
  return host.includes(':') && !host.startsWith('[')
    ? `http://[${host}]:${port}`
    : `http://${host}:${port}`;
}

/**
 * `npm start` moves DEMO_FLEET_DRIVERS of the demo company's drivers, so a newcomer
 * sees cars on the map within seconds. Only when the demo seed's company is there (its
 * dispatcher's account), never on a real installation's data. The drivers take the real paths
 * against the server's own address (HTTP status, socket positions); their sessions come from
 * the auth service directly, as no dispatcher is logged in to ask for them. They
 * answer the offers the dispatch engine makes them and drive their orders to the end
 * (DEMO_FLEET_ACCEPT_PROBABILITY, DEMO_FLEET_CANCEL_PROBABILITY, DEMO_FLEET_TIME_SCALE).
 */
export async function startDemoFleet(deps: {
  app: Pick<App, 'auth'>;
  db: Db;
  config: Pick<
    Config,
    | 'DEMO_FLEET_DRIVERS'
    | 'DEMO_FLEET_ACCEPT_PROBABILITY'
    | 'DEMO_FLEET_CANCEL_PROBABILITY'
    | 'DEMO_FLEET_TIME_SCALE'
    | 'SIMULATOR_SESSION_HOURS'
  >;
  baseUrl: string;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'debug'>;
}): Promise<Fleet | undefined> {
  const count = deps.config.DEMO_FLEET_DRIVERS;
  if (count <= 0) return undefined;
  const demo = await findDemoFleet(deps.db, DEMO_ACCOUNTS.dispatcher, count);
  if (
    !demo ||
    demo.drivers.length === 0 ||
    demo.company.lat === null ||
    demo.company.lng === null
  ) {
    return undefined;
  }
  const ttlSeconds = Math.round(deps.config.SIMULATOR_SESSION_HOURS * 3600);
  const fleet = startFleet({
    baseUrl: deps.baseUrl,
    drivers: demo.drivers,
    area: {
      center: { lat: demo.company.lat, lng: demo.company.lng },
      radiusM: DEFAULT_AREA_RADIUS_M,
    },
    seed: DEMO_FLEET_SEED,
    intervalMs: SIMULATOR_POSITION_INTERVAL_MS,
    acceptProbability: deps.config.DEMO_FLEET_ACCEPT_PROBABILITY,
    cancelProbability: deps.config.DEMO_FLEET_CANCEL_PROBABILITY,
    timeScale: deps.config.DEMO_FLEET_TIME_SCALE,
    newSession: (driverId) =>
      // The demo's drivers as drivers of the demo company alone, minted by nobody.
      deps.app.auth.issueDriverSession(driverId, {
        companyId: demo.company.id,
        mintedBy: null,
        ttlSeconds,
        ip: '127.0.0.1',
        userAgent: 'ogo-demo-fleet',
      }),
    log: {
      info: (message) => deps.logger.info({ fleet: 'demo' }, message),
      warn: (message) => deps.logger.warn({ fleet: 'demo' }, message),
      debug: (message) => deps.logger.debug({ fleet: 'demo' }, message),
    },
  });
  deps.logger.info(
    { fleet: 'demo', drivers: demo.drivers.length, company: demo.company.name },
    `Demo fleet: ${demo.drivers.length} simulated drivers of ${demo.company.name} on the map, answering offers and driving their orders (DEMO_FLEET_DRIVERS=0 turns it off)`,
  );
  return fleet;
}
