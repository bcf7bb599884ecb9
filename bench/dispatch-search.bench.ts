/**
 * The dispatch engine's candidate selection
 * of one search step — `gatherPool` + `rankPool` of server/modules/dispatch/engine/candidates.ts,
 * what `openStep` runs between reading the search and writing its offers — for every search
 * type, at 10,000 online drivers, against a bare geokdbush `around` (50 nearest within 3 km) on
 * a prebuilt kdbush of the same points, side by side in one process (see bench/README.md
 * "dispatch-search"). No servers: this runs on the benchmark process's own pinned CPU.
 *
 * Route-based types (by_route, by_near_stand_with_route, by_route_distance ordering) ask the
 * routing service; here a stub answers at once with the straight line × 1.3, so what is timed is
 * the engine's own work around the call, not the call (a real OSRM table request is a network
 * round trip of its own, outside what this benchmark measures).
 *
 * Target: every type's selection ≤ 3× the bare `around`.
 */

import type { SearchItem } from '@common/dispatch/search-method.schema';
import { DEFAULT_SEARCH_ITEM } from '@common/dispatch/search-method.schema';
import { haversineMeters } from '@common/lib/geo';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { seededRandom } from '../server/db/seeded-random';
import { gatherPool, rankPool } from '../server/modules/dispatch/engine/candidates';
import { standsForRoute } from '../server/modules/dispatch/engine/pools';
import type { Considered, Pool, StepContext } from '../server/modules/dispatch/engine/step-context';
import { DriverIndex, type LiveDriver, utcText } from '../server/modules/drivers/live/driver-index';
import { createZoneIndex } from '../server/modules/zones/zone-index';
import { compareRounds, envInt, fleetRun, sleep } from './lib/fleet-bench';
import { randomPoint, zoneRows } from './lib/fleet-geometry';
import { guardProcess, pinSelfToLoadCpu } from './lib/processes';
import { emitSummary, log } from './lib/report';

const BENCH = 'dispatch-search';
const RATIO_TARGET = 3;
const COMPANY = 1;
/** Companies whose zones and stands the zone index holds (50 zones and 10 stands each). */
const COMPANIES = envInt('BENCH_SEARCH_COMPANIES', 6);
const RADIUS_M = 3_000;

const run = fleetRun({
  full: { rounds: 5, duration: 1, warmup: 1 },
  smoke: { rounds: 2, duration: 0.3, warmup: 0.3 },
});
const DRIVERS = envInt('BENCH_DRIVERS', 10_000);

// ── the city: a few hundred zones and stands; 10,000 drivers of company 1 on the map ─────────
const rows = zoneRows(Array.from({ length: COMPANIES }, (_, i) => i + 1));
const zones = createZoneIndex(rows);
const index = new DriverIndex(() => zones, 500);
const next = seededRandom(2027);
const nowMs = Date.now();
const nowUtc = utcText(nowMs);
/** `DriverIndex.declare` (currentPosition's polygonId), where this index has it. */
const declare = (
  index as unknown as { declare?: (driver: LiveDriver, polygonId: number | null) => boolean }
).declare;
for (let id = 1; id <= DRIVERS; id++) {
  const r = next();
  // A working fleet: most free, some busy or paused, a few banned or on another offer; idle
  // since up to an hour ago (by_idle_from has something to sort).
  index.applyState({
    driver_id: id,
    company_ids: [COMPANY],
    indicativ: String(10_000 + id),
    is_online: true,
    is_paused: r > 0.9 && r <= 0.95,
    is_busy: r > 0.7 && r <= 0.9,
    high_priority: false,
    ban_until: r > 0.98 ? utcText(nowMs + 3_600_000) : null,
    ban_reason: null,
    idle_from: utcText(nowMs - Math.floor(next() * 3_600_000)),
    balances: {},
    seq: 1,
  });
  index.move(id, { ...randomPoint(next), orderId: null, reportedMs: nowMs - 60_000 });
  if (r > 0.95 && r <= 0.98) index.markOffer(id, 999_999, nowMs + 3_600_000);
  // The zone his app declared (…_manually), where the index knows declared zones: his own.
  const live = index.get(id);
  if (live && declare) declare.call(index, live, live.polygonId);
}
// The stands' queues fill as drivers arrive: the moves above put each driver in his stands.
const points = Array.from({ length: 1024 }, () => randomPoint(next));
const at = (i: number) => points[i & 1023] as { long: number; lat: number };

