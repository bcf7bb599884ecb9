import { DEFAULT_SEARCH_ITEM, type SearchItem } from '@common/dispatch/search-method.schema';
import { describe, expect, it } from 'vitest';
import { driverState } from '../../../test/driver-state';
import { DriverIndex, type DriverStateRow } from '../../drivers/live/driver-index';
import { createZoneIndex } from '../../zones/zone-index';
import { gatherPool, rankPool } from './candidates';
import type { StepContext } from './step-context';

/**
 * Who each search type looks at and in which order (Search configuration; what the
 * spec only names is written in docs/DISPATCH.md). Pure: an index and zones in memory.
 */
const NOW_MS = Date.UTC(2026, 10, 26, 9, 0, 0);
const NOW_UTC = '2026-11-26 09:00:00';
const PICKUP = { lat: 47.16, long: 27.58 };
const M = 1 / 111_195; // a metre of latitude, in degrees

const square = (lat: number, long: number, half: number) => [
  { lat: lat - half, long: long - half },
  { lat: lat - half, long: long + half },
  { lat: lat + half, long: long + half },
  { lat: lat + half, long: long - half },
];

/** Zone 1 around the pickup; zone 2 touching it to the north; zone 3 far away. Stands: 7 near, 8 farther in zone 1, 9 outside any zone. */
const zones = createZoneIndex({
  zones: [
    {
      id: 1,
      company_id: 1,
      name: 'Centru',
      isVisible: true,
      priority: 0,
      paths: square(47.16, 27.58, 0.01),
    },
    {
      id: 2,
      company_id: 1,
      name: 'Nord',
      isVisible: true,
      priority: 0,
      paths: square(47.18, 27.58, 0.01),
    },
    {
      id: 3,
      company_id: 1,
      name: 'Departe',
      isVisible: true,
      priority: 0,
      paths: square(47.4, 27.9, 0.01),
    },
  ],
  stands: [
    { id: 7, company_id: 1, name: 'Gară', lat: 47.1595, long: 27.5805, radius: 80, paths: null },
    { id: 8, company_id: 1, name: 'Piață', lat: 47.165, long: 27.585, radius: 80, paths: null },
    { id: 9, company_id: 1, name: 'Aeroport', lat: 47.3, long: 27.7, radius: 80, paths: null },
  ],
});

const state = driverState;

type Spot = { id: number; lat: number; long: number; at?: number } & Partial<DriverStateRow>;

function fleet(spots: Spot[]) {
  const index = new DriverIndex(() => zones, 0);
  for (const { id, lat, long, at, ...overrides } of spots) {
    index.applyState(state(id, overrides));
    index.move(id, { lat, long, orderId: null, reportedMs: at ?? NOW_MS - 60_000 + id });
  }
  return index;
}

const ctx = (item: Partial<SearchItem>, overrides: Partial<StepContext> = {}): StepContext => ({
  item: { ...DEFAULT_SEARCH_ITEM, ...item },
  pickup: PICKUP,
  companyIds: [1],
  customDriverIds: [],
  priority: new Set(),
  offeredBefore: new Set(),
  refused: new Set(),
  orderId: 500,
  nowMs: NOW_MS,
  nowUtc: NOW_UTC,
  minBalances: new Map([[1, 0]]),
  ...overrides,
});

const north = (metres: number) => ({ lat: PICKUP.lat + metres * M, long: PICKUP.long });

/** The offered drivers' ids in order, and the skipped ones with their reasons. */
function search(
  index: DriverIndex,
  context: StepContext,
  byRoute?: number | null,
  routes?: Map<number, number>,
) {
  const pool = gatherPool(index, zones, context, { byRoute });
  if (routes) for (const c of pool.drivers) c.routeM = routes.get(c.driver.driver_id) ?? null;
  const { offered, skipped } = rankPool(pool, context);
  return {
    offered: offered.map((c) => c.driver.driver_id),
    skipped: Object.fromEntries(skipped.map((c) => [c.driver.driver_id, c.skipped])),
    zone: pool.zoneId,
    stand: pool.standId,
  };
}

