/**
 * The fan-out of position deltas to 200
 * dispatcher sockets while 10,000 drivers send a position every 5 s (2,000 pos/s), against a
 * raw `ws` server broadcasting one pre-stringified batch per company per second, side by side
 * in one run (see bench/README.md "position-fanout").
 *
 * Targets: fan-out CPU ≤ 1.5× the raw-ws batch broadcast; ≤ 60 KB/s per dispatcher; delivery
 * p99 (driver's send → the batch holding it at a dispatcher) ≤ 1.2 s.
 */

import WebSocket from 'ws';
import { DriverSwarm } from './lib/driver-swarm';
import { assertSocketsFit, compareRounds, envInt, fleetRun, sleep } from './lib/fleet-bench';
import { guardProcess, killChildren, pinSelfToLoadCpu, startServer } from './lib/processes';
import { percentile } from './lib/rate-load';
import { emit, emitSummary, log, round3 } from './lib/report';
import { CPU_ROUTE, probe } from './lib/server-probe';
import { connectMany, connectSio, type SioClient } from './lib/sio-client';
import type { FanoutCounts, FleetAppInfo } from './servers/fleet-app';

const BENCH = 'position-fanout';
const CPU_RATIO_TARGET = 1.5;
const BYTES_TARGET_KB = 60;
const DELIVERY_P99_TARGET_MS = 1_200;
const PERIOD_MS = 5_000;
const COMPANIES = 5;

const run = fleetRun({
  full: { rounds: 3, duration: 10, warmup: 5 },
  smoke: { rounds: 2, duration: 5, warmup: 2 },
});
const DRIVERS = envInt('BENCH_DRIVERS', run.smoke ? 1_000 : 10_000);
const DISPATCHERS = envInt('BENCH_DISPATCHERS', run.smoke ? 20 : 200);
guardProcess(360 + 2 * (run.warmup + run.rounds * (run.duration + 15)));

type Reading = { cpuMs: number } & FanoutCounts;

const round6 = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

interface Phase {
  /** Time in the broadcasts (ms) per second of the phase. */
  fanoutMsPerS: number;
  /** The whole server process's CPU (ms) per second of the phase. */
  cpuMsPerS: number;
  /** Payload bytes per dispatcher per second (KB). */
  kbPerDispatcher: number;
  broadcastsPerS: number;
}

function phaseOf(before: Reading, after: Reading, bytes: number, seconds: number): Phase {
  return {
    fanoutMsPerS: (after.broadcastMs - before.broadcastMs) / seconds,
    cpuMsPerS: (after.cpuMs - before.cpuMs) / seconds,
    kbPerDispatcher: bytes / 1024 / DISPATCHERS / seconds,
    broadcastsPerS: (after.broadcasts - before.broadcasts) / seconds,
  };
}

