import { fromUtcString } from '@common/lib/dates';
import { haversineMeters } from '@common/lib/geo';
import { type Meter, meteredFare, surchargeAt } from '@common/money/fare';
import type { CostSource, FareEstimate } from '@common/money/tariffs.schema';
import type { Db, DbOrTx } from '../../db/client';
import { TaggedCache } from '../../lib/tagged-cache';
import type { LatLong, RouteLeg } from '../routing/routing.service';
import type { ZoneIndex } from '../zones/zone-index';
import { loadPricing, type Pricing, tripPositions, type ZonePriceRule } from './tariffs.repo';

/** An order's price as the orders' write path stores it. */
export interface StoredFare {
  cost: number;
  cost_source: CostSource;
}

/** The order as its finish prices it. */
export interface FinishingOrder {
  id: number;
  processed_by_company_id: number;
  service_id: number;
  driver_id: number | null;
  cost: number | null;
  cost_source: string | null;
  /** UTC `YYYY-MM-DD HH:mm:ss`. */
  trip_started_at: string | null;
  trip_finished_at: string | null;
  places: readonly LatLong[];
}

export interface FaresDeps {
  db: Db;
  /** This node's zone index as it is now. */
  zones: () => ZoneIndex;
  /** The routing server (with its timeouts and breaker), or the straight line when none answers. */
  route: (from: LatLong, to: LatLong) => Promise<RouteLeg>;
  /** The straight line × the road factor (routing/estimate.ts): no server inside a transaction. */
  straightLine: (from: LatLong, to: LatLong) => RouteLeg;
  /** The driver's latest position in memory, when it is for this order (not yet flushed). */
  latestPosition?: (driverId: number, orderId: number) => LatLong | undefined;
}

/** A company's pricing changes by an administrator's hand: a few seconds of reuse spares a query per order. */
const PRICING_TTL_MS = 10_000;

const hasPoint = (p: LatLong) => Number.isFinite(p.lat) && Number.isFinite(p.long);

/** The meter of the service, else the company's meter for every service. */
const meterFor = (pricing: Pricing, serviceId: number | null): Meter | undefined =>
  pricing.meters.find((m) => serviceId !== null && m.service_id === serviceId) ??
  pricing.meters.find((m) => m.service_id === null);

/**
 * The trip's fare (docs/MONEY.md "The fare"): estimates at intake, the final fare at the finish.
 * The rule itself is common/money/fare.ts; this finds its inputs.
 */