describe('search types', () => {
  const index = fleet([
    { id: 1, ...north(300) },
    { id: 2, ...north(100) },
    { id: 3, ...north(2_000) }, // zone 2
    { id: 4, lat: 47.4, long: 27.9 }, // zone 3
    { id: 5, lat: 47.1595, long: 27.5805, at: NOW_MS - 50_000 }, // stand 7, arrived second
    { id: 6, lat: 47.1596, long: 27.5806, at: NOW_MS - 90_000 }, // stand 7, arrived first
    { id: 7, lat: 47.165, long: 27.585 }, // stand 8
  ]);

  it('by_zone: the pickup zone only', () => {
    const found = search(index, ctx({ search_type: 'by_zone' }));
    expect(found.zone).toBe(1);
    expect(found.offered.sort()).toEqual([1, 2, 5, 6, 7]);
  });

  it('by_near_zone: the pickup zone and the zones next to it', () => {
    expect(search(index, ctx({ search_type: 'by_near_zone' })).offered.sort()).toEqual([
      1, 2, 3, 5, 6, 7,
    ]);
  });

  it('by_radius: within search_limit metres, nearest first, whatever the zone', () => {
    expect(search(index, ctx({ search_type: 'by_radius', search_limit: 1_000 })).offered).toEqual([
      6, 5, 2, 1, 7,
    ]);
    expect(search(index, ctx({ search_type: 'by_radius', search_limit: 2_500 })).offered).toContain(
      3,
    );
  });

  it('by_route: by road within the limit (the radius prefilters)', () => {
    const routes = new Map([
      [1, 2_600],
      [2, 300],
      [5, 200],
      [6, 210],
      [7, 900],
    ]);
    const found = search(
      index,
      ctx({ search_type: 'by_route', search_limit: 2_000 }),
      undefined,
      routes,
    );
    expect(found.offered).not.toContain(1);
    expect(found.skipped[1]).toBe('too_far');
  });

  it('by_near_stand: the nearest stand queue, first come first served', () => {
    const found = search(index, ctx({ search_type: 'by_near_stand' }));
    expect(found.stand).toBe(7);
    expect(found.offered).toEqual([6, 5]);
  });

  it('by_near_stand_with_route: the stand the routing service found nearest by road', () => {
    const found = search(index, ctx({ search_type: 'by_near_stand_with_route' }), 8);
    expect(found.stand).toBe(8);
    expect(found.offered).toEqual([7]);
  });

  it('by_near_stand_and_polygon: the stand queue first, then the rest of the zone', () => {
    const found = search(index, ctx({ search_type: 'by_near_stand_and_polygon' }));
    expect(found.offered).toEqual([6, 5, 2, 1, 7]);
  });

  it('by_near_stand_and_polygon_manually: the zone as the drivers declared it in their app', () => {
    const declared = fleet([
      { id: 1, ...north(300) },
      { id: 2, ...north(2_000) }, // in zone 2 by GPS, declared zone 1
      { id: 5, lat: 47.1595, long: 27.5805 },
    ]);
    const two = declared.get(2);
    if (two) declared.declare(two, 1);
    const found = search(declared, ctx({ search_type: 'by_near_stand_and_polygon_manually' }));
    expect(found.offered).toEqual([5, 2]);
  });

  it('finds nobody by zone when the pickup is in no zone', () => {
    const found = search(
      index,
      ctx({ search_type: 'by_zone' }, { pickup: { lat: 47.3, long: 27.3 } }),
    );
    expect(found).toMatchObject({ zone: null, offered: [] });
  });
});

