import { LIMIT_IN_METRES, type SearchItem } from '@common/dispatch/search-method.schema';
import { FALLBACK_MAP_CENTER, haversineMeters } from '@common/lib/geo';
import type { PickupReach } from '@common/zones/zones.schema';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../http/auth-context';
import { dispatchingCompany } from './pickup-reach.repo';
import type { ZoneIndex } from './zone-index';

/**
 * A company whose searches count drivers, not metres, reaches as far as the address search
 * looks (50 km around the company).
 */
export const DEFAULT_REACH_M = 50_000;

/** How far a company's searches reach: the widest distance step of its plan, or the default. */
export function reachOf(items: readonly SearchItem[]): number {
  const metres = items.filter((item) => LIMIT_IN_METRES.has(item.search_type));
  return metres.length > 0 ? Math.max(...metres.map((item) => item.search_limit)) : DEFAULT_REACH_M;
}

const km = (metres: number) => Math.round(metres / 100) / 10;

export interface PickupReachDeps {
  db: Db;
  zones: () => ZoneIndex;
  /** The search steps an order placed now would follow (search-plan.ts planFor). */
  planFor: (db: Db, companyId: number, nowMs: number) => Promise<{ items: SearchItem[] }>;
  now?: () => number;
}

/**
 * The far-pickup warning: a pickup outside every zone of the dispatching company and farther
 * from its centre than its searches reach ends in 'Șoferii nu au fost găsiți'; the forms warn
 * before placing, and placing stays allowed.
 */
export function createPickupReach(deps: PickupReachDeps) {
  return async function check(
    auth: AuthContext,
    pickup: { lat: number; long: number },
  ): Promise<PickupReach> {
    const company = await dispatchingCompany(deps.db, auth.companyIds);
    const centre =
      company && company.lat !== null && company.lng !== null
        ? { lat: company.lat, lng: company.lng }
        : FALLBACK_MAP_CENTER;
    const distance = haversineMeters(centre.lat, centre.lng, pickup.lat, pickup.long);
    if (!company) return { far: false, in_zone: false, distance_km: km(distance), reach_km: 0 };
    const inZone = deps.zones().locate([company.id], pickup.long, pickup.lat).polygonId !== null;
    const plan = await deps.planFor(deps.db, company.id, (deps.now ?? Date.now)());
    const reach = reachOf(plan.items);
    return {
      far: !inZone && distance > reach,
      in_zone: inZone,
      distance_km: km(distance),
      reach_km: km(reach),
    };
  };
}

export type PickupReachCheck = ReturnType<typeof createPickupReach>;
