import type { SkipReason } from '@common/dispatch/dispatch.schema';
import type { SearchItem } from '@common/dispatch/search-method.schema';
import { haversineMeters } from '@common/lib/geo';
import {
  type DriverIndex,
  isOnMap,
  isOnOffer,
  type LiveDriver,
} from '../../drivers/live/driver-index';
import type { ZoneIndex } from '../../zones/zone-index';

/** How far around the pickup's zone by_near_zone looks for neighbouring zones (docs/DISPATCH.md). */
export const NEAR_ZONE_MARGIN_M = 1_000;
/** by_near_stand_with_route compares the route to this many of the nearest stands. */
export const STANDS_BY_ROUTE = 3;
/** At most this many skipped drivers are written to a step's trace (all are counted). */
export const TRACE_SKIPPED_MAX = 60;

export interface Point {
  lat: number;
  long: number;
}

/** What a step knows when it looks for drivers (search-runner.ts). */
export interface StepContext {
  item: SearchItem;
  pickup: Point;
  /** The order's company and its search companies (search_company_ids). */
  companyIds: number[];
  /** custom_driver_ids: when set, only these are offered ('notify selected drivers'). */
  customDriverIds: number[];
  /** Drivers of an active priority interval (offered first). */
  priority: ReadonlySet<number>;
  /** Offered in an earlier step of this search (skipped under exclude_previous). */
  offeredBefore: ReadonlySet<number>;
  /** Refused this order already (never offered it again in this search). */
  refused: ReadonlySet<number>;
  orderId: number;
  nowMs: number;
  nowUtc: string;
  minBalance: number;
}

/** A driver the step looked at, and why he was or was not offered the order. */
export interface Considered {
  driver: LiveDriver;
  distanceM: number;
  /** Route distance when the ordering or the type asked the routing service. */
  routeM: number | null;
  skipped: SkipReason | null;
  /** Arrived at the stand (ms), for stand queues. */
  queuedMs: number | null;
}

/** The pool a search type draws from (before the filters), and what it could not use. */
export interface Pool {
  /** The zone the pickup is in, for the trace. */
  zoneId: number | null;
  standId: number | null;
  /** Drivers in the area, in the area's own order (a stand queue first, then the rest). */
  drivers: Considered[];
  /** Whether the first `queued` drivers are a stand queue that keeps its arrival order. */
  queued: number;
  /** The type needs route distances (by_route, by_near_stand_with_route). */
  needsRoutes: boolean;
}

/**
 * Whether the order's search may reach a driver: he works for its company or one of its
 * `search_company_ids` (nobody else enters a pool, so a trace never names, counts or
 * measures another company's driver).
 */
export const isSearchable = (driver: LiveDriver, ctx: Pick<StepContext, 'companyIds'>) =>
  driver.company_ids.some((id) => ctx.companyIds.includes(id));

const considered = (
  driver: LiveDriver,
  pickup: Point,
  queuedMs: number | null = null,
): Considered => ({
  driver,
  distanceM:
    driver.lat === null || driver.long === null
      ? Number.POSITIVE_INFINITY
      : Math.round(haversineMeters(pickup.lat, pickup.long, driver.lat, driver.long)),
  routeM: null,
  skipped: null,
  queuedMs,
});

/** The company's stands nearest the pickup (straight line), nearest first. */
function nearestStands(zones: ZoneIndex, ctx: StepContext, count: number, inZone?: number | null) {
  const stands = ctx.companyIds.flatMap((companyId) => zones.standsOf(companyId));
  return stands
    .filter(
      (stand) =>
        inZone === undefined ||
        (inZone !== null &&
          zones.locate(ctx.companyIds, stand.long, stand.lat).polygonId === inZone),
    )
    .map((stand) => ({
      stand,
      distanceM: haversineMeters(ctx.pickup.lat, ctx.pickup.long, stand.lat, stand.long),
    }))
    .sort((a, b) => a.distanceM - b.distanceM)
    .slice(0, count);
}

