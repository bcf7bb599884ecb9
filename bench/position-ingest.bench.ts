/**
 * Server CPU per `currentPosition` through the
 * real app — authenticated driver sockets, zod, the driver index with its zone and stand
 * lookup (50 zones of 65 corners per company), the batched flush to PGlite and the per-second
 * fan-out batches — against a bare Socket.IO server whose handler only acknowledges, side by
 * side in one run (see bench/README.md "position-ingest").
 *
 * Targets: CPU per message ≤ 2× bare; the flush writes ≥ 500 rows a statement under load;
 * no database write per message (writes per message far below 1: ≤ 0.01).
 */

import { DriverSwarm, type SwarmRun } from './lib/driver-swarm';
import { assertSocketsFit, compareRounds, envInt, fleetRun, sleep } from './lib/fleet-bench';
import {
  guardProcess,
  killChildren,
  pinSelfToLoadCpu,
  type Server,
  startServer,
} from './lib/processes';
import { emit, emitSummary, log, median } from './lib/report';
import { CPU_ROUTE, type CpuReading, probe } from './lib/server-probe';
import { threadCpu } from './lib/thread-cpu';
import type { DbCounts, FleetAppInfo } from './servers/fleet-app';

const BENCH = 'position-ingest';
const CPU_RATIO_TARGET = 2;
const ROWS_TARGET = 500;
const WRITES_PER_MESSAGE_TARGET = 0.01;
/** DRIVER_POSITIONS_FLUSH_MS's default (server/config.ts) and a margin: a phase's last flush. */
const FLUSH_WAIT_MS = 2_500;

const run = fleetRun({
  full: { rounds: 3, duration: 10, warmup: 3 },
  smoke: { rounds: 2, duration: 3, warmup: 1 },
});
/**
 * 8,000 drivers sending every 4 s: 2,000 msg/s, the same load as 10,000 online drivers
 * at 5 s. Not 10,000 sockets: the generator holds every driver's socket to both
 * servers at once, and 2 × 10,000 passes this machine's open-files limit (20,000).
 * Smoke: 1,000 drivers every second (1,000 msg/s, flushes of 2,000 rows).
 */
const DRIVERS = envInt('BENCH_DRIVERS', run.smoke ? 1_000 : 8_000);
const PERIOD_MS = envInt('BENCH_POSITION_PERIOD_MS', run.smoke ? 1_000 : 4_000);
guardProcess(300 + 2 * (run.warmup + run.rounds * (run.duration + FLUSH_WAIT_MS / 1000 + 12)));

interface Phase {
  /** The whole server process's CPU per message (µs): what the target judges. */
  usPerMessage: number;
  /** The same, of its main thread alone (the event loop) and of its other threads. */
  mainUs: number;
  otherUs: number;
  run: SwarmRun;
}

async function phase(
  server: Server<{ url: string }>,
  swarm: DriverSwarm,
  seconds: number,
): Promise<Phase> {
  const before = await probe<CpuReading>(server.info.url, CPU_ROUTE);
  const threadsBefore = threadCpu(server.pid);
  const result = await swarm.run(seconds, PERIOD_MS);
  await sleep(FLUSH_WAIT_MS);
  const after = await probe<CpuReading>(server.info.url, CPU_ROUTE);
  const threadsAfter = threadCpu(server.pid);
  if (result.refused > 0 || result.unanswered > 0) {
    throw new Error(`${result.refused} refused, ${result.unanswered} unanswered positions`);
  }
  const per = (ms: number) => (ms * 1000) / result.acked;
  return {
    usPerMessage: per(after.cpuMs - before.cpuMs),
    mainUs: per((threadsAfter?.mainMs ?? 0) - (threadsBefore?.mainMs ?? 0)),
    otherUs: per((threadsAfter?.otherMs ?? 0) - (threadsBefore?.otherMs ?? 0)),
    run: result,
  };
}