// ── the bare baseline: a prebuilt kdbush of the same points ─────────────────────────────────
function bareTree() {
  const drivers = [...index.all()];
  const kd = new KDBush(drivers.length);
  for (const d of drivers) kd.add(d.long as number, d.lat as number);
  kd.finish();
  return kd;
}
const kd = bareTree();
/** The reference query: the 50 nearest within 3 km. */
const bare50 = (i: number) => around(kd, at(i).long, at(i).lat, 50, RADIUS_M / 1000).length;
/** The radius types' own bare query: every point within the radius (~1,000 here). */
const bareAll = (i: number) =>
  around(kd, at(i).long, at(i).lat, Number.POSITIVE_INFINITY, RADIUS_M / 1000).length;

// ── the engine's step, as openStep runs it (search-runner.ts), with a routing stub ──────────
/** The routing stub: every leg at once, the straight line × 1.3. */
const stubRoutes = (sources: { lat: number; long: number }[], to: { lat: number; long: number }) =>
  sources.map((s) => ({ distanceM: haversineMeters(s.lat, s.long, to.lat, to.long) * 1.3 }));

/** search-runner.ts `withRoutes`, synchronously with the stub. */
function withRoutes(pool: Pool, ctx: StepContext): void {
  const needed = pool.needsRoutes || ctx.item.search_order_by === 'by_route_distance';
  if (!needed) return;
  const onMap = pool.drivers.filter((c) => c.driver.lat !== null && c.driver.long !== null);
  const legs = stubRoutes(
    onMap.map((c) => ({ lat: c.driver.lat as number, long: c.driver.long as number })),
    ctx.pickup,
  );
  onMap.forEach((c: Considered, i) => {
    c.routeM = Math.round((legs[i] as { distanceM: number }).distanceM);
  });
}

/** search-runner.ts `standByRoute`, with the stub. */
function standByRoute(ctx: StepContext): number | null {
  const stands = standsForRoute(zones, ctx);
  const legs = stubRoutes(stands, ctx.pickup);
  let best: { id: number; m: number } | null = null;
  stands.forEach((stand, i) => {
    const m = legs[i]?.distanceM ?? Number.POSITIVE_INFINITY;
    if (!best || m < best.m) best = { id: stand.id, m };
  });
  return (best as { id: number } | null)?.id ?? null;
}

/** 500 drivers offered in an earlier step (exclude_previous), 100 refusals, 50 priority. */
const offeredBefore = new Set(Array.from({ length: 500 }, (_, k) => 1 + ((k * 7919) % DRIVERS)));
const refused = new Set(Array.from({ length: 100 }, (_, k) => 1 + ((k * 104_729) % DRIVERS)));
const priority = new Set(Array.from({ length: 50 }, (_, k) => 1 + ((k * 15_485) % DRIVERS)));
const NONE: ReadonlySet<number> = new Set();

function step(item: SearchItem, earlier: boolean) {
  return (i: number) => {
    const ms = Date.now();
    const ctx: StepContext = {
      item,
      pickup: { lat: at(i).lat, long: at(i).long },
      companyIds: [COMPANY],
      customDriverIds: [],
      priority: earlier ? priority : NONE,
      offeredBefore: earlier ? offeredBefore : NONE,
      refused: earlier ? refused : NONE,
      orderId: 1,
      nowMs: ms,
      nowUtc,
      minBalances: new Map(),
    };
    const byRoute = item.search_type === 'by_near_stand_with_route' ? standByRoute(ctx) : undefined;
    const pool = gatherPool(index, zones, ctx, { byRoute });
    withRoutes(pool, ctx);
    return rankPool(pool, ctx).offered.length;
  };
}

const item = (overrides: Partial<SearchItem>): SearchItem => ({
  ...DEFAULT_SEARCH_ITEM,
  ...overrides,
});
/**
 * Each search type with the default item otherwise (limit 50 drivers, or 3 km for the metres
 * types), against `around` for 50 points, or for every point within 3 km for the radius types
 * (they offer everyone in the radius: no count limit).
 */
