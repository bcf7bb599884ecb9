/**
 * The driver index's searches at 10,000 online
 * drivers — nearest, within a radius, in a zone, a stand's queue — against a bare geokdbush
 * `around` on a prebuilt kdbush of the same points, and the index's upkeep per position (move
 * with its zone and stand lookup) against a bare Flatbush + point-in-polygon lookup, side by
 * side in one process (see bench/README.md "driver-search"). No servers: this runs on the
 * benchmark process's own pinned CPU.
 *
 * Targets: every search ≤ 3× the bare `around` (50 nearest within 3 km; the radius search
 * against `around` with no limit); upkeep ≤ 2.5 µs a position (5% of a core at 20,000
 * positions/s); zone lookup ≤ 2 µs a point.
 */

import Flatbush from 'flatbush';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import pointInPolygon from 'point-in-polygon-hao';
import type { Db } from '../server/db/client';
import { seededRandom } from '../server/db/seeded-random';
import {
  DriverIndex,
  isFree,
  type LiveDriver,
  utcText,
} from '../server/modules/drivers/live/driver-index';
import { createPositionFanout } from '../server/modules/drivers/live/position-fanout';
import { createPositionFlush } from '../server/modules/drivers/live/position-flush';
import { createPositionIngest } from '../server/modules/drivers/live/position-ingest';
import { createZoneIndex } from '../server/modules/zones/zone-index';
import { compareRounds, envInt, fleetRun, sleep } from './lib/fleet-bench';
import { BOX, randomPoint, zoneRows } from './lib/fleet-geometry';
import { guardProcess, pinSelfToLoadCpu } from './lib/processes';
import { emitSummary, log } from './lib/report';

const BENCH = 'driver-search';
const SEARCH_RATIO_TARGET = 3;
const UPKEEP_TARGET_US = 2.5;
const PIP_TARGET_US = 2;
const COMPANY = 1;
const LIMIT = 50;
const RADIUS_KM = 3;

const run = fleetRun({
  full: { rounds: 5, duration: 1, warmup: 1 },
  smoke: { rounds: 2, duration: 0.3, warmup: 0.3 },
});
const DRIVERS = envInt('BENCH_DRIVERS', 10_000);
guardProcess(120 + run.rounds * 14 * (run.duration + 0.6));

// ── the city: 50 zones and 10 stands of one company, 10,000 drivers on the map ──────────────
const rows = zoneRows([COMPANY]);
const zones = createZoneIndex(rows);
const index = new DriverIndex(() => zones, 500);
const next = seededRandom(2026);
const start = Date.now();
for (let id = 1; id <= DRIVERS; id++) {
  index.applyState({
    driver_id: id,
    company_ids: [COMPANY],
    indicativ: String(10_000 + id),
    is_online: true,
    is_paused: false,
    is_busy: false,
    high_priority: false,
    ban_until: null,
    ban_reason: null,
    idle_from: null,
    balances: {},
    seq: 1,
  });
  index.move(id, { ...randomPoint(next), orderId: null, reportedMs: start });
}
const points = Array.from({ length: 1024 }, () => randomPoint(next));
const zoneIds = rows.zones.map((z) => z.id);
const standIds = rows.stands.map((s) => s.id);

// ── the bare baselines: a prebuilt kdbush of the same points; Flatbush + PIP over the zones ──
function bareTree() {
  const drivers = [...index.all()];
  const kd = new KDBush(drivers.length);
  for (const d of drivers) kd.add(d.long as number, d.lat as number);
  kd.finish();
  return kd;
}
let kd = bareTree();
const rings = rows.zones.map((z) => [
  [...z.paths.map((p) => [p.long, p.lat]), [z.paths[0]?.long ?? 0, z.paths[0]?.lat ?? 0]],
]);
const zoneTree = new Flatbush(rings.length);
for (const [ring] of rings) {
  const xs = (ring as number[][]).map((p) => p[0] as number);
  const ys = (ring as number[][]).map((p) => p[1] as number);
  zoneTree.add(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys));
}
zoneTree.finish();
function bareLocate(long: number, lat: number): number {
  let found = -1;
  for (const i of zoneTree.search(long, lat, long, lat)) {
    if (pointInPolygon([long, lat], rings[i] as number[][][]) !== false) found = i;
  }
  return found;
}

