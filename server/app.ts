import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { RedisClientType } from 'redis';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AuthService } from './modules/auth/auth.service';
import type { DispatchEngine } from './modules/dispatch/engine/dispatch-engine';
import type { Fleet } from './modules/drivers/fleet';
import type { ZoneIndex } from './modules/zones/zone-index';
import type { RealtimeServer } from './realtime/publisher';
import { wireAdministration } from './wiring/administration';
import { wireAuth } from './wiring/auth';
import { wireCalls } from './wiring/calls';
import { createCore } from './wiring/core';
import { wireFleetAndZones } from './wiring/fleet';
import { createHttpApp, serveWeb } from './wiring/http-app';
import { wireMessages } from './wiring/messages';
import { wireMoney } from './wiring/money';
import { wireOrdersAndDispatch } from './wiring/orders';
import { socketHandlers } from './wiring/realtime';
import { wireReports } from './wiring/reports';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Pub/sub clients for the Socket.IO Redis adapter and shared rate limits (REDIS_URL). */
  redis?: { pub: RedisClientType; sub: RedisClientType };
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** The dispatch engine's clock (engine tests move it by hand); Date.now otherwise. */
  clock?: () => number;
}

export type App = FastifyInstance & {
  io: RealtimeServer;
  /** For the demo fleet of `npm start` (server/simulator/demo-fleet.ts): its drivers' sessions. */
  auth: Pick<AuthService, 'issueSession' | 'issueDriverSession'>;
  /** This node's zone index as it is now (zones tests). */
  zoneIndex: () => ZoneIndex;
  /** This node's live fleet (drivers tests, benchmarks). */
  fleet: Fleet;
  /** This node's dispatch engine (engine tests run its steps with their clock). */
  dispatch: DispatchEngine;
};

/**
 * Builds the whole application (API, realtime and the web app) without listening. Each area is
 * built in this order from the values of the ones before it; the sockets start answering last.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = await createHttpApp(config, deps.logStream);
  const core = createCore({ app, config, db: database.db, redis: deps.redis, clock: deps.clock });
  const { auth, authenticate, endSessions } = wireAuth(core);
  const fleetArea = await wireFleetAndZones(core);
  const orders = await wireOrdersAndDispatch(core, authenticate, fleetArea);
  wireCalls(core, authenticate, orders);
  wireMoney(core, authenticate, orders, fleetArea.fleet);
  wireReports(core, authenticate, orders);
  wireAdministration(core, database, authenticate, { auth, endSessions }, fleetArea);
  const messages = wireMessages(core, authenticate);
  core.sockets.serve(socketHandlers(core, auth, fleetArea, orders, messages));
  await serveWeb(app, deps.serveWeb === false ? undefined : config.WEB_DIST_DIR);

  return Object.assign(app, {
    io: core.sockets.io,
    auth,
    zoneIndex: fleetArea.zones.index,
    fleet: fleetArea.fleet,
    dispatch: orders.dispatch,
  });
}