async function main() {
  assertSocketsFit(DRIVERS + 2 * DISPATCHERS);
  pinSelfToLoadCpu();
  log(
    `${run.smoke ? 'smoke' : 'full'} run: ${DRIVERS} drivers every ${PERIOD_MS / 1000} s, ` +
      `${DISPATCHERS} dispatchers in ${COMPANIES} companies, ${run.rounds} rounds × ${run.duration} s`,
  );
  const app = await startServer<FleetAppInfo>(
    new URL('./servers/fleet-app.ts', import.meta.url),
    {
      BENCH_FLEET_DRIVERS: String(DRIVERS),
      BENCH_FLEET_DISPATCHERS: String(DISPATCHERS),
      BENCH_FLEET_COMPANIES: String(COMPANIES),
    },
    300,
  );
  const perBatch = Math.round(DRIVERS / COMPANIES / (PERIOD_MS / 1000));
  const raw = await startServer<{ url: string }>(
    new URL('./servers/raw-ws-fanout.ts', import.meta.url),
    { BENCH_FANOUT_COMPANIES: String(COMPANIES), BENCH_FANOUT_POSITIONS: String(perBatch) },
  );

  log(`connecting ${DRIVERS} drivers and ${DISPATCHERS} dispatchers`);
  const swarm = await DriverSwarm.connect(app.info.url, app.info.seed.drivers);
  const indexOf = new Map(app.info.seed.drivers.map((d, i) => [d.userId, i]));
  // One dispatcher per company decodes its batches and times each position it finds.
  const latencies: number[] = [];
  let measuring = false;
  const probes = new Set<number>();
  const companies = app.info.seed.companyIds;
  const dispatchers = await connectMany(DISPATCHERS, 50, (i) => {
    const dispatcher = app.info.seed.dispatchers[i] as { token: string; companyId: number };
    const isProbe = !probes.has(dispatcher.companyId);
    probes.add(dispatcher.companyId);
    return connectSio(app.info.url, {
      auth: { token: dispatcher.token },
      onLost: (reason) => log(`dispatcher ${i} lost: ${reason}`),
      onEvent: isProbe
        ? (frame) => {
            if (!measuring) return;
            const now = performance.now();
            const [event, payload] = JSON.parse(frame.slice(2)) as [
              string,
              { positions: { userId: number; lat: number; long: number }[] },
            ];
            if (event !== 'drivers_positions') return;
            for (const position of payload.positions) {
              const sent = swarm.last[indexOf.get(position.userId) ?? -1];
              // The wire carries six decimals (driver-index.ts toWirePosition).
              if (
                sent &&
                round6(sent.lat) === position.lat &&
                round6(sent.long) === position.long
              ) {
                latencies.push(now - sent.at);
              }
            }
          }
        : undefined,
    });
  });
  const rawClients = await connectMany(DISPATCHERS, 50, (i) =>
    rawDispatcher(raw.info.url, i % COMPANIES),
  );
  const appBytes = () => dispatchers.reduce((sum, d: SioClient) => sum + d.bytesIn, 0);
  const rawBytes = () => rawClients.reduce((sum, d) => sum + d.bytes, 0);

  const appPhase = async (seconds: number): Promise<Phase> => {
    const before = await probe<Reading>(app.info.url, CPU_ROUTE);
    const bytes = appBytes();
    const began = performance.now();
    measuring = true;
    await swarm.run(seconds, PERIOD_MS);
    await sleep(1_200); // the last second's batch
    measuring = false;
    const after = await probe<Reading>(app.info.url, CPU_ROUTE);
    return phaseOf(before, after, appBytes() - bytes, (performance.now() - began) / 1000);
  };
  const rawPhase = async (seconds: number): Promise<Phase> => {
    const before = await probe<Reading>(raw.info.url, CPU_ROUTE);
    const bytes = rawBytes();
    const began = performance.now();
    await probe(raw.info.url, '/__bench/fanout?on=1');
    await sleep(seconds * 1000);
    await probe(raw.info.url, '/__bench/fanout?on=0');
    const after = await probe<Reading>(raw.info.url, CPU_ROUTE);
    return phaseOf(before, after, rawBytes() - bytes, (performance.now() - began) / 1000);
  };

  log(`warm-up ${run.warmup} s each (companies ${companies.join(', ')})`);
  await appPhase(run.warmup);
  await rawPhase(run.warmup);
  latencies.length = 0;
  const ours: Phase[] = [];
  const theirs: Phase[] = [];
  for (let round = 1; round <= run.rounds; round++) {
    const a = await appPhase(run.duration);
    const b = await rawPhase(run.duration);
    ours.push(a);
    theirs.push(b);
    log(
      `round ${round}/${run.rounds}: app fan-out ${a.fanoutMsPerS.toFixed(2)} ms/s ` +
        `(${a.broadcastsPerS.toFixed(1)} broadcasts/s, ${a.kbPerDispatcher.toFixed(1)} KB/s per dispatcher, ` +
        `process ${a.cpuMsPerS.toFixed(0)} ms/s) | raw ws ${b.fanoutMsPerS.toFixed(2)} ms/s ` +
        `(${b.broadcastsPerS.toFixed(1)} broadcasts/s, ${b.kbPerDispatcher.toFixed(1)} KB/s, ` +
        `process ${b.cpuMsPerS.toFixed(0)} ms/s) | delivery samples ${latencies.length}`,
    );
  }
  swarm.close();
  for (const d of dispatchers) d.close();
  for (const d of rawClients) d.socket.close();

  const fanout = compareRounds(
    ours.map((p) => p.fanoutMsPerS),
    theirs.map((p) => p.fanoutMsPerS),
  );
  emitSummary(BENCH, 'fanout_ms_per_s', fanout, 'ms/s', {
    rule: `ratio <= ${CPU_RATIO_TARGET}`,
    pass: fanout.ratio <= CPU_RATIO_TARGET,
  });
  const bytes = compareRounds(
    ours.map((p) => p.kbPerDispatcher),
    theirs.map((p) => p.kbPerDispatcher),
  );
  emitSummary(BENCH, 'kb_per_s_per_dispatcher', bytes, 'KB/s', {
    rule: `value <= ${BYTES_TARGET_KB}`,
    pass: bytes.value <= BYTES_TARGET_KB,
  });
  emitSummary(
    BENCH,
    'process_cpu_ms_per_s',
    compareRounds(
      ours.map((p) => p.cpuMsPerS),
      theirs.map((p) => p.cpuMsPerS),
    ),
    'ms/s',
  );
  const p99 = percentile(latencies, 99);
  emit({
    bench: BENCH,
    metric: 'delivery_p99',
    value: round3(p99),
    baseline: null,
    ratio: null,
    target: `value <= ${DELIVERY_P99_TARGET_MS}`,
    pass: p99 <= DELIVERY_P99_TARGET_MS,
    unit: 'ms',
  });
  emit({
    bench: BENCH,
    metric: 'delivery_p50',
    value: round3(percentile(latencies, 50)),
    baseline: null,
    ratio: null,
    target: null,
    pass: null,
    unit: 'ms',
  });
  await raw.stop();
  await app.stop();
}

/** A raw-ws dispatcher of company `company`: counts the payload bytes it receives. */
function rawDispatcher(url: string, company: number) {
  const socket = new WebSocket(`${url.replace('http:', 'ws:')}/?company=${company}`, {
    perMessageDeflate: false,
  });
  const client = { socket, bytes: 0 };
  socket.on('message', (data: Buffer) => {
    client.bytes += data.length;
  });
  return new Promise<typeof client>((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
  });
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  killChildren();
  process.exitCode = 1;
});