// ── timing ──────────────────────────────────────────────────────────────────────────────────
let sink = 0;
/** µs per call of `call(i)` over `seconds` (batches of 64, so the clock is read rarely). */
function time(seconds: number, call: (i: number) => number): number {
  const end = performance.now() + seconds * 1000;
  let calls = 0;
  const began = performance.now();
  while (performance.now() < end) {
    for (let k = 0; k < 64; k++) sink += call(calls++);
  }
  return ((performance.now() - began) * 1000) / calls;
}

const nowUtc = () => utcText(Date.now());
/** The dispatch engine's filter: free now (the time read once per search, as it would). */
const freeNow = () => {
  const now = nowUtc();
  return (d: LiveDriver) => isFree(d, now);
};
const at = (i: number) => points[i & 1023] as { long: number; lat: number };

type Pair = { name: string; ours: (i: number) => number; bare: (i: number) => number };
const searches: Pair[] = [
  {
    name: 'nearest',
    ours: (i) =>
      index.nearest(at(i).long, at(i).lat, { limit: LIMIT, maxKm: RADIUS_KM, accept: freeNow() })
        .length,
    bare: (i) => around(kd, at(i).long, at(i).lat, LIMIT, RADIUS_KM).length,
  },
  {
    name: 'within',
    ours: (i) => index.within(at(i).long, at(i).lat, RADIUS_KM * 1000, freeNow()).length,
    bare: (i) => around(kd, at(i).long, at(i).lat, Number.POSITIVE_INFINITY, RADIUS_KM).length,
  },
  {
    name: 'in_zone',
    ours: (i) => index.inZone(zoneIds[i % zoneIds.length] as number, freeNow()).length,
    bare: (i) => around(kd, at(i).long, at(i).lat, LIMIT, RADIUS_KM).length,
  },
  {
    name: 'stand_queue',
    ours: (i) => index.standQueue(standIds[i % standIds.length] as number, nowUtc()).length,
    bare: (i) => around(kd, at(i).long, at(i).lat, LIMIT, RADIUS_KM).length,
  },
];

/** One position per call, each driver walking a few metres from where he is. */
const walk = (i: number) => {
  const driver = index.get((i % DRIVERS) + 1) as LiveDriver;
  const long = Math.min(
    BOX.east,
    Math.max(BOX.west, (driver.long as number) + ((i % 7) - 3) * 1e-4),
  );
  const lat = Math.min(
    BOX.north,
    Math.max(BOX.south, (driver.lat as number) + ((i % 5) - 2) * 1e-4),
  );
  return { id: driver.driver_id, long, lat };
};
const upkeep: Pair = {
  name: 'upkeep',
  ours: (i) => {
    const { id, long, lat } = walk(i);
    return index.move(id, { long, lat, orderId: null, reportedMs: Date.now() })?.polygonId ?? 0;
  },
  bare: (i) => {
    const { long, lat } = walk(i);
    return bareLocate(long, lat);
  },
};
const pip: Pair = {
  name: 'zone_lookup',
  ours: (i) => zones.locate([COMPANY], at(i).long, at(i).lat).polygonId ?? 0,
  bare: (i) => bareLocate(at(i).long, at(i).lat),
};

// The whole hot path of a `currentPosition` (no socket), for the record: zod, move, the flush's
// and the fan-out's bookkeeping. The flush never runs here (no timer, no database).
const flush = createPositionFlush({
  db: null as unknown as Db,
  intervalMs: 1_000,
  onError: () => {},
});
const fanout = createPositionFanout({ toDispatchers: () => {}, relay: null });
const ingest = createPositionIngest({ index, flush, fanout, ownsZone: () => false });
const auths = Array.from({ length: DRIVERS }, (_, i) => ({
  userId: i + 1,
  userName: '',
  roles: ['driver' as const],
  companyIds: [COMPANY],
  tokenId: i + 1,
  expiresAt: '2100-01-01 00:00:00',
}));
const hotPath: Pair = {
  name: 'ingest_hot_path',
  ours: (i) => {
    const { long, lat } = walk(i);
    const answer = ingest(auths[i % DRIVERS] as (typeof auths)[number], {
      long,
      lat,
      orderId: null,
    });
    if (i % 20_000 === 0) fanout.tick(); // the per-second batch empties the pending maps
    return answer.ok ? 1 : 0;
  },
  bare: (i) => {
    const { long, lat } = walk(i);
    return bareLocate(long, lat);
  },
};

