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
 * The demo companies whose drivers the fleet moves, by the account the seed made for each: the
 * taxi company in Iași, the courier company in Cluj-Napoca and the restaurant's own couriers,
 * so a delivery placed in the demo finds a courier as a taxi order finds a car.
 */
const DEMO_FLEET_ACCOUNTS = [
  DEMO_ACCOUNTS.dispatcher,
  DEMO_ACCOUNTS.courier,
  DEMO_ACCOUNTS.restaurant,
] as const;

type DemoFleetDeps = {
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
};

/**
 * `npm start` moves up to DEMO_FLEET_DRIVERS drivers of each demo company around its own
 * point, so a newcomer sees cars on the map within seconds and every package's orders are
 * dispatched. Only when the demo seed's companies are there (their users' accounts), never on a
 * real installation's data. The drivers take the real paths against the server's own address
 * (HTTP status, socket positions); their sessions come from the auth service directly, as no
 * dispatcher is logged in to ask for them. They answer the offers the dispatch engine makes
 * them and drive their orders to the end (DEMO_FLEET_ACCEPT_PROBABILITY,
 * DEMO_FLEET_CANCEL_PROBABILITY, DEMO_FLEET_TIME_SCALE).
 */
export async function startDemoFleet(deps: DemoFleetDeps): Promise<Fleet | undefined> {
  if (deps.config.DEMO_FLEET_DRIVERS <= 0) return undefined;
  const fleets: Fleet[] = [];
  for (const [index, account] of DEMO_FLEET_ACCOUNTS.entries()) {
    const fleet = await startCompanyFleet(deps, account, DEMO_FLEET_SEED + index);
    if (fleet) fleets.push(fleet);
  }
  if (fleets.length === 0) return undefined;
  return {
    drivers: fleets.flatMap((fleet) => fleet.drivers),
    async stop() {
      await Promise.allSettled(fleets.map((fleet) => fleet.stop()));
    },
  };
}

/** The fleet of the company the seed made for `account` (his first), if there is one. */
async function startCompanyFleet(
  deps: DemoFleetDeps,
  account: string,
  seed: number,
): Promise<Fleet | undefined> {
  const demo = await findDemoFleet(deps.db, account, deps.config.DEMO_FLEET_DRIVERS);
  if (
    !demo ||
    demo.drivers.length === 0 ||
    demo.company.lat === null ||
    demo.company.lng === null
  ) {
    return undefined;
  }
  const ttlSeconds = Math.round(deps.config.SIMULATOR_SESSION_HOURS * 3600);
  const tags = { fleet: 'demo', company: demo.company.name };
  const fleet = startFleet({
    baseUrl: deps.baseUrl,
    drivers: demo.drivers,
    area: {
      center: { lat: demo.company.lat, lng: demo.company.lng },
      radiusM: DEFAULT_AREA_RADIUS_M,
    },
    seed,
    intervalMs: SIMULATOR_POSITION_INTERVAL_MS,
    acceptProbability: deps.config.DEMO_FLEET_ACCEPT_PROBABILITY,
    cancelProbability: deps.config.DEMO_FLEET_CANCEL_PROBABILITY,
    timeScale: deps.config.DEMO_FLEET_TIME_SCALE,
    newSession: (driverId) =>
      // The demo's drivers as drivers of their demo company alone, minted by nobody.
      deps.app.auth.issueDriverSession(driverId, {
        companyId: demo.company.id,
        mintedBy: null,
        ttlSeconds,
        ip: '127.0.0.1',
        userAgent: 'ogo-demo-fleet',
      }),
    log: {
      info: (message) => deps.logger.info(tags, message),
      warn: (message) => deps.logger.warn(tags, message),
      debug: (message) => deps.logger.debug(tags, message),
    },
  });
  deps.logger.info(
    { ...tags, drivers: demo.drivers.length },
    `Demo fleet: ${demo.drivers.length} simulated drivers of ${demo.company.name} on the map, answering offers and driving their orders (DEMO_FLEET_DRIVERS=0 turns it off)`,
  );
  return fleet;
}
