/**
 * For the dispatch engine: an order placed
 * (`POST /api/orders` with place:true) → its first `order_available` frame at a driver's
 * socket, on the real app with 10,000 online drivers sending positions every 5 s, 50 orders a
 * second, then a burst of 500 orders in one second; against the floor pipeline
 * (bench/servers/offer-floor.ts: Fastify route + the same orders
 * insert + geokdbush + raw ws send) under the very same load, interleaved (see bench/README.md
 * "dispatch-offer").
 *
 * The app's search: one zone covering the whole box and one search method, both made through
 * the API; its one step is the default item (by_zone, limit 50, by_distance, notify all) with
 * a step time of BENCH_OFFER_STEP_S (2 s): an offered driver is on that offer until the step
 * ends, and at 50 orders/s × 50 drivers the default 6 s would hold 15,000 drivers, more than the
 * 10,000 there are.
 *
 * Each target's drivers are held by a child load generator of their own (bench/lib/offer-load.ts):
 * 2 × 10,000 sockets do not fit one process's open-files limit.
 *
 * Targets: p50 ≤ 2× floor, p99 ≤ 3× floor, burst p99 ≤ 250 ms, 0 lost offers (an offer the
 * engine wrote that never reached its driver's socket).
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SEARCH_ITEM, type SearchItem } from '@common/dispatch/search-method.schema';
import { assertSocketsFit, compareRounds, envInt, fleetRun, sleep } from './lib/fleet-bench';
import type { PhaseResult } from './lib/offer-load';
import { guardProcess, killChildren, pinSelfToLoadCpu, startServer } from './lib/processes';
import { percentile } from './lib/rate-load';
import { emit, emitSummary, log, round3 } from './lib/report';
import { CPU_ROUTE, type CpuReading, probe } from './lib/server-probe';
import type { DispatchAppInfo } from './servers/dispatch-app';

const BENCH = 'dispatch-offer';
const P50_TARGET = 2;
const P99_TARGET = 3;
const BURST_P99_TARGET_MS = 250;

const run = fleetRun({
  full: { rounds: 3, duration: 20, warmup: 5 },
  smoke: { rounds: 2, duration: 5, warmup: 2 },
});
const DRIVERS = envInt('BENCH_DRIVERS', run.smoke ? 2_000 : 10_000);
const RATE = envInt('BENCH_ORDERS_PER_S', run.smoke ? 10 : 50);
const BURST = envInt('BENCH_BURST_ORDERS', run.smoke ? 100 : 500);
const PERIOD_MS = envInt('BENCH_POSITION_PERIOD_MS', 5_000);
const STEP_S = envInt('BENCH_OFFER_STEP_S', 2);
/** After a phase: the last offers arrive, and every step of the phase ends (drivers free). */
const SETTLE_MS = (STEP_S + 3) * 1000;
guardProcess(600 + 2 * run.rounds * (run.duration + 1 + (2 * SETTLE_MS) / 1000 + 5));

const ITEM: SearchItem = { ...DEFAULT_SEARCH_ITEM, search_time: STEP_S };

/** One child load generator and its one-line-per-command conversation. */
class Load {
  private readonly waiting: ((line: string) => void)[] = [];
  private constructor(private readonly child: ChildProcess) {
    const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
    lines.on('line', (line) => this.waiting.shift()?.(line));
  }

  static start(): Load {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./lib/offer-load.ts', import.meta.url))],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const load = new Load(child);
    loads.push(load);
    return load;
  }

  async send<T>(command: object): Promise<T> {
    const line = await new Promise<string>((resolve, reject) => {
      this.waiting.push(resolve);
      this.child.once('exit', (code) => reject(new Error(`load generator exited (${code})`)));
      this.child.stdin?.write(`${JSON.stringify(command)}\n`);
    });
    const answer = JSON.parse(line) as T & { error?: string };
    if (answer.error) throw new Error(`load generator: ${answer.error}`);
    return answer;
  }

  stop() {
    this.child.stdin?.end();
    if (this.child.exitCode === null && this.child.pid !== undefined) {
      setTimeout(() => this.child.kill('SIGKILL'), 3000).unref();
    }
  }
}
const loads: Load[] = [];
process.on('exit', () => {
  for (const load of loads) load.stop();
});

