import { haversineMeters } from '@common/lib/geo';
import type { DriverIndex, LiveDriver } from '../../drivers/live/driver-index';
import { isOnMap } from '../../drivers/live/driver-index';
import type { Routing } from '../../routing/routing.service';
import type { ZoneIndex } from '../../zones/zone-index';
import { type Considered, considered, isSearchable, type StepContext } from './step-context';

/**
 * The pool functions of the search types (search-types.ts; docs/DISPATCH.md says what each
 * does): a zone, its neighbours, a stand's queue, a radius. Only the drivers the search may
 * reach (`isSearchable`) are in a pool, whatever the area holds.
 */

/** How far around the pickup's zone by_near_zone looks for neighbouring zones (docs/DISPATCH.md). */
export const NEAR_ZONE_MARGIN_M = 1_000;
/** by_near_stand_with_route compares the route to this many of the nearest stands. */
export const STANDS_BY_ROUTE = 3;

/** What a type's pre-step learnt before its pool is drawn. */
export interface PoolHints {
  /** by_near_stand_with_route: the stand the routing service found nearest by road. */
  byRoute?: number | null;
}

/** Where a type's pool is drawn from. */
export interface PoolArea {
  index: DriverIndex;
  zones: ZoneIndex;
  ctx: StepContext;
  /** The zone the pickup is in. */
  zoneId: number | null;
  hints: PoolHints;
}

/** A type's drivers; a stand queue (its first `queued`) leads them in arrival order. */
export interface PoolPart {
  drivers: Considered[];
  standId?: number | null;
  queued?: number;
}

export type PoolOf = (area: PoolArea) => PoolPart;

/** What a pre-step may ask: the zones and the routing service. */
export interface PreStepEnv {
  zones: ZoneIndex;
  routing: Pick<Routing, 'toPoint'>;
}

export type PreStep = (ctx: StepContext, env: PreStepEnv) => Promise<PoolHints>;

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

const queueOf = (index: DriverIndex, standId: number, ctx: StepContext): PoolPart => {
  const queue = standQueue(index, standId, ctx);
  return { drivers: queue, standId, queued: queue.length };
};

export const zonePool: PoolOf = ({ index, ctx, zoneId }) => ({
  drivers: zoneId === null ? [] : zoneDrivers(index, [zoneId], ctx),
});

export const nearZonePool: PoolOf = ({ index, zones, ctx, zoneId }) => ({
  drivers:
    zoneId === null
      ? []
      : zoneDrivers(index, [zoneId, ...zones.neighbours(zoneId, NEAR_ZONE_MARGIN_M)], ctx),
});

/** Within `search_limit` metres in a straight line (by_route: road distance is never shorter). */
export const radiusPool: PoolOf = ({ index, ctx }) => ({
  drivers: index
    .within(ctx.pickup.long, ctx.pickup.lat, ctx.item.search_limit, (driver: LiveDriver) =>
      isSearchable(driver, ctx),
    )
    .map((d) => considered(d, ctx.pickup)),
});

export const nearStandPool: PoolOf = ({ index, zones, ctx }) => {
  const stand = nearestStands(zones, ctx, 1)[0]?.stand;
  return stand ? queueOf(index, stand.id, ctx) : { drivers: [] };
};

export const standByRoutePool: PoolOf = ({ index, zones, ctx, hints }) => {
  const standId = hints.byRoute ?? nearestStands(zones, ctx, 1)[0]?.stand.id;
  return standId === undefined || standId === null ? { drivers: [] } : queueOf(index, standId, ctx);
};

/**
 * The queue of the nearest stand inside the pickup's zone, then the rest of the zone's drivers
 * as `inZone` finds them.
 */
const standAndZonePool =
  (inZone: (area: PoolArea & { zoneId: number }) => Considered[]): PoolOf =>
  (area) => {
    const { index, zones, ctx, zoneId } = area;
    if (zoneId === null) return { drivers: [] };
    const stand = nearestStands(zones, ctx, 1, zoneId)[0]?.stand;
    const queue = stand ? standQueue(index, stand.id, ctx) : [];
    const inQueue = new Set(queue.map((c) => c.driver.driver_id));
    const rest = inZone({ ...area, zoneId }).filter((c) => !inQueue.has(c.driver.driver_id));
    return { drivers: [...queue, ...rest], standId: stand?.id ?? null, queued: queue.length };
  };

/** The zone's drivers by position. */
export const standAndZonePositionsPool = standAndZonePool(({ index, ctx, zoneId }) =>
  zoneDrivers(index, [zoneId], ctx),
);

/** "Manually": the drivers who placed themselves in the zone from their app, wherever their GPS puts them. */
export const standAndZoneDeclaredPool = standAndZonePool(({ index, ctx, zoneId }) =>
  index
    .declaredIn(zoneId)
    .filter((driver) => isSearchable(driver, ctx))
    .map((driver) => considered(driver, ctx.pickup)),
);

/** The stands by_near_stand_with_route asks the routing service about. */
export const standsForRoute = (zones: ZoneIndex, ctx: StepContext) =>
  nearestStands(zones, ctx, STANDS_BY_ROUTE).map(({ stand }) => stand);

/** by_near_stand_with_route's pre-step: of the nearest stands, the one nearest by road. */
export const standNearestByRoute: PreStep = async (ctx, { zones, routing }) => {
  const stands = standsForRoute(zones, ctx);
  if (stands.length === 0) return { byRoute: null };
  const legs = await routing.toPoint(
    stands.map((s) => ({ lat: s.lat, long: s.long })),
    ctx.pickup,
  );
  let best: { id: number; m: number } | null = null;
  stands.forEach((stand, i) => {
    const m = legs[i]?.distanceM ?? Number.POSITIVE_INFINITY;
    if (!best || m < best.m) best = { id: stand.id, m };
  });
  return { byRoute: (best as { id: number } | null)?.id ?? null };
};
