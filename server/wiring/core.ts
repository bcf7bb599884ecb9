import type { FastifyInstance } from 'fastify';
import type { RedisClientType } from 'redis';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  type FailureCounter,
  memoryFailureCounter,
  redisFailureCounter,
} from '../lib/failure-counter';
import { createSessionCache, type SessionCache } from '../lib/session-cache';
import { createExportSlots, type ExportSlots } from '../lib/spreadsheets/export-slots';
import { createPublisher, type Publisher } from '../realtime/publisher';
import { createSocketServer, type SocketServer } from '../realtime/socket-server';

/** How long a verified session is reused without asking the database (revocation is immediate). */
const SESSION_CACHE_TTL_MS = 5_000;

/** What every area of the app is built on. */
export interface Core {
  app: FastifyInstance;
  config: Config;
  db: Db;
  /** The only way services talk to sockets, on every node. */
  publisher: Publisher;
  sockets: SocketServer;
  /** Login, signup and lookup failures, counted across nodes when Redis is there. */
  failures: FailureCounter;
  /** Verified sessions this node reuses for a few seconds. */
  sessions: SessionCache;
  /** The dispatch engine's clock (engine tests move it by hand). */
  clock?: () => number;
  /** One file export at a time per person on this node, whatever the list. */
  exportSlots: ExportSlots;
}

export function createCore(deps: {
  app: FastifyInstance;
  config: Config;
  db: Db;
  redis?: { pub: RedisClientType; sub: RedisClientType };
  clock?: () => number;
}): Core {
  const { app, config, redis } = deps;
  const windowMs = config.LOGIN_WINDOW_MINUTES * 60_000;
  const sockets = createSocketServer({
    httpServer: app.server,
    socketsPerUser: config.SOCKETS_PER_USER,
    redis,
    logger: app.log,
  });
  // Upgraded websockets would keep the HTTP server open forever: end them before it closes.
  app.addHook('preClose', async () => {
    sockets.io.local.disconnectSockets(true);
    sockets.io.engine.close();
  });
  return {
    app,
    config,
    db: deps.db,
    publisher: createPublisher(sockets.io, { clustered: Boolean(redis) }),
    sockets,
    failures: redis ? redisFailureCounter(redis.pub, windowMs) : memoryFailureCounter(windowMs),
    sessions: createSessionCache({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: 50_000 }),
    clock: deps.clock,
    exportSlots: createExportSlots(),
  };
}

/** Seconds of the login window, the unit the limits count in. */
export const windowSeconds = (config: Config) => config.LOGIN_WINDOW_MINUTES * 60;