interface Target {
  name: 'app' | 'floor';
  url: string;
  load: Load;
  /** Offers the server wrote or sent so far. */
  offers: () => Promise<number>;
}

interface Measured extends PhaseResult {
  /** Offers written (app: order_offers rows) or sent (floor) in the phase. */
  written: number;
  cpuMs: number;
}

async function phase(target: Target, seconds: number, rate: number): Promise<Measured> {
  const offersBefore = await target.offers();
  const cpuBefore = await probe<CpuReading>(target.url, CPU_ROUTE);
  const result = await target.load.send<PhaseResult>({
    cmd: 'phase',
    seconds,
    rate,
    periodMs: PERIOD_MS,
    settleMs: SETTLE_MS,
  });
  const cpuAfter = await probe<CpuReading>(target.url, CPU_ROUTE);
  const written = (await target.offers()) - offersBefore;
  if (result.postFailures.length > 0)
    throw new Error(`${target.name}: orders failed: ${result.postFailures.join(' | ')}`);
  if (result.swarm.refused > 0 || result.swarm.unanswered > 0)
    throw new Error(
      `${target.name}: ${result.swarm.refused} positions refused, ${result.swarm.unanswered} unanswered`,
    );
  return { ...result, written, cpuMs: cpuAfter.cpuMs - cpuBefore.cpuMs };
}

const summary = (m: Measured) =>
  `p50 ${percentile(m.firstOffer, 50).toFixed(1)} p99 ${percentile(m.firstOffer, 99).toFixed(1)} ` +
  `max ${Math.max(...m.firstOffer).toFixed(1)} ms, ${m.firstOffer.length}/${m.orders} offered, ` +
  `${m.written} offers written / ${m.frames} received, POST p99 ${percentile(m.post, 99).toFixed(1)} ms, ` +
  `CPU ${(m.cpuMs / m.orders).toFixed(2)} ms/order, ack p99 ${m.swarm.ackP99Ms.toFixed(1)} ms, lag ${m.maxLagMs} ms`;