/** Lets the driver index's tree age past maxAgeMs and rebuilds it, so searches find it fresh. */
async function freshTree(): Promise<{ ours: number; bare: number }> {
  await sleep(520);
  let began = performance.now();
  index.nearest(0, 0, { limit: 1 });
  const ours = performance.now() - began;
  began = performance.now();
  kd = bareTree();
  return { ours, bare: performance.now() - began };
}

async function main() {
  pinSelfToLoadCpu();
  log(
    `${run.smoke ? 'smoke' : 'full'} run: ${DRIVERS} drivers, ${rows.zones.length} zones, ` +
      `${rows.stands.length} stands, ${run.rounds} rounds × ${run.duration} s per measure`,
  );
  const all = [...searches, upkeep, pip, hotPath];
  const results = new Map(all.map((p) => [p.name, { ours: [] as number[], bare: [] as number[] }]));
  const rebuilds: { ours: number; bare: number }[] = [];
  await freshTree();
  for (const pair of all) {
    time(run.warmup / 4, pair.ours);
    time(run.warmup / 4, pair.bare);
  }
  for (let round = 1; round <= run.rounds; round++) {
    rebuilds.push(await freshTree());
    for (const pair of all) {
      const result = results.get(pair.name) as { ours: number[]; bare: number[] };
      result.ours.push(time(run.duration, pair.ours));
      result.bare.push(time(run.duration, pair.bare));
    }
    log(
      `round ${round}/${run.rounds}: ` +
        all
          .map((p) => {
            const r = results.get(p.name) as { ours: number[]; bare: number[] };
            return `${p.name} ${r.ours.at(-1)?.toFixed(2)}/${r.bare.at(-1)?.toFixed(2)} µs`;
          })
          .join(', '),
    );
  }
  for (const pair of searches) {
    const r = results.get(pair.name) as { ours: number[]; bare: number[] };
    const summary = compareRounds(r.ours, r.bare);
    emitSummary(BENCH, `${pair.name}_us`, summary, 'µs', {
      rule: `ratio <= ${SEARCH_RATIO_TARGET}`,
      pass: summary.ratio <= SEARCH_RATIO_TARGET,
    });
  }
  const up = results.get('upkeep') as { ours: number[]; bare: number[] };
  const upSummary = compareRounds(up.ours, up.bare);
  emitSummary(BENCH, 'upkeep_us_per_position', upSummary, 'µs', {
    rule: `value <= ${UPKEEP_TARGET_US}`,
    pass: upSummary.value <= UPKEEP_TARGET_US,
  });
  const lookup = results.get('zone_lookup') as { ours: number[]; bare: number[] };
  const pipSummary = compareRounds(lookup.ours, lookup.bare);
  emitSummary(BENCH, 'zone_lookup_us', pipSummary, 'µs', {
    rule: `value <= ${PIP_TARGET_US}`,
    pass: pipSummary.value <= PIP_TARGET_US,
  });
  const hot = results.get('ingest_hot_path') as { ours: number[]; bare: number[] };
  emitSummary(BENCH, 'ingest_hot_path_us', compareRounds(hot.ours, hot.bare), 'µs');
  // The index's tree rebuilt after moves (at most every 500 ms, on the next search; each round
  // starts after the previous round's moves) vs building the
  // bare kdbush of the same points.
  emitSummary(
    BENCH,
    'tree_rebuild_ms',
    compareRounds(
      rebuilds.map((r) => r.ours),
      rebuilds.map((r) => r.bare),
    ),
    'ms',
  );
  log(`(checksum ${sink})`);
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
