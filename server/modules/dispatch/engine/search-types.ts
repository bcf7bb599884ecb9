import { LIMIT_IN_METRES, type SearchType } from '@common/dispatch/search-method.schema';
import {
  nearStandPool,
  nearZonePool,
  type PoolOf,
  type PreStep,
  radiusPool,
  standAndZoneDeclaredPool,
  standAndZonePositionsPool,
  standByRoutePool,
  standNearestByRoute,
  zonePool,
} from './pools';

/** What the engine needs to know of a search type: a new type is one entry and one pool function. */
export interface SearchTypeSpec {
  /** The drivers the type looks at, before the filters. */
  pool: PoolOf;
  /** `search_limit` is metres (the pool's radius), not a number of drivers; common's LIMIT_IN_METRES. */
  limitInMetres: boolean;
  /** Route distances to the pickup are asked for the pool; with a limit in metres they bound it. */
  needsRoutes: boolean;
  /** Asked before the pool is drawn (the routing service). */
  preStep?: PreStep;
}

const searchType = (
  type: SearchType,
  spec: Omit<SearchTypeSpec, 'limitInMetres' | 'needsRoutes'> & { needsRoutes?: boolean },
): SearchTypeSpec => ({ needsRoutes: false, ...spec, limitInMetres: LIMIT_IN_METRES.has(type) });

export const SEARCH_TYPE_SPECS: Record<SearchType, SearchTypeSpec> = {
  by_zone: searchType('by_zone', { pool: zonePool }),
  by_near_zone: searchType('by_near_zone', { pool: nearZonePool }),
  by_radius: searchType('by_radius', { pool: radiusPool }),
  // The radius prefilters: road distance is never shorter than the straight line.
  by_route: searchType('by_route', { pool: radiusPool, needsRoutes: true }),
  by_near_stand: searchType('by_near_stand', { pool: nearStandPool }),
  by_near_stand_with_route: searchType('by_near_stand_with_route', {
    pool: standByRoutePool,
    preStep: standNearestByRoute,
  }),
  by_near_stand_and_polygon: searchType('by_near_stand_and_polygon', {
    pool: standAndZonePositionsPool,
  }),
  by_near_stand_and_polygon_manually: searchType('by_near_stand_and_polygon_manually', {
    pool: standAndZoneDeclaredPool,
  }),
};