function standQueue(index: DriverIndex, standId: number, ctx: StepContext): Considered[] {
  // Every driver at the stand, free or not (the filters say why one is skipped), in arrival order.
  const at: Considered[] = [];
  for (const driver of index.standMembers(standId)) {
    if (isOnMap(driver) && isSearchable(driver, ctx))
      at.push(considered(driver, ctx.pickup, driver.stands.get(standId) ?? 0));
  }
  return at.sort(
    (a, b) => (a.queuedMs ?? 0) - (b.queuedMs ?? 0) || a.driver.driver_id - b.driver.driver_id,
  );
}

const zoneDrivers = (index: DriverIndex, polygonIds: number[], ctx: StepContext) =>
  polygonIds.flatMap((id) =>
    index
      .inZone(id, (driver) => isSearchable(driver, ctx))
      .map((driver) => considered(driver, ctx.pickup)),
  );

/**
 * The drivers a search type looks at (search types; docs/DISPATCH.md says what each
 * does): a zone, its neighbours, a stand's queue, a radius. `search_limit` is metres for
 * by_radius and by_route (LIMIT_IN_METRES), a number of drivers for the others. Only the drivers
 * the search may reach (`isSearchable`) are in it, whatever the area holds.
 */
export function gatherPool(
  index: DriverIndex,
  zones: ZoneIndex,
  ctx: StepContext,
  standIds: {
    /** by_near_stand_with_route: the stand the routing service found nearest by road. */
    byRoute?: number | null;
  } = {},
): Pool {
  const { item, pickup } = ctx;
  const searchable = (driver: LiveDriver) => isSearchable(driver, ctx);
  const zoneId = zones.locate(ctx.companyIds, pickup.long, pickup.lat).polygonId;
  const pool = (drivers: Considered[], extra: Partial<Pool> = {}): Pool => ({
    zoneId,
    standId: null,
    drivers,
    queued: 0,
    needsRoutes: false,
    ...extra,
  });

  if (ctx.customDriverIds.length > 0) {
    // 'Notify selected drivers': exactly the chosen ones, wherever they are.
    return pool(
      ctx.customDriverIds.flatMap((id) => {
        const driver = index.get(id);
        // A chosen id of another company is not his to offer, nor to measure.
        return driver && searchable(driver) ? [considered(driver, pickup)] : [];
      }),
    );
  }

  switch (item.search_type) {
    case 'by_zone':
      return pool(zoneId === null ? [] : zoneDrivers(index, [zoneId], ctx));
    case 'by_near_zone':
      return pool(
        zoneId === null
          ? []
          : zoneDrivers(index, [zoneId, ...zones.neighbours(zoneId, NEAR_ZONE_MARGIN_M)], ctx),
      );
    case 'by_radius':
      return pool(
        index
          .within(pickup.long, pickup.lat, item.search_limit, searchable)
          .map((d) => considered(d, pickup)),
      );
    case 'by_route':
      // Road distance is never shorter than the straight line: the radius prefilters.
      return pool(
        index
          .within(pickup.long, pickup.lat, item.search_limit, searchable)
          .map((d) => considered(d, pickup)),
        { needsRoutes: true },
      );
    case 'by_near_stand': {
      const stand = nearestStands(zones, ctx, 1)[0]?.stand;
      if (!stand) return pool([]);
      const queue = standQueue(index, stand.id, ctx);
      return pool(queue, { standId: stand.id, queued: queue.length });
    }
    case 'by_near_stand_with_route': {
      const standId = standIds.byRoute ?? nearestStands(zones, ctx, 1)[0]?.stand.id;
      if (standId === undefined || standId === null) return pool([]);
      const queue = standQueue(index, standId, ctx);
      return pool(queue, { standId, queued: queue.length });
    }
    case 'by_near_stand_and_polygon':
    case 'by_near_stand_and_polygon_manually': {
      if (zoneId === null) return pool([]);
      const stand = nearestStands(zones, ctx, 1, zoneId)[0]?.stand;
      const queue = stand ? standQueue(index, stand.id, ctx) : [];
      const inQueue = new Set(queue.map((c) => c.driver.driver_id));
      // "Manually": the drivers who placed themselves in the zone from their app, wherever
      // their GPS puts them; otherwise the zone's drivers by position.
      const inZone =
        item.search_type === 'by_near_stand_and_polygon_manually'
          ? index
              .declaredIn(zoneId)
              .filter(searchable)
              .map((driver) => considered(driver, pickup))
          : zoneDrivers(index, [zoneId], ctx);
      const rest = inZone.filter((c) => !inQueue.has(c.driver.driver_id));
      return pool([...queue, ...rest], { standId: stand?.id ?? null, queued: queue.length });
    }
  }
}

