/**
 * Memory per connected driver socket with 10,000
 * drivers — the app's authenticated socket with its rooms, session, flood guard, expiry timer
 * and the driver's position in the index — against a bare Socket.IO server, side by side in
 * one run (see bench/README.md "driver-memory"). Also a bare server that drops each
 * connection's HTTP request once connected (`socket.conn.request = null`), to show what that
 * saves.
 *
 * The drivers connect as docs/DRIVER-API.md shows, with socket.io-client's default transports
 * (long-polling, then the upgrade to a WebSocket). Each round starts every server afresh (RSS
 * does not shrink after sockets close); the app first takes one position per driver through
 * its ingest and flushes it (the index and PGlite reach their full size, measured apart as
 * `index_position_bytes_per_driver`); then each server is warmed with 200 sockets that come and
 * go, heap and RSS are read after a forced full collection, the drivers connect and each sends
 * one position (acked), and after the flush the growth is divided by the sockets.
 * Target: heap and RSS per socket ≤ 1.3× bare.
 */

import { DriverSwarm } from './lib/driver-swarm';
import { assertSocketsFit, compareRounds, envInt, fleetRun, sleep } from './lib/fleet-bench';
import type { SeededSession } from './lib/fleet-seed';
import { guardProcess, killChildren, pinSelfToLoadCpu, startServer } from './lib/processes';
import { emit, emitSummary, log, median, round3 } from './lib/report';
import { MEMORY_ROUTE, type MemoryReading, probe } from './lib/server-probe';
import type { FleetAppInfo } from './servers/fleet-app';

const BENCH = 'driver-memory';
const RATIO_TARGET = 1.3;
const WARM_SOCKETS = 200;
/** DRIVER_POSITIONS_FLUSH_MS's default and a margin: the positions are written, the batch gone. */
const SETTLE_MS = 2_500;
const IDLE_MS = 10_000;

const run = fleetRun({
  full: { rounds: 2, duration: 0, warmup: 0 },
  smoke: { rounds: 2, duration: 0, warmup: 0 },
});
const DRIVERS = envInt('BENCH_DRIVERS', run.smoke ? 1_000 : 10_000);
// Each round starts three servers and connects every driver to each (~5 ms a socket here).
guardProcess(240 + run.rounds * (150 + (3 * DRIVERS) / 50));

type Kind = 'app' | 'bare' | 'bare_drop_request';

/** socket.io-client with its default transports (polling, then the upgrade): DRIVER-API's client. */
const CLASSIC = { classic: true };
/** Heap a driver's first position adds to the index (the app only), bytes per driver. */
const positionBytes: number[] = [];

interface Growth {
  heapKb: number;
  rssKb: number;
  /** The server's RSS with every driver connected (MB). */
  rssMb: number;
}

