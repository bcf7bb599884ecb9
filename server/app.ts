import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { NOT_FOUND } from '@common/http/errors';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { RedisClientType } from 'redis';
import { type Config, servedOverHttps } from './config';
import type { Database } from './db/client';
import { loggerOptions } from './http/log-serializers';
import type { Authenticate } from './http/route';
import {
  type FailureCounter,
  memoryFailureCounter,
  redisFailureCounter,
} from './lib/failure-counter';
import { createSessionCache } from './lib/session-cache';
import { accountRoutes } from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { authRoutes } from './modules/auth/auth.routes';
import { type AuthService, createAuthService } from './modules/auth/auth.service';
import { blockedPhonesRoutes } from './modules/blocked-phones/blocked-phones.routes';
import { createBlockedPhonesService } from './modules/blocked-phones/blocked-phones.service';
import { callsRoutes } from './modules/calls/calls.routes';
import { createCallsService } from './modules/calls/calls.service';
import { sipWebsocketOrigins } from './modules/calls/sip-settings';
import { createTelephonySettings } from './modules/calls/telephony-settings';
import { carsRoutes } from './modules/cars/cars.routes';
import { createCarsService } from './modules/cars/cars.service';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { clientsRoutes } from './modules/clients/clients.routes';
import { createClientsService } from './modules/clients/clients.service';
import { companiesRoutes } from './modules/companies/companies.routes';
import { createCompaniesService } from './modules/companies/companies.service';
import { createCompanyRegistry } from './modules/companies/company-registry';
import { createSettingsService } from './modules/companies/settings.service';
import { createSignupService } from './modules/companies/signup.service';
import { configRoutes } from './modules/config/config.routes';
import { contentRoutes } from './modules/content/content.routes';
import { createContentService } from './modules/content/content.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { devicesRoutes } from './modules/devices/devices.routes';
import { createDeviceSightings, createDevicesService } from './modules/devices/devices.service';
import { searchConfigRoutes } from './modules/dispatch/config/search-config.routes';
import { createSearchConfigService } from './modules/dispatch/config/search-config.service';
import { planFor, priorityDriverIds } from './modules/dispatch/config/search-plan';
import { dispatchRoutes } from './modules/dispatch/dispatch.routes';
import { createDispatchService } from './modules/dispatch/dispatch.service';
import { createDriverAnswers } from './modules/dispatch/driver-answers';
import {
  createDispatchEngine,
  type DispatchEngine,
} from './modules/dispatch/engine/dispatch-engine';
import { createDispatchNotifier } from './modules/dispatch/engine/dispatch-notifier';
import { driverReportsRoutes } from './modules/driver-reports/driver-reports.routes';
import { createDriverReportsService } from './modules/driver-reports/driver-reports.service';
import { driverStateOf } from './modules/drivers/driver-state-wire';
import { driversRoutes } from './modules/drivers/drivers.routes';
import { createDriversService } from './modules/drivers/drivers.service';
import { createFleet, type Fleet } from './modules/drivers/fleet';
import { isFree } from './modules/drivers/live/driver-index';
import { healthRoutes } from './modules/health/health.routes';
import { createIdempotency } from './modules/idempotency/idempotency.service';
import { createCallerCompanies } from './modules/orders/caller-companies';
import { pruneChanges } from './modules/orders/change-stream/order-changes.repo';
import { createOrderFeed } from './modules/orders/change-stream/order-feed';
import { createOrderReads } from './modules/orders/order-reads';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createOrdersReadModel } from './modules/orders/read-model/orders-read-model';
import { createOrderWritePath } from './modules/orders/write/order-write-path';
import { geocoderFromConfig } from './modules/places/geocoders';
import { placesRoutes } from './modules/places/places.routes';
import { createPlacesService } from './modules/places/places.service';
import { createRouting } from './modules/routing/routing.service';
import { simulatorRoutes } from './modules/simulator/simulator.routes';
import { createSimulatorService } from './modules/simulator/simulator.service';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import type { ZoneIndex } from './modules/zones/zone-index';
import { createZoneIndexFollower } from './modules/zones/zone-index-follower';
import { zonesRoutes } from './modules/zones/zones.routes';
import { createZonesService } from './modules/zones/zones.service';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebStatic } from './plugins/web-static';
import { createPublisher, type RealtimeServer } from './realtime/publisher';
import { createSocketServer } from './realtime/socket-server';

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
  /** This node's zone index as it is now (zones tests; issue #17). */
  zoneIndex: () => ZoneIndex;
  /** This node's live fleet (drivers tests, benchmarks; issue #17). */
  fleet: Fleet;
  /** This node's dispatch engine (engine tests run its steps with their clock; issue #18). */
  dispatch: DispatchEngine;
};

