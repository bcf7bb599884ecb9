import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Order } from '@common/orders/orders.schema';
import type { Authenticate } from '../http/route';
import { blockedPhonesRoutes } from '../modules/blocked-phones/blocked-phones.routes';
import { createBlockedPhonesService } from '../modules/blocked-phones/blocked-phones.service';
import { discountsRoutes } from '../modules/discounts/discounts.routes';
import { createDiscountsService } from '../modules/discounts/discounts.service';
import { searchConfigRoutes } from '../modules/dispatch/config/search-config.routes';
import { createSearchConfigService } from '../modules/dispatch/config/search-config.service';
import { planFor, priorityDriverIds } from '../modules/dispatch/config/search-plan';
import { dispatchRoutes } from '../modules/dispatch/dispatch.routes';
import { createDispatchService } from '../modules/dispatch/dispatch.service';
import { createDriverAnswers } from '../modules/dispatch/driver-answers';
import { createDispatchEngine } from '../modules/dispatch/engine/dispatch-engine';
import { createDispatchNotifier } from '../modules/dispatch/engine/dispatch-notifier';
import { readDriverSearch } from '../modules/dispatch/engine/driver-search-view';
import { createSearchSchedule } from '../modules/dispatch/engine/search-schedule';
import { isFree } from '../modules/drivers/live/driver-index';
import { createIdempotency } from '../modules/idempotency/idempotency.service';
import { createCallerCompanies } from '../modules/orders/caller-companies';
import { pruneChanges } from '../modules/orders/change-stream/order-changes.repo';
import { createOrderFeed } from '../modules/orders/change-stream/order-feed';
import { createOrderReads } from '../modules/orders/order-reads';
import { ordersRoutes } from '../modules/orders/orders.routes';
import { createOrdersReadModel } from '../modules/orders/read-model/orders-read-model';
import { createOrderWritePath } from '../modules/orders/write/order-write-path';
import { estimateLeg } from '../modules/routing/estimate';
import { createRouting } from '../modules/routing/routing.service';
import { createFares } from '../modules/tariffs/fare.service';
import { tariffsRoutes } from '../modules/tariffs/tariffs.routes';
import { createTariffsService } from '../modules/tariffs/tariffs.service';
import type { Core } from './core';
import type { FleetArea } from './fleet';

/**
 * Orders and their dispatch. An order's way: the route → the write path (one transaction with
 * its search's start and its numbered change) → this node's feed reads the change → read model
 * and sockets; after the commit the engine hears of it (`afterCommit`), offers it to drivers
 * (the notifier publishes to their sockets) and writes their answers through the same path.
 */
