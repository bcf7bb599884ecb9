import type { SkipReason } from '@common/dispatch/dispatch.schema';
import { fromUtcString } from '@common/lib/dates';
import {
  type DriverIndex,
  isOnMap,
  isOnOffer,
  type LiveDriver,
} from '../../drivers/live/driver-index';
import type { ZoneIndex } from '../../zones/zone-index';
import type { PoolHints } from './pools';
import { SEARCH_TYPE_SPECS } from './search-types';
import {
  type Considered,
  considered,
  isSearchable,
  type Pool,
  type StepContext,
} from './step-context';

/** At most this many skipped drivers are written to a step's trace (all are counted). */
export const TRACE_SKIPPED_MAX = 60;

/**
 * The drivers a step looks at: the selected ones ('notify selected drivers'), else its search
 * type's pool (search-types.ts), with what the type's pre-step learnt in `hints`.
 */
export function gatherPool(
  index: DriverIndex,
  zones: ZoneIndex,
  ctx: StepContext,
  hints: PoolHints = {},
): Pool {
  const { pickup } = ctx;
  const zoneId = zones.locate(ctx.companyIds, pickup.long, pickup.lat).polygonId;
  if (ctx.customDriverIds.length > 0) {
    // 'Notify selected drivers': exactly the chosen ones, wherever they are.
    const drivers = ctx.customDriverIds.flatMap((id) => {
      const driver = index.get(id);
      // A chosen id of another company is not his to offer, nor to measure.
      return driver && isSearchable(driver, ctx) ? [considered(driver, pickup)] : [];
    });
    return { zoneId, standId: null, drivers, queued: 0, needsRoutes: false };
  }
  const type = SEARCH_TYPE_SPECS[ctx.item.search_type];
  const part = type.pool({ index, zones, ctx, zoneId, hints });
  return {
    zoneId,
    standId: part.standId ?? null,
    drivers: part.drivers,
    queued: part.queued ?? 0,
    needsRoutes: type.needsRoutes,
  };
}

/** A type whose limit is metres and that asks for routes bounds the road distance by it. */
function tooFarByRoad(c: Considered, ctx: StepContext): boolean {
  const type = SEARCH_TYPE_SPECS[ctx.item.search_type];
  return (
    type.limitInMetres && type.needsRoutes && c.routeM !== null && c.routeM > ctx.item.search_limit
  );
}

/**
 * Below the minimum balance of the company he would serve the order for: the first of the
 * search's companies he works for (docs/MONEY.md "The balance gate").
 */
function inDebt(d: LiveDriver, ctx: StepContext): boolean {
  const companyId = ctx.companyIds.find((id) => d.company_ids.includes(id));
  if (companyId === undefined) return false;
  return (d.balances[companyId] ?? 0) < (ctx.minBalances.get(companyId) ?? 0);
}

/** Why a driver of the pool cannot be offered this order now (null: he can). */
export function skipReason(c: Considered, ctx: StepContext): SkipReason | null {
  const d = c.driver;
  if (d.ban_until !== null && d.ban_until > ctx.nowUtc) return 'banned';
  if (!d.is_online || !isOnMap(d)) return 'offline';
  if (d.is_paused) return 'paused';
  if (d.is_busy) return 'busy';
  if (inDebt(d, ctx)) return 'low_balance';
  if (ctx.refused.has(d.driver_id)) return 'refused_before';
  if (ctx.item.exclude_previous && ctx.offeredBefore.has(d.driver_id)) return 'previously_offered';
  if (isOnOffer(d, ctx.nowMs) && d.offerOrderId !== ctx.orderId) return 'on_other_offer';
  if (tooFarByRoad(c, ctx)) return 'too_far';
  return null;
}

const idleMs = (d: LiveDriver) =>
  d.idle_from === null ? Number.POSITIVE_INFINITY : fromUtcString(d.idle_from).getTime();

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
    ctx.customDriverIds.length > 0 || SEARCH_TYPE_SPECS[ctx.item.search_type].limitInMetres
      ? Number.POSITIVE_INFINITY
      : ctx.item.search_limit;
  const offered = ranked.slice(0, countLimit);
  for (const c of ranked.slice(offered.length)) {
    c.skipped = 'over_limit';
    skipped.push(c);
  }
  return { offered, skipped };
}