/** The stands by_near_stand_with_route asks the routing service about. */
export const standsForRoute = (zones: ZoneIndex, ctx: StepContext) =>
  nearestStands(zones, ctx, STANDS_BY_ROUTE).map(({ stand }) => stand);

/** Why a driver of the pool cannot be offered this order now (null: he can). */
export function skipReason(c: Considered, ctx: StepContext): SkipReason | null {
  const d = c.driver;
  if (d.ban_until !== null && d.ban_until > ctx.nowUtc) return 'banned';
  if (!d.is_online || !isOnMap(d)) return 'offline';
  if (d.is_paused) return 'paused';
  if (d.is_busy) return 'busy';
  if (d.balance < ctx.minBalance) return 'low_balance';
  if (ctx.refused.has(d.driver_id)) return 'refused_before';
  if (ctx.item.exclude_previous && ctx.offeredBefore.has(d.driver_id)) return 'previously_offered';
  if (isOnOffer(d, ctx.nowMs) && d.offerOrderId !== ctx.orderId) return 'on_other_offer';
  if (ctx.item.search_type === 'by_route' && c.routeM !== null && c.routeM > ctx.item.search_limit)
    return 'too_far';
  return null;
}

const idleMs = (d: LiveDriver) =>
  d.idle_from === null ? Number.POSITIVE_INFINITY : Date.parse(`${d.idle_from.replace(' ', 'T')}Z`);

/**
 * The step's drivers in offer order: the free ones of the pool, priority drivers
 * first, then a stand queue in arrival order, then the rest by `search_order_by`; the first
 * `search_limit` (drivers) are offered, the rest skipped as over the limit. Every driver of the
 * pool comes back with his reason, for the trace.
 */
export function rankPool(
  pool: Pool,
  ctx: StepContext,
): { offered: Considered[]; skipped: Considered[] } {
  // Each driver's sort keys once, not once per comparison (bench/dispatch-search: parsing
  // idle_from in the comparator was 90% of a by_idle_from step).
  const order = ctx.item.search_order_by;
  const keyOf = (c: Considered) => {
    switch (order) {
      case 'by_distance':
        return c.distanceM;
      case 'by_route_distance':
        return c.routeM ?? c.distanceM;
      case 'by_idle_from':
        return idleMs(c.driver);
      case 'any':
        return 0;
    }
  };
  const free: { c: Considered; i: number; priority: number; queued: number; key: number }[] = [];
  const skipped: Considered[] = [];
  pool.drivers.forEach((c, i) => {
    c.skipped = skipReason(c, ctx);
    if (c.skipped) {
      skipped.push(c);
      return;
    }
    const queued = i < pool.queued;
    free.push({
      c,
      i,
      priority: ctx.priority.has(c.driver.driver_id) ? 0 : 1,
      queued: queued ? 0 : 1,
      // A stand queue keeps its arrival order.
      key: queued ? i : keyOf(c),
    });
  });
  const ranked = free
    .sort((a, b) => a.priority - b.priority || a.queued - b.queued || a.key - b.key || a.i - b.i)
    .map(({ c }) => c);
  // Custom drivers: all the selected ones. Metres types: the radius was the limit.
  const countLimit =
    ctx.customDriverIds.length > 0 ||
    ctx.item.search_type === 'by_radius' ||
    ctx.item.search_type === 'by_route'
      ? Number.POSITIVE_INFINITY
      : ctx.item.search_limit;
  const offered = ranked.slice(0, countLimit);
  for (const c of ranked.slice(offered.length)) {
    c.skipped = 'over_limit';
    skipped.push(c);
  }
  return { offered, skipped };
}