export async function wireOrdersAndDispatch(
  core: Core,
  authenticate: Authenticate,
  { fleet, zones }: Pick<FleetArea, 'fleet' | 'zones'>,
) {
  const { app, config, db, publisher, clock } = core;
  const readModel = createOrdersReadModel({
    db,
    ttlMs: config.CONSOLE_CACHE_MS,
    onReloadError: (error, what) =>
      app.log.warn({ err: error }, `reading ${what} failed; the previous copy answers`),
    driverCounts: (companyIds) => fleet.index.counts(new Set(companyIds)),
  });
  // Every list and socket of this node follows the orders' change stream, whoever wrote.
  const feed = createOrderFeed({
    db,
    readModel,
    push: (order, change) =>
      publisher.orderChanged(order, change.seq, change.kind === 'canceled' ? change.reason : null),
    pushReset: (seq) => publisher.ordersReset(seq),
    pushLeft: (companyId, seq) => publisher.orderLeft(companyId, seq),
    pollMs: config.ORDER_STREAM_POLL_MS,
    onError: (error) => app.log.warn({ err: error }, 'reading the orders change stream failed'),
  });
  await feed.start();
  app.addHook('onClose', async () => feed.stop());

  const idempotency = createIdempotency(db);
  const callerCompanies = createCallerCompanies(db);
  const routing = createRouting(config, app.log);
  // The fare: estimates at intake (POST /api/fare-estimates, placing an order) and at the finish.
  const fares = createFares({
    db,
    zones: zones.index,
    route: routing.route,
    straightLine: (from, to) =>
      estimateLeg(from, to, {
        roadFactor: config.ROUTING_ROAD_FACTOR,
        cityKmh: config.ROUTING_CITY_KMH,
      }),
    latestPosition: (driverId, orderId) => {
      const driver = fleet.index.get(driverId);
      return driver?.orderId === orderId && driver.lat !== null && driver.long !== null
        ? { lat: driver.lat, long: driver.long }
        : undefined;
    },
  });
  const schedule = createSearchSchedule({
    now: clock ?? Date.now,
    prebookMinutes: config.DISPATCH_PREBOOK_MINUTES,
  });
  // The engine is built on the write path, so it subscribes to the commits once it exists.
  const afterCommit: ((order: Order) => void)[] = [];
  const orderWrites = createOrderWritePath({
    db,
    idempotency,
    callerCompanies,
    settled: feed.settled,
    wakeOthers: publisher.wakeOrderReaders,
    searches: {
      begin: schedule.begin,
      dueMs: schedule.dueMs,
      startSql: schedule.startSql,
      changed: (order) => {
        for (const listener of afterCommit) listener(order);
      },
    },
    duty: fleet.writes,
    fares,
  });

  // Searches live in the database; the nodes share them through fenced leases.
  const dispatch = createDispatchEngine({
    db,
    // Two apps of one process (the race tests' two nodes) hold leases under names of their own.
    nodeId: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    index: fleet.index,
    zones: zones.index,
    routing,
    writes: orderWrites.dispatch,
    planFor,
    priorityDriverIds,
    notify: createDispatchNotifier({
      publisher,
      markOffers: (offers) => fleet.markOffers(offers),
      searchOf: (orderId) => readDriverSearch(db, orderId),
      onError: (error) => app.log.warn({ err: error }, 'telling a search to the console failed'),
    }),
    drivers: fleet.writes,
    minBalanceOf: fares.minBalanceOf,
    config: {
      pollMs: config.DISPATCH_POLL_MS,
      leaseMs: config.DISPATCH_LEASE_MS,
    },
    now: clock,
    onError: (error, what, context) => app.log.error({ err: error, ...context }, `${what} failed`),
  });
  afterCommit.push(dispatch.changed);
  dispatch.start();
  app.addHook('onClose', async () => dispatch.stop());

  ordersRoutes(app, authenticate, {
    writes: orderWrites,
    reads: createOrderReads(db, readModel, callerCompanies),
  });
  dispatchRoutes(
    app,
    authenticate,
    dispatch,
    createDispatchService({
      db,
      engine: dispatch,
      writes: orderWrites.dispatch,
      canWork: (driverId) => {
        const driver = fleet.index.get(driverId);
        return driver !== undefined && isFree(driver, fleet.nowUtc());
      },
      now: clock,
    }),
  );
  searchConfigRoutes(app, authenticate, createSearchConfigService({ db, publisher }));
  blockedPhonesRoutes(app, authenticate, createBlockedPhonesService(db));
  tariffsRoutes(app, authenticate, createTariffsService({ db, fares, callerCompanies }));
  discountsRoutes(
    app,
    authenticate,
    createDiscountsService({
      db,
      callerCompanies,
      compensate: orderWrites.compensateDiscount,
    }),
  );

  // Idempotency keys live 24 h, the orders' changes ORDER_CHANGES_KEEP_HOURS; both sweeps are
  // cheap and indexed.
  const purge = setInterval(() => {
    idempotency
      .purgeExpired()
      .catch((error: unknown) => app.log.error({ err: error }, 'idempotency purge failed'));
    pruneChanges(db, config.ORDER_CHANGES_KEEP_HOURS).catch((error: unknown) =>
      app.log.error({ err: error }, 'pruning the orders change stream failed'),
    );
  }, 60 * 60_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  return {
    feed,
    orderWrites,
    callerCompanies,
    dispatch,
    driverAnswers: createDriverAnswers(dispatch, app.log),
  };
}

export type OrdersArea = Awaited<ReturnType<typeof wireOrdersAndDispatch>>;