export function createFares(deps: FaresDeps) {
  const cache = new TaggedCache<number, Pricing>({ ttlMs: PRICING_TTL_MS, maxEntries: 5_000 });
  const pricingOf = (companyId: number) =>
    cache.get(companyId, [`c${companyId}`], () => loadPricing(deps.db, companyId));

  /**
   * The zone price from the pickup's zone to the last place's: the service's before one for
   * every service, the pair as given before its reverse (a price both ways).
   */
  function zonePriceFor(
    pricing: Pricing,
    companyId: number,
    serviceId: number | null,
    places: readonly LatLong[],
  ): ZonePriceRule | undefined {
    const first = places[0];
    const last = places[places.length - 1];
    if (pricing.zonePrices.length === 0 || !first || !last || places.length < 2) return undefined;
    const index = deps.zones();
    const from = index.locate([companyId], first.long, first.lat).polygonId;
    const to = index.locate([companyId], last.long, last.lat).polygonId;
    if (from === null || to === null) return undefined;
    const rank = (rule: ZonePriceRule) => {
      const forService = rule.service_id !== null && rule.service_id === serviceId;
      if (!forService && rule.service_id !== null) return -1;
      const forward = rule.from_polygon_id === from && rule.to_polygon_id === to;
      const reverse = rule.both_ways && rule.from_polygon_id === to && rule.to_polygon_id === from;
      if (!forward && !reverse) return -1;
      return (forService ? 2 : 0) + (forward ? 1 : 0);
    };
    let best: ZonePriceRule | undefined;
    for (const rule of pricing.zonePrices)
      if (rank(rule) >= 0 && (!best || rank(rule) > rank(best))) best = rule;
    return best;
  }

  /** The planned route: the legs between consecutive places, asked together. */
  async function plannedRoute(places: readonly LatLong[]) {
    const legs = await Promise.all(
      places.slice(1).map((to, i) => deps.route(places[i] as LatLong, to)),
    );
    return {
      distance_m: Math.round(legs.reduce((sum, leg) => sum + leg.distanceM, 0)),
      duration_s: Math.round(legs.reduce((sum, leg) => sum + leg.durationS, 0)),
      routed: legs.every((leg) => leg.source === 'routing'),
    };
  }

  /**
   * What a trip between the places costs at `at`: a zone price, else the meter on the planned
   * route. Undefined when the company prices nothing (no meter, no zone price that applies) or
   * a place has no coordinates.
   */
  async function estimate(
    companyId: number,
    serviceId: number | null,
    places: readonly LatLong[],
    at: Date,
  ): Promise<FareEstimate | undefined> {
    if (places.length < 2 || !places.every(hasPoint)) return undefined;
    const pricing = await pricingOf(companyId);
    // As a new order without a service gets it (order-edits.ts).
    serviceId ??= pricing.defaultServiceId ?? 1;
    const zone = zonePriceFor(pricing, companyId, serviceId, places);
    const meter = meterFor(pricing, serviceId);
    if (!zone && !meter) return undefined;
    const route = await plannedRoute(places);
    if (zone)
      return {
        cost: zone.price,
        source: 'zone',
        ...route,
        percent: 100,
        minimum_applied: false,
        zone_price_id: zone.id,
      };
    const percent = surchargeAt(pricing.surcharges, at);
    const { cost, breakdown } = meteredFare(meter as Meter, route, percent);
    return {
      cost,
      source: 'estimate',
      ...route,
      percent,
      minimum_applied: breakdown.minimum_applied,
      zone_price_id: null,
    };
  }

  /** The planned route's metres by the straight line (0 without coordinates). */
  const straightRoute = (places: readonly LatLong[]) =>
    places.length >= 2 && places.every(hasPoint)
      ? places
          .slice(1)
          .reduce((sum, to, i) => sum + deps.straightLine(places[i] as LatLong, to).distanceM, 0)
      : 0;

  /** The distance driven: the kept positions of the trip, and the latest one still in memory. */
  async function drivenMetres(
    tx: DbOrTx,
    order: FinishingOrder & { driver_id: number; trip_started_at: string },
  ): Promise<number | undefined> {
    const points: LatLong[] = await tripPositions(
      tx,
      order.driver_id,
      order.id,
      order.trip_started_at,
    );
    const latest = deps.latestPosition?.(order.driver_id, order.id);
    const last = points[points.length - 1];
    if (latest && (!last || latest.lat !== last.lat || latest.long !== last.long))
      points.push(latest);
    if (points.length < 2) return undefined;
    let metres = 0;
    for (let i = 1; i < points.length; i += 1) {
      const a = points[i - 1] as LatLong;
      const b = points[i] as LatLong;
      metres += haversineMeters(a.lat, a.long, b.lat, b.long);
    }
    return metres;
  }

  /**
   * The final fare at the trip's finish (docs/MONEY.md "At the finish"), read in the finish's
   * transaction: a fixed price stays (undefined: nothing to write); else the taximeter's amount
   * where the company accepts it, a zone price, or the meter on the trip as driven. Undefined
   * too when the company prices nothing.
   */
  async function atFinish(
    tx: DbOrTx,
    order: FinishingOrder,
    taximeterAmount: number | undefined,
  ): Promise<StoredFare | undefined> {
    if (order.cost_source === 'fixed') return undefined;
    const companyId = order.processed_by_company_id;
    const pricing = await loadPricing(tx, companyId);
    if (taximeterAmount !== undefined && pricing.acceptTaximeter)
      return { cost: taximeterAmount, cost_source: 'taximeter' };
    const zone = zonePriceFor(pricing, companyId, order.service_id, order.places);
    if (zone) return { cost: zone.price, cost_source: 'zone' };
    const meter = meterFor(pricing, order.service_id);
    const { driver_id: driverId, trip_started_at: started, trip_finished_at: finished } = order;
    if (!meter || driverId === null || started === null) return undefined;
    const startedAt = fromUtcString(started);
    const driven = await drivenMetres(tx, {
      ...order,
      driver_id: driverId,
      trip_started_at: started,
    });
    // Too few positions kept (a short trip, a phone without signal): the planned route, by the
    // straight line, since no routing server is waited for inside the finish's transaction.
    const distance = driven ?? straightRoute(order.places);
    const finishedMs = finished ? fromUtcString(finished).getTime() : Date.now();
    const { cost } = meteredFare(
      meter,
      { distance_m: distance, duration_s: Math.max(0, (finishedMs - startedAt.getTime()) / 1000) },
      surchargeAt(pricing.surcharges, startedAt),
    );
    return { cost, cost_source: 'meter' };
  }

  return {
    estimate,
    atFinish,
    /** A write to the company's pricing: this node's estimates read it again at once. */
    changed: (companyId: number) => cache.invalidate([`c${companyId}`]),
    /** The company's balance gate (the engine asks it at each step). */
    minBalanceOf: async (companyId: number) => (await pricingOf(companyId)).minBalance,
  };
}

export type Fares = ReturnType<typeof createFares>;