async function measure(kind: Kind): Promise<Growth> {
  const server =
    kind === 'app'
      ? await startServer<FleetAppInfo>(
          new URL('./servers/fleet-app.ts', import.meta.url),
          { BENCH_FLEET_DRIVERS: String(DRIVERS) },
          300,
        )
      : await startServer<{ url: string }>(new URL('./servers/bare-socketio.ts', import.meta.url), {
          BENCH_DROP_REQUEST: kind === 'bare_drop_request' ? '1' : '0',
        });
  try {
    const drivers = await sessions(server.info);
    const url = server.info.url;
    if (kind === 'app') {
      const empty = await probe<MemoryReading>(url, MEMORY_ROUTE);
      await probe(url, '/__bench/warm-positions');
      const warmed = await probe<MemoryReading>(url, MEMORY_ROUTE);
      positionBytes.push((warmed.heapUsed - empty.heapUsed) / DRIVERS);
    }
    const warm = await DriverSwarm.connect(url, drivers.slice(0, WARM_SOCKETS), CLASSIC);
    await warm.sendOnce();
    warm.close();
    // Long enough for V8's memory reducer to shrink what the start-up and the warm-up grew
    // (in the app, also the PGlite worker's own heap, which a forced collection here misses).
    await sleep(IDLE_MS);
    const before = await probe<MemoryReading>(url, MEMORY_ROUTE);
    const began = performance.now();
    const swarm = await DriverSwarm.connect(url, drivers, CLASSIC);
    const connectS = (performance.now() - began) / 1000;
    await swarm.sendOnce();
    await sleep(SETTLE_MS);
    const after = await probe<MemoryReading>(url, MEMORY_ROUTE);
    swarm.close();
    log(`${kind}: ${DRIVERS} sockets connected in ${connectS.toFixed(1)} s`);
    const growth = {
      heapKb: (after.heapUsed - before.heapUsed) / 1024 / DRIVERS,
      rssKb: (after.rss - before.rss) / 1024 / DRIVERS,
      rssMb: after.rss / 2 ** 20,
    };
    log(
      `${kind}: heap ${growth.heapKb.toFixed(2)} KB/socket, RSS ${growth.rssKb.toFixed(2)} KB/socket ` +
        `(heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB, RSS ${mb(before.rss)} → ${mb(after.rss)} MB, ` +
        `external ${mb(before.external)} → ${mb(after.external)} MB)`,
    );
    return growth;
  } finally {
    await server.stop();
  }
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

/** The app's seeded drivers; the bare servers take any token, so they get made-up ones. */
async function sessions(info: FleetAppInfo | { url: string }): Promise<SeededSession[]> {
  if ('seed' in info) return info.seed.drivers;
  return Array.from({ length: DRIVERS }, (_, i) => ({
    userId: i + 1,
    companyId: 1,
    token: `bare-${i}`.padEnd(43, 'x'),
  }));
}

async function main() {
  assertSocketsFit(DRIVERS);
  pinSelfToLoadCpu();
  log(`${run.smoke ? 'smoke' : 'full'} run: ${DRIVERS} driver sockets, ${run.rounds} rounds`);
  const results: Record<Kind, Growth[]> = { app: [], bare: [], bare_drop_request: [] };
  for (let round = 1; round <= run.rounds; round++) {
    for (const kind of ['app', 'bare', 'bare_drop_request'] as const) {
      results[kind].push(await measure(kind));
    }
    log(`round ${round}/${run.rounds} done`);
  }
  for (const field of ['heapKb', 'rssKb'] as const) {
    const name = field === 'heapKb' ? 'heap' : 'rss';
    const summary = compareRounds(
      results.app.map((g) => g[field]),
      results.bare.map((g) => g[field]),
    );
    emitSummary(BENCH, `${name}_kb_per_socket`, summary, 'KB', {
      rule: `ratio <= ${RATIO_TARGET}`,
      pass: summary.ratio <= RATIO_TARGET,
    });
    emitSummary(
      BENCH,
      `bare_drop_request.${name}_kb_per_socket`,
      compareRounds(
        results.bare_drop_request.map((g) => g[field]),
        results.bare.map((g) => g[field]),
      ),
      'KB',
    );
  }
  emit({
    bench: BENCH,
    metric: 'index_position_bytes_per_driver',
    value: round3(median(positionBytes)),
    baseline: null,
    ratio: null,
    target: null,
    pass: null,
    unit: 'B',
    rounds: { value: positionBytes.map(round3), baseline: [] },
  });
  const rss = results.app.map((g) => g.rssMb);
  emit({
    bench: BENCH,
    metric: 'app_rss_mb_with_all_drivers',
    value: round3(median(rss)),
    baseline: round3(median(results.bare.map((g) => g.rssMb))),
    ratio: null,
    target: null,
    pass: null,
    unit: 'MB',
    rounds: { value: rss.map(round3), baseline: results.bare.map((g) => round3(g.rssMb)) },
  });
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  killChildren();
  process.exitCode = 1;
});