async function main() {
  assertSocketsFit(DRIVERS); // per load generator
  pinSelfToLoadCpu();
  log(
    `${run.smoke ? 'smoke' : 'full'} run: ${DRIVERS} drivers every ${PERIOD_MS} ms, ${RATE} orders/s ` +
      `for ${run.duration} s, then ${BURST} orders in 1 s; step ${STEP_S} s; ${run.rounds} rounds`,
  );
  const app = await startServer<DispatchAppInfo>(
    new URL('./servers/dispatch-app.ts', import.meta.url),
    { BENCH_DISPATCH_DRIVERS: String(DRIVERS), BENCH_DISPATCH_ITEM: JSON.stringify(ITEM) },
    300,
  );
  const floor = await startServer<{ url: string }>(
    new URL('./servers/offer-floor.ts', import.meta.url),
    {},
    120,
  );
  const drivers = app.info.drivers.map((d) => ({ userId: d.userId, token: d.token }));
  const targets: Target[] = [
    {
      name: 'app',
      url: app.info.url,
      load: Load.start(),
      offers: async () => (await probe<{ offers: number }>(app.info.url, '/__bench/offers')).offers,
    },
    {
      name: 'floor',
      url: floor.info.url,
      load: Load.start(),
      offers: async () =>
        (await probe<{ offersSent: number }>(floor.info.url, CPU_ROUTE)).offersSent,
    },
  ];
  for (const target of targets) {
    await target.load.send({
      cmd: 'connect',
      url: target.url,
      drivers,
      ordersPath: target.name === 'app' ? '/api/orders' : '/orders',
      token: target.name === 'app' ? app.info.dispatcher.token : null,
    });
    await target.load.send({ cmd: 'warm' });
    log(`${target.name}: ${DRIVERS} drivers connected, one position each`);
  }
  await sleep(1_500); // both indexes see every driver (the floor rebuilds each second)
  for (const target of targets) {
    const warm = await phase(target, run.warmup, RATE);
    log(`warm-up ${target.name}: ${summary(warm)}`);
  }

  const steady: Record<Target['name'], Measured[]> = { app: [], floor: [] };
  const burst: Record<Target['name'], Measured[]> = { app: [], floor: [] };
  for (let round = 1; round <= run.rounds; round++) {
    for (const target of targets) {
      const s = await phase(target, run.duration, RATE);
      steady[target.name].push(s);
      log(`round ${round}/${run.rounds} ${target.name} steady: ${summary(s)}`);
      const b = await phase(target, 1, BURST);
      burst[target.name].push(b);
      log(`round ${round}/${run.rounds} ${target.name} burst: ${summary(b)}`);
    }
  }
  for (const load of loads) load.stop();

  const per = (list: Measured[], q: number) => list.map((m) => percentile(m.firstOffer, q));
  const p50 = compareRounds(per(steady.app, 50), per(steady.floor, 50));
  emitSummary(BENCH, 'first_offer_p50', p50, 'ms', {
    rule: `ratio <= ${P50_TARGET}`,
    pass: p50.ratio <= P50_TARGET,
  });
  const p99 = compareRounds(per(steady.app, 99), per(steady.floor, 99));
  emitSummary(BENCH, 'first_offer_p99', p99, 'ms', {
    rule: `ratio <= ${P99_TARGET}`,
    pass: p99.ratio <= P99_TARGET,
  });
  const bp99 = compareRounds(per(burst.app, 99), per(burst.floor, 99));
  emitSummary(BENCH, 'burst_first_offer_p99', bp99, 'ms', {
    rule: `value <= ${BURST_P99_TARGET_MS}`,
    pass: bp99.value <= BURST_P99_TARGET_MS,
  });
  emitSummary(
    BENCH,
    'burst_first_offer_p50',
    compareRounds(per(burst.app, 50), per(burst.floor, 50)),
    'ms',
  );
  const all = (name: Target['name']) => [...steady[name], ...burst[name]];
  const lost = (m: Measured) => Math.max(0, m.written - m.frames);
  const appLost = all('app').reduce((n, m) => n + lost(m), 0);
  emit({
    bench: BENCH,
    metric: 'lost_offers',
    value: appLost,
    baseline: all('floor').reduce((n, m) => n + lost(m), 0),
    ratio: null,
    target: 'value <= 0',
    pass: appLost === 0,
    unit: `of ${all('app').reduce((n, m) => n + m.written, 0)} offers`,
  });
  // Orders no driver was offered: in a burst, every driver may already be on another offer.
  const without = (name: Target['name'], list: Measured[]) => ({
    value: list.reduce((n, m) => n + m.withoutOffer, 0),
    of: list.reduce((n, m) => n + m.orders, 0),
    name,
  });
  for (const [metric, app, floorSide] of [
    ['orders_without_offer', without('app', steady.app), without('floor', steady.floor)],
    ['burst_orders_without_offer', without('app', burst.app), without('floor', burst.floor)],
  ] as const) {
    emit({
      bench: BENCH,
      metric,
      value: app.value,
      baseline: floorSide.value,
      ratio: null,
      target: null,
      pass: null,
      unit: `of ${app.of} orders`,
    });
  }
  emitSummary(
    BENCH,
    'cpu_ms_per_order',
    compareRounds(
      steady.app.map((m) => m.cpuMs / m.orders),
      steady.floor.map((m) => m.cpuMs / m.orders),
    ),
    'ms',
  );
  emitSummary(
    BENCH,
    'post_p99',
    compareRounds(
      steady.app.map((m) => percentile(m.post, 99)),
      steady.floor.map((m) => percentile(m.post, 99)),
    ),
    'ms',
  );
  log(
    `pooled steady p99: app ${round3(
      percentile(
        steady.app.flatMap((m) => m.firstOffer),
        99,
      ),
    )} ms, ` +
      `floor ${round3(
        percentile(
          steady.floor.flatMap((m) => m.firstOffer),
          99,
        ),
      )} ms`,
  );
  await floor.stop();
  await app.stop();
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  for (const load of loads) load.stop();
  killChildren();
  process.exitCode = 1;
});