interface Case {
  name: string;
  item: SearchItem;
  earlier: boolean;
  bare: (i: number) => number;
  call: (i: number) => number;
}
const byCount = (name: string, overrides: Partial<SearchItem>, earlier = false): Case => {
  const it = item(overrides);
  return { name, item: it, earlier, bare: bare50, call: step(it, earlier) };
};
const byMetres = (name: string, overrides: Partial<SearchItem>): Case => {
  const it = item({ search_limit: RADIUS_M, ...overrides });
  return { name, item: it, earlier: false, bare: bareAll, call: step(it, false) };
};
const cases: Case[] = [
  byCount('by_zone', { search_type: 'by_zone' }),
  byCount('by_near_zone', { search_type: 'by_near_zone' }),
  byMetres('by_radius', { search_type: 'by_radius' }),
  byMetres('by_route', { search_type: 'by_route', search_order_by: 'by_route_distance' }),
  byCount('by_near_stand', { search_type: 'by_near_stand' }),
  byCount('by_near_stand_with_route', { search_type: 'by_near_stand_with_route' }),
  byCount('by_near_stand_and_polygon', { search_type: 'by_near_stand_and_polygon' }),
  byCount('by_near_stand_and_polygon_manually', {
    search_type: 'by_near_stand_and_polygon_manually',
  }),
  byCount('by_zone_idle_from', { search_type: 'by_zone', search_order_by: 'by_idle_from' }),
  byCount('by_zone_any', { search_type: 'by_zone', search_order_by: 'any' }),
  byCount('by_zone_exclude_previous', { search_type: 'by_zone', exclude_previous: true }, true),
];

/** BENCH_SEARCH_ONLY=by_zone,by_radius: only these cases (for a CPU profile of one type). */
const only = process.env.BENCH_SEARCH_ONLY?.split(',').filter(Boolean);
if (only) cases.splice(0, cases.length, ...cases.filter((c) => only.includes(c.name)));

// ── timing ──────────────────────────────────────────────────────────────────────────────────
let sink = 0;
/** µs per call of `call(i)` over `seconds` (batches of 16, so the clock is read rarely). */
function time(seconds: number, call: (i: number) => number): number {
  const end = performance.now() + seconds * 1000;
  let calls = 0;
  const began = performance.now();
  while (performance.now() < end) {
    for (let k = 0; k < 16; k++) sink += call(calls++);
  }
  return ((performance.now() - began) * 1000) / calls;
}

/** The pool sizes a type works through (what explains its time), at the first 64 points. */
function poolSizes(c: Case) {
  let drivers = 0;
  let offered = 0;
  for (let i = 0; i < 64; i++) {
    const ctx = {
      item: c.item,
      pickup: { lat: at(i).lat, long: at(i).long },
      companyIds: [COMPANY],
      customDriverIds: [],
      priority: NONE,
      offeredBefore: NONE,
      refused: NONE,
      orderId: 1,
      nowMs: Date.now(),
      nowUtc,
      minBalances: new Map(),
    } satisfies StepContext;
    drivers += gatherPool(index, zones, ctx).drivers.length;
    offered += c.call(i);
  }
  return { drivers: Math.round(drivers / 64), offered: Math.round(offered / 64) };
}

async function main() {
  pinSelfToLoadCpu();
  guardProcess(120 + run.rounds * (cases.length * 2 * run.duration + 1) * 2);
  log(
    `${run.smoke ? 'smoke' : 'full'} run: ${DRIVERS} drivers, ${rows.zones.length} zones, ` +
      `${rows.stands.length} stands, ${run.rounds} rounds × ${run.duration} s per measure`,
  );
  await sleep(520); // the index's tree ages past its maxAgeMs once: built by the first search
  for (const c of cases) {
    const sizes = poolSizes(c);
    log(`${c.name}: pool of ~${sizes.drivers} drivers, ~${sizes.offered} offered a search`);
  }
  for (const c of cases) {
    time(run.warmup / 4, c.call);
    time(run.warmup / 4, c.bare);
  }
  const results = new Map(
    cases.map((c) => [c.name, { ours: [] as number[], bare: [] as number[] }]),
  );
  for (let round = 1; round <= run.rounds; round++) {
    for (const c of cases) {
      const r = results.get(c.name) as { ours: number[]; bare: number[] };
      r.ours.push(time(run.duration, c.call));
      r.bare.push(time(run.duration, c.bare));
    }
    log(
      `round ${round}/${run.rounds}: ` +
        cases
          .map((c) => {
            const r = results.get(c.name) as { ours: number[]; bare: number[] };
            return `${c.name} ${r.ours.at(-1)?.toFixed(1)}/${r.bare.at(-1)?.toFixed(1)} µs`;
          })
          .join(', '),
    );
  }
  for (const c of cases) {
    const r = results.get(c.name) as { ours: number[]; bare: number[] };
    const summary = compareRounds(r.ours, r.bare);
    emitSummary(BENCH, `${c.name}_us`, summary, 'µs', {
      rule: `ratio <= ${RATIO_TARGET}`,
      pass: summary.ratio <= RATIO_TARGET,
    });
  }
  log(`(checksum ${sink})`);
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