describe('orderings, limits and who is skipped', () => {
  it('orders by distance, by road, by idle time, or as found; priority drivers first', () => {
    const index = fleet([
      { id: 1, ...north(100), idle_from: '2026-11-26 08:50:00' },
      { id: 2, ...north(500), idle_from: '2026-11-26 07:00:00' },
      { id: 3, ...north(900), idle_from: '2026-11-26 08:00:00' },
    ]);
    const radius = { search_type: 'by_radius' as const, search_limit: 5_000 };
    expect(search(index, ctx({ ...radius, search_order_by: 'by_distance' })).offered).toEqual([
      1, 2, 3,
    ]);
    expect(search(index, ctx({ ...radius, search_order_by: 'by_idle_from' })).offered).toEqual([
      2, 3, 1,
    ]);
    const roads = new Map([
      [1, 3_000],
      [2, 600],
      [3, 1_000],
    ]);
    expect(
      search(index, ctx({ ...radius, search_order_by: 'by_route_distance' }), undefined, roads)
        .offered,
    ).toEqual([2, 3, 1]);
    expect(search(index, ctx({ ...radius, search_order_by: 'any' })).offered.sort()).toEqual([
      1, 2, 3,
    ]);
    expect(
      search(index, ctx({ ...radius, search_order_by: 'by_distance' }, { priority: new Set([3]) }))
        .offered,
    ).toEqual([3, 1, 2]);
  });

  it('offers at most search_limit drivers when the limit counts drivers', () => {
    const index = fleet([1, 2, 3, 4].map((id) => ({ id, ...north(id * 100) })));
    const found = search(index, ctx({ search_type: 'by_zone', search_limit: 2 }));
    expect(found.offered).toEqual([1, 2]);
    expect(found.skipped).toEqual({ 3: 'over_limit', 4: 'over_limit' });
  });

  it('skips the busy, paused, banned, in debt, refusers, the previously offered and those on another offer', () => {
    const index = fleet([
      { id: 1, ...north(100), is_busy: true },
      { id: 2, ...north(110), is_paused: true },
      { id: 3, ...north(120), ban_until: '2026-11-26 10:00:00' },
      { id: 4, ...north(130), balances: { 1: -500 } },
      { id: 6, ...north(150) },
      { id: 7, ...north(160) },
      { id: 8, ...north(170) },
      { id: 9, ...north(180), ban_until: '2026-11-26 08:00:00' }, // a ban that has ended
    ]);
    index.markOffer(8, 77, NOW_MS + 5_000);
    const found = search(
      index,
      ctx(
        { search_type: 'by_radius', search_limit: 1_000, exclude_previous: true },
        { refused: new Set([6]), offeredBefore: new Set([7]) },
      ),
    );
    expect(found.offered).toEqual([9]);
    expect(found.skipped).toEqual({
      1: 'busy',
      2: 'paused',
      3: 'banned',
      4: 'low_balance',
      6: 'refused_before',
      7: 'previously_offered',
      8: 'on_other_offer',
    });
    // Without exclude_previous, an earlier step's driver is offered again; an expired offer is none.
    index.markOffer(8, 77, NOW_MS - 1);
    const again = search(
      index,
      ctx({ search_type: 'by_radius', search_limit: 1_000 }, { offeredBefore: new Set([7]) }),
    );
    expect(again.offered).toEqual([6, 7, 8, 9]);
  });

  it('offers exactly the selected drivers (custom_driver_ids), and says why one cannot be', () => {
    const index = fleet([
      { id: 1, ...north(100) },
      { id: 2, ...north(3_000) },
      { id: 3, ...north(200), is_online: false },
    ]);
    const found = search(index, ctx({ search_type: 'by_zone' }, { customDriverIds: [2, 3] }));
    expect(found.offered).toEqual([2]);
    expect(found.skipped).toEqual({ 3: 'offline' });
  });

  it('a search never looks at a driver of a company it may not reach, not even to skip him', () => {
    const index = fleet([
      { id: 1, ...north(100) },
      { id: 2, ...north(50), company_ids: [2] },
      { id: 3, ...north(80), company_ids: [2, 1] },
    ]);
    const pools = [
      ctx({ search_type: 'by_radius', search_limit: 1_000 }),
      ctx({ search_type: 'by_route', search_limit: 1_000 }),
      ctx({ search_type: 'by_zone' }, { customDriverIds: [1, 2, 3] }),
    ].map((context) => gatherPool(index, zones, context).drivers.map((c) => c.driver.driver_id));
    // Driver 3 works for both companies: the order's company may reach him.
    for (const ids of pools) expect(ids.sort()).toEqual([1, 3]);
    // Company 2's own search (it searches company 1 too) reaches all three.
    const shared = ctx({ search_type: 'by_radius', search_limit: 1_000 }, { companyIds: [2, 1] });
    expect(search(index, shared).offered).toEqual([2, 3, 1]);
  });
});