async function main() {
  assertSocketsFit(2 * DRIVERS);
  pinSelfToLoadCpu();
  log(
    `${run.smoke ? 'smoke' : 'full'} run: ${DRIVERS} drivers every ${PERIOD_MS} ms ` +
      `(${Math.round((DRIVERS * 1000) / PERIOD_MS)} msg/s), ${run.rounds} rounds × ${run.duration} s`,
  );
  const app = await startServer<FleetAppInfo>(
    new URL('./servers/fleet-app.ts', import.meta.url),
    { BENCH_FLEET_DRIVERS: String(DRIVERS) },
    300,
  );
  const bare = await startServer<{ url: string }>(
    new URL('./servers/bare-socketio.ts', import.meta.url),
    {},
  );
  log(`app ready (seed ${app.info.seed.seconds} s); connecting ${DRIVERS} drivers to each server`);
  const drivers = app.info.seed.drivers;
  const appSwarm = await DriverSwarm.connect(app.info.url, drivers);
  const bareSwarm = await DriverSwarm.connect(bare.info.url, drivers);
  log(`warm-up ${run.warmup} s each`);
  await phase(app, appSwarm, run.warmup);
  await phase(bare, bareSwarm, run.warmup);
  await probe<DbCounts>(app.info.url, '/__bench/db'); // reset

  const ours: Phase[] = [];
  const theirs: Phase[] = [];
  const db: DbCounts[] = [];
  for (let round = 1; round <= run.rounds; round++) {
    const a = await phase(app, appSwarm, run.duration);
    db.push(await probe<DbCounts>(app.info.url, '/__bench/db'));
    const b = await phase(bare, bareSwarm, run.duration);
    ours.push(a);
    theirs.push(b);
    const last = db[db.length - 1] as DbCounts;
    log(
      `round ${round}/${run.rounds}: app ${a.usPerMessage.toFixed(1)} µs/msg ` +
        `(main thread ${a.mainUs.toFixed(1)}, other threads ${a.otherUs.toFixed(1)}) ` +
        `(ack p99 ${a.run.ackP99Ms.toFixed(1)} ms, ${a.run.acked} msgs, sender lag ${a.run.maxLagMs} ms) | ` +
        `bare ${b.usPerMessage.toFixed(1)} µs/msg (main ${b.mainUs.toFixed(1)}, other ${b.otherUs.toFixed(1)}; ` +
        `ack p99 ${b.run.ackP99Ms.toFixed(1)} ms) | ` +
        `db: ${last.statements} statements, ${last.writes} writes, upsert rows ${last.latestRows.join('/')}, ` +
        `history rows ${last.historyRows.join('/')}`,
    );
  }
  appSwarm.close();
  bareSwarm.close();

  const cpu = compareRounds(
    ours.map((p) => p.usPerMessage),
    theirs.map((p) => p.usPerMessage),
  );
  emitSummary(BENCH, 'cpu_us_per_message', cpu, 'µs', {
    rule: `ratio <= ${CPU_RATIO_TARGET}`,
    pass: cpu.ratio <= CPU_RATIO_TARGET,
  });
  // Where the time goes: the event loop, and the other threads (the PGlite worker's flushes).
  emitSummary(
    BENCH,
    'main_thread_us_per_message',
    compareRounds(
      ours.map((p) => p.mainUs),
      theirs.map((p) => p.mainUs),
    ),
    'µs',
  );
  emitSummary(
    BENCH,
    'other_threads_us_per_message',
    compareRounds(
      ours.map((p) => p.otherUs),
      theirs.map((p) => p.otherUs),
    ),
    'µs',
  );
  emitSummary(
    BENCH,
    'ack_p99',
    compareRounds(
      ours.map((p) => p.run.ackP99Ms),
      theirs.map((p) => p.run.ackP99Ms),
    ),
    'ms',
  );
  // A flush at a phase's edge holds only part of an interval: judge the median statement.
  const latest = db.flatMap((d) => d.latestRows);
  const rows = latest.length > 0 ? median(latest) : 0;
  emit({
    bench: BENCH,
    metric: 'flush_rows_per_statement',
    value: rows,
    baseline: null,
    ratio: null,
    target: `value >= ${ROWS_TARGET}`,
    pass: rows >= ROWS_TARGET,
    unit: 'rows',
    rounds: { value: latest, baseline: [] },
  });
  const history = db.flatMap((d) => d.historyRows);
  emit({
    bench: BENCH,
    metric: 'flush_history_rows_per_statement',
    value: history.length > 0 ? median(history) : 0,
    baseline: null,
    ratio: null,
    target: null,
    pass: null,
    unit: 'rows',
    rounds: { value: history, baseline: [] },
  });
  const writesPerMessage = db.map((d, i) => d.writes / (ours[i] as Phase).run.acked);
  const worst = Math.max(...writesPerMessage);
  emit({
    bench: BENCH,
    metric: 'db_writes_per_message',
    value: Math.round(worst * 1e5) / 1e5,
    baseline: null,
    ratio: null,
    target: `value <= ${WRITES_PER_MESSAGE_TARGET}`,
    pass: worst <= WRITES_PER_MESSAGE_TARGET,
    unit: 'writes/msg',
    rounds: { value: writesPerMessage.map((w) => Math.round(w * 1e5) / 1e5), baseline: [] },
  });
  await bare.stop();
  await app.stop();
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  killChildren();
  process.exitCode = 1;
});
