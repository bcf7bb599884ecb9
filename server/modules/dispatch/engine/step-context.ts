import type { SkipReason } from '@common/dispatch/dispatch.schema';
import type { SearchItem } from '@common/dispatch/search-method.schema';
import { haversineMeters } from '@common/lib/geo';
import type { LiveDriver } from '../../drivers/live/driver-index';

/** What a search step works with: its context, the drivers it considers, the pool they form. */

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
  /**
   * Each company's minimum balance (bani): a driver is gated by his balance with the first
   * company of `companyIds` he works for (the one his trip's commission is posted to).
   */
  minBalances: ReadonlyMap<number, number>;
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

/** A driver of the pool, measured from the pickup in a straight line. */
export const considered = (
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