const BEARER = /^Bearer\s+(\S+)$/i;
/** How long a verified session is reused without asking the database (revocation is immediate). */
const SESSION_CACHE_TTL_MS = 5_000;

/** Builds the whole application: API, realtime and the web app (DESIGN §1). Does not listen. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const nodeId = `${hostname()}:${process.pid}`;
  const app = Fastify({
    // No secrets, SQL parameters or full phone numbers in the logs (research T18, DESIGN §7).
    logger: config.LOG_LEVEL === 'silent' ? false : loggerOptions(config.LOG_LEVEL, deps.logStream),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024, // research R24: no endpoint needs more
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandling(app);
  registerSecurityHeaders(app, {
    tilesUrl: config.MAP_TILES_URL,
    publicUrl: config.PUBLIC_URL,
    sipWebsockets: sipWebsocketOrigins(config),
  });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'OGO Dispatch API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  const windowMs = config.LOGIN_WINDOW_MINUTES * 60_000;
  const failures: FailureCounter = deps.redis
    ? redisFailureCounter(deps.redis.pub, windowMs)
    : memoryFailureCounter(windowMs);

  const sessions = createSessionCache({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: 50_000 });
  const readModel = createOrdersReadModel({
    db: database.db,
    ttlMs: config.CONSOLE_CACHE_MS,
    onReloadError: (error, what) =>
      app.log.warn({ err: error }, `reading ${what} failed; the previous copy answers`),
    driverCounts: (companyIds) => fleet.index.counts(new Set(companyIds)),
  });
  // The other nodes talk to this one through Redis from the moment the socket server exists,
  // before the parts they wake are built (a node starting while others dispatch got a relayed
  // offer first and died on it): until the app is built their messages are dropped, which
  // loses nothing (wake-ups only hurry a poll; positions and offer labels come again).
  let built = false;
  const sockets = createSocketServer({
    httpServer: app.server,
    verifyToken: (token) => auth.authenticate(token),
    currentSession: (tokenId) => auth.current(tokenId),
    socketsPerUser: config.SOCKETS_PER_USER,
    redis: deps.redis,
    logger: app.log,
    onSessionEnded: (tokenId) => sessions.revokeToken(tokenId),
    onOrdersChanged: () => {
      if (built && !config.TEST_DROP_ORDER_WAKEUPS) void feed.wake();
    },
    onZonesChanged: () => {
      if (built) void zones.wake();
    },
    onDriversChanged: () => {
      if (built) void fleet.wake();
    },
    onDriverPositions: (positions) => {
      if (built) fleet.relayed(positions);
    },
    onDriverConnected: (caller) => fleet.ensureKnown(caller.userId),
    onCurrentPosition: (caller, payload) => fleet.receivePosition(caller, payload),
    onDriverAnswer: (caller, event, payload) => driverAnswers(caller, event, payload),
    onDriverOffers: (offers) => {
      if (built) fleet.markOffers(offers);
    },
  });
  const { io } = sockets;
  const publisher = createPublisher(io, { clustered: Boolean(deps.redis) });
  // DESIGN §4: this node's read model and sockets follow the orders' change stream.
  const feed = createOrderFeed({
    db: database.db,
    readModel,
    push: (order, change) =>
      publisher.orderChanged(order, change.seq, change.kind === 'canceled' ? change.reason : null),
    pushReset: (seq) => publisher.ordersReset(seq),
    pollMs: config.ORDER_STREAM_POLL_MS,
    onError: (error) => app.log.warn({ err: error }, 'reading the orders change stream failed'),
  });
  await feed.start();
  app.addHook('onClose', async () => feed.stop());
  // Issue #17: every zone and stand in memory for driver positions, following zones_revision.
  const zones = createZoneIndexFollower({
    db: database.db,
    pollMs: config.ZONES_POLL_MS,
    onError: (error) => app.log.warn({ err: error }, 'reloading the zones failed'),
  });
  await zones.start();
  app.addHook('onClose', async () => zones.stop());
  // Issue #17: the live fleet (driver index, positions, the drivers' change stream).
  const fleet = createFleet({
    db: database.db,
    zones: zones.index,
    toDispatchers: publisher.driversPositions,
    toSockets: (driver) => publisher.driverStateChanged(driver.company_ids, driverStateOf(driver)),
    relay: publisher.relayPositions,
    wakeOthers: publisher.wakeDriverReaders,
    config: {
      flushMs: config.DRIVER_POSITIONS_FLUSH_MS,
      pollMs: config.DRIVER_STREAM_POLL_MS,
      silentOfflineS: config.DRIVER_SILENT_OFFLINE_S,
      keepDays: config.DRIVER_POSITIONS_KEEP_DAYS,
      keepChangesHours: config.ORDER_CHANGES_KEEP_HOURS,
    },
    onError: (error, what) => app.log.error({ err: error }, `${what} failed`),
    // Issue #27: a user's sessions on this node follow an administrator's change of him (REST
    // at its next request, sockets' rooms at once), whichever node made it.
    onUserChanged: (userId) => {
      const refreshed = userId === null ? sockets.refreshAll() : sockets.refreshUser(userId);
      if (userId !== null) sessions.revokeUser(userId);
      refreshed.catch((error: unknown) =>
        app.log.error({ err: error, userId }, 'deriving sockets again failed'),
      );
    },
  });
  await fleet.start();
  app.addHook('onClose', async () => fleet.stop());
  const drivers = createDriversService({ fleet, zones: () => zones.index() });

  const auth = createAuthService({
    db: database.db,
    publisher,
    failures,
    sessions,
    tokenTtlSeconds: Math.round(config.TOKEN_TTL_HOURS * 3600),
    maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    maxFailuresPerIp: config.LOGIN_MAX_FAILURES_PER_IP,
    maxFailuresPerAccountUnknownDevices: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_UNKNOWN_DEVICES,
    windowSeconds: config.LOGIN_WINDOW_MINUTES * 60,
    logger: app.log,
  });
  const authenticate: Authenticate = async (request) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    return match?.[1] ? auth.authenticate(match[1]) : null;
  };

  authRoutes(app, authenticate, auth, {
    secureCookies: servedOverHttps(config.PUBLIC_URL),
  });
  // Issue #20 /settings/account: a user's own profile and password.
  accountRoutes(
    app,
    authenticate,
    createAccountService({
      db: database.db,
      failures,
      loginLimits: {
        perAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
        perIp: config.LOGIN_MAX_FAILURES_PER_IP,
        perAccountUnknownDevices: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_UNKNOWN_DEVICES,
      },
      windowSeconds: config.LOGIN_WINDOW_MINUTES * 60,
      endTokens: (tokenIds) => {
        for (const tokenId of tokenIds) {
          sessions.revokeToken(tokenId);
          publisher.endSession(tokenId, 'revoked');
        }
      },
      refreshUser: (userId) => sessions.revokeUser(userId),
    }),
  );
  const users = createUsersService(database.db, {
    live: drivers.live,
    emailTaken: {
      counter: failures,
      max: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      windowSeconds: config.LOGIN_WINDOW_MINUTES * 60,
    },
    drivers: fleet.writes,
    sessions: {
      endTokens: (tokenIds) => {
        for (const tokenId of tokenIds) {
          sessions.revokeToken(tokenId);
          publisher.endSession(tokenId, 'revoked');
        }
      },
    },
  });
  usersRoutes(app, authenticate, users);
  carsRoutes(app, authenticate, createCarsService(database.db, { drivers: fleet.writes }));
  driversRoutes(
    app,
    authenticate,
    drivers,
    fleet.writes,
    createDeviceSightings(database.db, (error) =>
      app.log.warn({ err: error }, 'recording a device sighting failed'),
    ),
  );
  // Issue #20: drivers' devices, the driver order list and the public report links.
  devicesRoutes(app, authenticate, createDevicesService(database.db));
  driverReportsRoutes(
    app,
    authenticate,
    createDriverReportsService({
      db: database.db,
      publicUrl: config.PUBLIC_URL,
      misses: failures,
      maxMisses: config.LOGIN_MAX_FAILURES_PER_IP,
      missWindowSeconds: config.LOGIN_WINDOW_MINUTES * 60,
    }),
  );
  contentRoutes(app, authenticate, createContentService(database.db));
  configRoutes(app, authenticate, config);
  healthRoutes(app, authenticate, database);
  const idempotency = createIdempotency(database.db);
  const callerCompanies = createCallerCompanies(database.db);
  const orderWrites = createOrderWritePath({
    db: database.db,
    idempotency,
    callerCompanies,
    settled: feed.settled,
    wakeOthers: publisher.wakeOrderReaders,
    // The engine is built below from these writes; the hooks reach it once it exists.
    searches: {
      begin: (tx, orderId, companyId, departureTime) =>
        dispatch.begin(tx, orderId, companyId, departureTime),
      dueMs: (departureTime) => dispatch.dueMs(departureTime),
      changed: (order) => dispatch.changed(order),
    },
    duty: fleet.writes,
  });
  // Issue #18: the dispatch engine (searches in PostgreSQL, leases shared by the nodes).
  const dispatch = createDispatchEngine({
    db: database.db,
    // Two apps of one process (the race tests' two nodes) hold leases under names of their own.
    nodeId: `${nodeId}:${randomUUID().slice(0, 8)}`,
    index: fleet.index,
    zones: zones.index,
    routing: createRouting(config, app.log),
    writes: orderWrites.dispatch,
    planFor,
    priorityDriverIds,
    notify: createDispatchNotifier({
      publisher,
      markOffers: (offers) => fleet.markOffers(offers),
      searchOf: (orderId) => dispatch.searchOf(orderId),
      onError: (error) => app.log.warn({ err: error }, 'telling a search to the console failed'),
    }),
    drivers: fleet.writes,
    config: {
      pollMs: config.DISPATCH_POLL_MS,
      leaseMs: config.DISPATCH_LEASE_MS,
      minBalanceBani: config.DISPATCH_MIN_BALANCE_BANI,
      prebookMinutes: config.DISPATCH_PREBOOK_MINUTES,
    },
    now: deps.clock,
    onError: (error, what, context) => app.log.error({ err: error, ...context }, `${what} failed`),
  });
  dispatch.start();
  app.addHook('onClose', async () => dispatch.stop());
  const driverAnswers = createDriverAnswers(dispatch, app.log);
  dispatchRoutes(
    app,
    authenticate,
    dispatch,
    createDispatchService({
      db: database.db,
      engine: dispatch,
      writes: orderWrites.dispatch,
      canWork: (driverId) => {
        const driver = fleet.index.get(driverId);
        return driver !== undefined && isFree(driver, fleet.nowUtc());
      },
      now: deps.clock,
    }),
  );
  ordersRoutes(app, authenticate, {
    writes: orderWrites,
    reads: createOrderReads(database.db, readModel, callerCompanies),
    readModel,
  });
  blockedPhonesRoutes(app, authenticate, createBlockedPhonesService(database.db));
  // Issue #19: the call centre (docs/CALLS.md).
  callsRoutes(
    app,
    authenticate,
    createCallsService({
      db: database.db,
      writes: orderWrites.calls,
      callerCompanies,
      publisher,
      config,
      log: app.log,
    }),
    orderWrites.calls,
    createTelephonySettings(database.db, config.SIP_DOMAIN, sipWebsocketOrigins(config)),
    config.SIP_SECRET,
  );
  clientsRoutes(app, authenticate, createClientsService(database.db));
  companiesRoutes(
    app,
    authenticate,
    createCompaniesService(database.db, {
      registry: createCompanyRegistry({
        url: config.COMPANY_REGISTRY_URL,
        timeoutMs: config.COMPANY_REGISTRY_TIMEOUT_MS,
      }),
      log: app.log,
    }),
    createSignupService({
      db: database.db,
      attempts: failures,
      maxPerIp: config.SIGNUP_MAX_PER_IP,
      windowSeconds: config.LOGIN_WINDOW_MINUTES * 60,
      issueSession: auth.issueSession,
      tokenTtlSeconds: Math.round(config.TOKEN_TTL_HOURS * 3600),
    }),
    createSettingsService(database.db),
  );
  catalogRoutes(app, authenticate, database.db);
  zonesRoutes(
    app,
    authenticate,
    createZonesService({
      db: database.db,
      refreshIndex: zones.wake,
      wakeOthers: publisher.wakeZoneReaders,
      standQueue: drivers.standQueue,
    }),
  );
  // Issue #20: the admin dashboard's counters, chart, announcements and incidents.
  dashboardRoutes(
    app,
    authenticate,
    createDashboardService({
      db: database.db,
      driverCounts: (companyIds) =>
        fleet.index.counts(companyIds === null ? null : new Set(companyIds)),
    }),
  );
  // Issue #18: search intervals and methods, driver priority intervals (SPEC §7).
  searchConfigRoutes(app, authenticate, createSearchConfigService({ db: database.db, publisher }));
  // Issue #17: the simulators act as drivers; an installation may turn that off (404).
  if (config.SIMULATOR_ENABLED) {
    simulatorRoutes(
      app,
      authenticate,
      createSimulatorService({
        db: database.db,
        auth,
        sessionTtlSeconds: Math.round(config.SIMULATOR_SESSION_HOURS * 3600),
      }),
    );
  }
  // Idempotency keys live 24 h (research R11), the orders' changes ORDER_CHANGES_KEEP_HOURS;
  // the sweeps are cheap and indexed.
  const purge = setInterval(() => {
    idempotency
      .purgeExpired()
      .catch((error: unknown) => app.log.error({ err: error }, 'idempotency purge failed'));
    pruneChanges(database.db, config.ORDER_CHANGES_KEEP_HOURS).catch((error: unknown) =>
      app.log.error({ err: error }, 'pruning the orders change stream failed'),
    );
  }, 60 * 60_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  placesRoutes(
    app,
    authenticate,
    createPlacesService(database.db, {
      geocoder: geocoderFromConfig(config),
      geocoderTimeoutMs: config.GEOCODER_TIMEOUT_MS,
      logger: app.log,
    }),
  );

  if (deps.serveWeb !== false) await registerWebStatic(app, config.WEB_DIST_DIR);
  else registerWebStatic404(app);

  // Upgraded websockets would keep the HTTP server open forever: end them before it closes.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  built = true;
  return Object.assign(app, { io, auth, zoneIndex: zones.index, fleet, dispatch });
}

function registerWebStatic404(app: FastifyInstance) {
  app.setNotFoundHandler(async (request, reply) => {
    reply.code(404).send({
      message: NOT_FOUND.resource,
      code: 'not_found',
      request_id: String(request.id),
    });
  });
}
