/**
 * The dispatcher lists, their counters and
 * GET /api/orders on a large orders table, under the polling load of 200 dispatchers
 * plus 50 order writes/s, against a bare Fastify route sending a prebuilt 15-row page
 * under the very same schedule, interleaved A/B in one run (see bench/README.md).
 *
 * Targets: p99 ≤ 15 ms per list/statistics/orders endpoint; deep page (1000) p99 ≤
 * 2× page 1 p99; longest event-loop stall ≤ 50 ms; handler p50 ≤ 3× the bare route's p50.
 */

import type http from 'node:http';
import pg from 'pg';
import { parseOptions } from './lib/options';
import { createScratchDatabase, type ScratchDatabase } from './lib/postgres';
import {
  guardProcess,
  killChildren,
  pinSelfToLoadCpu,
  type Server,
  startServer,
} from './lib/processes';
import {
  createAgent,
  logFailures,
  type PlannedRequest,
  percentile,
  type RunResult,
  runPlan,
  seededRandom,
} from './lib/rate-load';
import { emit, log, median, round3 } from './lib/report';
import { type ServerStats, STATS_ROUTE } from './lib/server-stats';
import type { OrdersAppInfo } from './servers/orders-app';

const BENCH = 'orders-lists';
const P99_TARGET_MS = 15;
const DEEP_PAGE_RATIO = 2;
const STALL_TARGET_MS = 50;
const P50_RATIO_TARGET = 3;

const args = process.argv.slice(2);
const options = parseOptions(args);
const given = (name: string) => args.some((arg) => arg.startsWith(`--${name}=`));
// Rate-based rounds need more seconds than a closed loop to see a p99 of the 13 req/s endpoint.
const rounds = given('rounds') ? options.rounds : options.smoke ? 2 : 3;
const duration = given('duration') ? options.duration : options.smoke ? 6 : 20;
const warmup = given('warmup') ? options.warmup : options.smoke ? 2 : 5;

/**
 * Both databases get the full million the issue asks for. Seeding measured on this box
 * (2026-11-25): PGlite ~14 s per 100k orders (142 s for 1M), PostgreSQL ~76 s for 1M, so both
 * halves fit the runner's 20-minute cap. BENCH_PGLITE_ORDERS / BENCH_ORDERS override the counts.
 */
const envCount = (name: string, fallback: number) => {
  const raw = process.env[name];
  return raw ? Number(raw) : fallback;
};
const ORDERS = {
  postgres: envCount('BENCH_ORDERS', options.smoke ? 100_000 : 1_000_000),
  pglite: envCount('BENCH_PGLITE_ORDERS', options.smoke ? 100_000 : 1_000_000),
};

const adminUrl = process.env.BENCH_DATABASE_URL;
/** BENCH_ORDERS_DB=postgres|pglite measures only that one (postgres needs BENCH_DATABASE_URL). */
const onlyDb = process.env.BENCH_ORDERS_DB;
const databases = (adminUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)).filter(
  (kind) => !onlyDb || kind === onlyDb,
);

/** Polling: every simulated dispatcher asks each list at these periods (ms). */
const POLLS: { endpoint: string; path: string; every: number }[] = [
  { endpoint: 'in-call', path: '/api/dispatcher-orders/in-call?per_page=50', every: 3000 },
  { endpoint: 'live', path: '/api/dispatcher-orders/live?per_page=50', every: 10_000 },
  { endpoint: 'finished', path: '/api/dispatcher-orders/finished?per_page=50', every: 10_000 },
  { endpoint: 'canceled', path: '/api/dispatcher-orders/canceled?per_page=50', every: 10_000 },
  { endpoint: 'statistics', path: '/api/dispatcher-orders/statistics', every: 15_000 },
];
/** Probes of GET /api/orders (an /orders page), each at PROBE_RATE during the same load. */
const PROBES: { endpoint: string; path: string }[] = [
  { endpoint: 'orders.page1', path: '/api/orders?page=1&per_page=15' },
  { endpoint: 'orders.page1000', path: '/api/orders?page=1000&per_page=15' },
  {
    endpoint: 'orders.closed.page1',
    path: '/api/orders?states=finished,canceled&page=1&per_page=15',
  },
  {
    endpoint: 'orders.closed.page1000',
    path: '/api/orders?states=finished,canceled&page=1000&per_page=15',
  },
];
const SIMULATED_DISPATCHERS = 200;
/** BENCH_WRITE_RATE=0 leaves the writes out (what the polled reads alone cost per request). */
const WRITES_PER_SECOND = Number(process.env.BENCH_WRITE_RATE ?? 50);
if (!Number.isFinite(WRITES_PER_SECOND) || WRITES_PER_SECOND < 0 || WRITES_PER_SECOND > 200) {
  throw new Error('BENCH_WRITE_RATE must be a number in 0 … 200');
}
const WRITING_DISPATCHERS = 10;
/**
 * Per probe, req/s; BENCH_PROBE_RATE=0 leaves GET /api/orders out (the lists alone). 5 a second
 * gives each probe 100 samples a round and 300 in all (until session 7: 2, i.e. a round's p99
 * was its single worst sample).
 */
const PROBE_RATE = Number(process.env.BENCH_PROBE_RATE ?? 5);
if (!Number.isFinite(PROBE_RATE) || PROBE_RATE < 0 || PROBE_RATE > 20) {
  throw new Error('BENCH_PROBE_RATE must be a number in 0 … 20');
}
const GET_ENDPOINTS = [...POLLS.map((p) => p.endpoint), ...PROBES.map((p) => p.endpoint)];
const CREATE = 'create';
const TIMEOUT_MS = 5000;
/** Seconds of unmeasured load before each round (phase()); BENCH_LEAD_IN=0 measures from idle. */
const LEAD_IN_SECONDS = Number(process.env.BENCH_LEAD_IN ?? warmup);
if (!(LEAD_IN_SECONDS >= 0 && LEAD_IN_SECONDS <= 30)) {
  throw new Error('BENCH_LEAD_IN must be a number of seconds in 0 … 30');
}
/**
 * Beyond this many outstanding requests a planned one is dropped: bounds the backlog an
 * overloaded server has to work off after a phase (PGlite cannot cancel a running query).
 */
const MAX_IN_FLIGHT = 100;

const offeredRate =
  SIMULATED_DISPATCHERS * POLLS.reduce((sum, p) => sum + 1000 / p.every, 0) +
  WRITES_PER_SECOND +
  PROBES.length * PROBE_RATE;

// Seeding (measured: PostgreSQL ~76 s per million, PGlite ~14 s per 100k) + login + load, with
// room for a slower machine.
const loadSeconds = 2 * (warmup + rounds * (LEAD_IN_SECONDS + duration)) + rounds * 2 * 60 + 90;
const seedBudget = (kind: 'pglite' | 'postgres') =>
  kind === 'pglite' ? 60 + (ORDERS.pglite / 100_000) * 40 : 60 + (ORDERS.postgres / 100_000) * 45;
guardProcess(databases.reduce((sum, kind) => sum + seedBudget(kind) + loadSeconds, 60));

interface Tokens {
  /** One per dispatcher, index k*10 + j for company k, dispatcher j. */
  all: string[];
  writers: string[];
}

async function login(info: OrdersAppInfo): Promise<Tokens> {
  const all: string[] = [];
  for (const dispatcher of info.dispatchers) {
    const response = await fetch(`${info.url}/api/access-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: dispatcher.email, password: info.password }),
      signal: AbortSignal.timeout(30_000),
    });
    if (response.status !== 201) {
      throw new Error(`login ${dispatcher.email}: ${response.status} ${await response.text()}`);
    }
    all.push(((await response.json()) as { token: string }).token);
  }
  // Two writing dispatchers per company (the first two of each).
  const perCompany = info.dispatchers.length / 5;
  const writers = all.filter((_token, i) => i % perCompany < WRITING_DISPATCHERS / 5);
  return { all, writers };
}

/** The whole schedule of one run of `seconds`, deterministic for a given seed. */
function buildPlan(tokens: Tokens, seconds: number, seed: number): PlannedRequest[] {
  const random = seededRandom(seed);
  const end = seconds * 1000;
  const plan: PlannedRequest[] = [];
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  for (let s = 0; s < SIMULATED_DISPATCHERS; s++) {
    const token = tokens.all[s % tokens.all.length] as string;
    for (const poll of POLLS) {
      // A random phase, then the period ±5%: polls spread evenly over time.
      for (let at = random() * poll.every; at < end; at += poll.every * (0.95 + 0.1 * random())) {
        plan.push({
          at,
          endpoint: poll.endpoint,
          make: () => ({ method: 'GET', path: poll.path, headers: bearer(token) }),
        });
      }
    }
  }
  const gap = 1000 / WRITES_PER_SECOND;
  for (let k = 0; WRITES_PER_SECOND > 0 && k * gap < end; k++) {
    const token = tokens.writers[k % tokens.writers.length] as string;
    const n = Math.floor(random() * 40_000);
    const newClient = random() < 0.3;
    const alwaysInCall = random() < 0.05;
    plan.push({
      at: k * gap + random() * gap,
      endpoint: CREATE,
      make: () => ({
        method: 'POST',
        path: '/api/orders',
        headers: { ...bearer(token), 'idempotency-key': `bench-${seed}-${k}-${Date.now()}` },
        body: JSON.stringify({
          phone: newClient
            ? `+40755${String(n).padStart(6, '0')}`
            : `+4074${String(n).padStart(7, '0')}`,
          client_name: `Client ${n}`,
          places: [
            {
              name: `Strada Florilor ${1 + (n % 150)}`,
              lat: 47.1 + (n % 1000) / 8000,
              long: 27.5 + (n % 997) / 5500,
            },
          ],
          always_in_call: alwaysInCall,
          place: true, // as the order form sends it: every write enters Confirmate
        }),
      }),
    });
  }
  PROBES.forEach((probe, i) => {
    if (PROBE_RATE <= 0) return;
    const token = tokens.all[i * 10] as string;
    for (let at = (i * 1000) / PROBES.length / PROBE_RATE; at < end; at += 1000 / PROBE_RATE) {
      plan.push({
        at,
        endpoint: probe.endpoint,
        make: () => ({ method: 'GET', path: probe.path, headers: bearer(token) }),
      });
    }
  });
  return plan;
}

async function stats(url: string, reset: boolean): Promise<ServerStats> {
  // Generous: an overloaded server answers only between the queries it still owes.
  const response = await fetch(`${url}${STATS_ROUTE}${reset ? '?reset=1' : ''}`, {
    signal: AbortSignal.timeout(120_000),
  });
  return (await response.json()) as ServerStats;
}

/**
 * Waits (≤ 90 s) until the server has worked off its backlog: an overloaded app keeps running
 * the queries of requests the generator already gave up on, which would otherwise steal CPU 0
 * from the next phase (the bare baseline).
 */
async function settle(url: string, databaseUrl?: string): Promise<void> {
  const deadline = performance.now() + 90_000;
  if (databaseUrl) await postgresIdle(databaseUrl, deadline);
  let last = await stats(url, false);
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await stats(url, false);
    const cpu = now.cpuUserMs + now.cpuSystemMs - last.cpuUserMs - last.cpuSystemMs;
    last = now;
    if (cpu < 50) return;
  }
  log(`${url} still busy after 90 s`);
}

/** Each GET endpoint alone, one request at a time, no other load: its intrinsic cost. */
async function idleLatencies(url: string, tokens: Tokens): Promise<string> {
  const headers = { authorization: `Bearer ${tokens.all[0]}` };
  const parts: string[] = [];
  for (const { endpoint, path } of [...POLLS, ...PROBES]) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const at = performance.now();
      const response = await fetch(`${url}${path}`, {
        headers,
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      times.push(performance.now() - at);
    }
    parts.push(`${endpoint} ${percentile(times, 50).toFixed(1)}`);
  }
  return parts.join(', ');
}

/** Waits until no other session of the scratch database runs a query (PostgreSQL is not pinned). */
async function postgresIdle(databaseUrl: string, deadline: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    while (performance.now() < deadline) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database()
           and state = 'active' and pid <> pg_backend_pid()`,
      );
      if ((rows[0]?.n ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.end();
  }
}

interface Phase {
  run: RunResult;
  stallMs: number;
  cpuMsPerRequest: number;
  /** Why the loop may have stalled: the longest GC pause, and how often the OS preempted it. */
  maxGcPauseMs: number;
  /** The longest pause's kind, all pauses together, and the heap at the phase's end. */
  gc: { kind: string; totalMs: number; heapUsedMb: number };
  preemptionsPerSecond: number;
  longestGap: { ms: number; cpuMs: number };
  served: ServerStats['served'];
  servedReads: ServerStats['servedReads'];
  servedByRoute: ServerStats['servedByRoute'];
  loopDelayP99Ms: number;
}

async function phase(
  url: string,
  leadIn: PlannedRequest[],
  plan: PlannedRequest[],
  agent: http.Agent,
  databaseUrl?: string,
): Promise<Phase> {
  // A lead-in of the same load, not measured: between its rounds each server sits idle for the
  // other's round (~25 s), and what idling sets off (V8's memory reducer collects the heap, stale
  // caches reload) would otherwise land in the first seconds of the round. A console under 200
  // dispatchers is never idle; the rounds measure it in its steady state (bench/README).
  if (leadIn.length > 0) {
    await runPlan(url, leadIn, agent, { timeoutMs: TIMEOUT_MS, maxInFlight: MAX_IN_FLIGHT });
  }
  const before = await stats(url, true);
  const run = await runPlan(url, plan, agent, {
    timeoutMs: TIMEOUT_MS,
    maxInFlight: MAX_IN_FLIGHT,
  });
  const after = await stats(url, false);
  await settle(url, databaseUrl);
  const cpu = after.cpuUserMs + after.cpuSystemMs - before.cpuUserMs - before.cpuSystemMs;
  return {
    run,
    stallMs: after.maxStallMs,
    cpuMsPerRequest: cpu / Math.max(1, run.completed),
    maxGcPauseMs: after.maxGcPauseMs,
    gc: { kind: after.maxGcKind, totalMs: after.gcTotalMs, heapUsedMb: after.heapUsedMb },
    longestGap: after.longestGap,
    served: after.served,
    servedReads: after.servedReads,
    servedByRoute: after.servedByRoute,
    loopDelayP99Ms: after.p99DelayMs,
    preemptionsPerSecond: Math.round(
      (after.involuntarySwitches - before.involuntarySwitches) / run.seconds,
    ),
  };
}

/** The server's own share: handler time (onRequest → sent) and the loop's delay. */
const servedLine = (p: Phase) =>
  `in server, reads p50/p99/max ${servedFigures(p.servedReads)}, all ${servedFigures(p.served)}, ` +
  `loop delay p99 ${p.loopDelayP99Ms} ms; slowest reads in server: ${slowestReads(p)}`;
/** The three read routes with the highest p99 in the server, with their p99/max. */
const slowestReads = (p: Phase) =>
  Object.entries(p.servedByRoute)
    .filter(([key]) => key.startsWith('GET '))
    .sort(([, a], [, b]) => b.p99Ms - a.p99Ms)
    .slice(0, 3)
    .map(([key, s]) => `${key.slice(4)} ${s.p99Ms}/${s.maxMs}`)
    .join(', ');
const servedFigures = (s: ServerStats['served']) =>
  `${s.p50Ms}/${s.p99Ms}/${s.maxMs} ms (${s.over10Ms} of ${s.count} over 10 ms)`;

const all = (run: RunResult) => [...run.byEndpoint.values()].flatMap((r) => r.latencies);
const latenciesOf = (run: RunResult, endpoint: string) =>
  run.byEndpoint.get(endpoint)?.latencies ?? [];
const failuresOf = (run: RunResult) =>
  [...run.byEndpoint.values()].reduce(
    (sum, r) => sum + r.errors + r.timeouts + r.non2xx + r.dropped,
    0,
  );

async function explain(
  app: OrdersAppInfo,
  endpoint: string,
  companyId: number,
): Promise<string | undefined> {
  const probe = PROBES.find((p) => p.endpoint === endpoint);
  const query = probe
    ? `target=orders&per_page=15&page=${endpoint.endsWith('page1000') ? 1000 : 1}${
        endpoint.includes('closed') ? '&states=finished,canceled' : ''
      }`
    : POLLS.some((p) => p.endpoint === endpoint)
      ? `target=${endpoint}&per_page=50`
      : undefined;
  if (!query) return undefined;
  const response = await fetch(`${app.url}/__bench/explain?${query}&company=${companyId}`, {
    signal: AbortSignal.timeout(60_000),
  });
  const plans = (await response.json()) as Record<string, string>;
  return Object.entries(plans)
    .map(([name, plan]) => `-- ${endpoint} ${name} (company ${companyId})\n${plan}`)
    .join('\n');
}

async function measure(kind: 'pglite' | 'postgres'): Promise<void> {
  let scratch: ScratchDatabase | undefined;
  let app: Server<OrdersAppInfo> | undefined;
  let bare: Server<{ url: string }> | undefined;
  const agents: http.Agent[] = [];
  const keep = process.env.BENCH_KEEP_DB === '1';
  try {
    if (kind === 'postgres') scratch = await createScratchDatabase(adminUrl as string);
    const count = ORDERS[kind];
    log(`${kind}: starting the app: migrate, factories, seed ${count.toLocaleString('en')} orders`);
    const started = performance.now();
    app = await startServer<OrdersAppInfo>(
      new URL('./servers/orders-app.ts', import.meta.url),
      { BENCH_SERVER_DATABASE_URL: scratch?.url ?? '', BENCH_ORDERS: String(count) },
      seedBudget(kind),
    );
    const info = app.info;
    if (info.database !== kind) throw new Error(`app runs on ${info.database}`);
    log(
      `${kind}: ready in ${((performance.now() - started) / 1000).toFixed(1)} s (seed ` +
        `${info.seed.seconds} s: ${JSON.stringify(info.seed.byState)}, ` +
        `always_in_call ${info.seed.alwaysInCall})`,
    );
    const tokens = await login(info);
    const headers = { authorization: `Bearer ${tokens.all[0]}` };
    const page = await fetch(`${info.url}/api/orders?page=1&per_page=15`, { headers });
    const pageBody = await page.text();
    if (page.status !== 200) throw new Error(`GET /api/orders: ${page.status} ${pageBody}`);
    bare = await startServer<{ url: string }>(
      new URL('./servers/orders-bare.ts', import.meta.url),
      {
        BENCH_BODY: pageBody,
      },
    );
    log(
      `${kind}: 15-row page ${Buffer.byteLength(pageBody)} B; offered ` +
        `${offeredRate.toFixed(0)} req/s; ${rounds} rounds × ${duration} s, warm-up ${warmup} s`,
    );
    const appAgent = createAgent();
    const bareAgent = createAgent();
    agents.push(appAgent, bareAgent);

    await runPlan(info.url, buildPlan(tokens, warmup, 1), appAgent, {
      timeoutMs: TIMEOUT_MS,
      maxInFlight: MAX_IN_FLIGHT,
    });
    await settle(info.url, scratch?.url);
    await runPlan(bare.info.url, buildPlan(tokens, warmup, 1), bareAgent, {
      timeoutMs: TIMEOUT_MS,
      maxInFlight: MAX_IN_FLIGHT,
    });

    await settle(info.url, scratch?.url);
    log(`${kind}: idle p50 (ms, one request at a time): ${await idleLatencies(info.url, tokens)}`);

    const appPhases: Phase[] = [];
    const barePhases: Phase[] = [];
    for (let round = 1; round <= rounds; round++) {
      const plan = () => buildPlan(tokens, duration, 100 + round);
      const leadIn = () => buildPlan(tokens, LEAD_IN_SECONDS, 200 + round);
      const a = await phase(info.url, leadIn(), plan(), appAgent, scratch?.url);
      const b = await phase(bare.info.url, leadIn(), plan(), bareAgent);
      appPhases.push(a);
      barePhases.push(b);
      logFailures(`${kind} round ${round} app`, a.run);
      logFailures(`${kind} round ${round} bare`, b.run);
      const line = GET_ENDPOINTS.concat(CREATE)
        .map((e) => `${e} ${round3(percentile(latenciesOf(a.run, e), 99))}`)
        .join(', ');
      log(
        `round ${round}/${rounds}: app ${(a.run.completed / a.run.seconds).toFixed(0)} req/s, ` +
          `stall ${a.stallMs} ms (gc ${a.maxGcPauseMs} ms ${a.gc.kind}, ${a.gc.totalMs} ms in all, ` +
          `heap ${a.gc.heapUsedMb} MB, preempted ${a.preemptionsPerSecond}/s, ` +
          `longest gap ${a.longestGap.ms} ms using ${a.longestGap.cpuMs} ms CPU), ` +
          `lag ${a.run.maxLagMs} ms; ${servedLine(a)}; p99 ${line} | bare p99 ` +
          `${round3(percentile(all(b.run), 99))} ms, stall ${b.stallMs} ms (gc ${b.maxGcPauseMs} ms, ` +
          `preempted ${b.preemptionsPerSecond}/s), lag ${b.run.maxLagMs} ms; ${servedLine(b)}`,
      );
    }

    const bareP50 = barePhases.map((p) => percentile(all(p.run), 50));
    const bareP99 = barePhases.map((p) => percentile(all(p.run), 99));
    const bareP99Pooled = percentile(
      barePhases.flatMap((p) => all(p.run)),
      99,
    );
    const missed: string[] = [];
    const p99ByEndpoint = new Map<string, { pooled: number; rounds: number[] }>();
    for (const endpoint of [...GET_ENDPOINTS, CREATE]) {
      if (appPhases.some((p) => latenciesOf(p.run, endpoint).length === 0)) continue;
      const p50s = appPhases.map((p) => percentile(latenciesOf(p.run, endpoint), 50));
      const p99s = appPhases.map((p) => percentile(latenciesOf(p.run, endpoint), 99));
      // The p99 of every sample of every round (bench/README.md "Output"): a round of a probe
      // holds 100 samples, so its own p99 is its second worst; the rounds show the spread.
      const p99 = round3(
        percentile(
          appPhases.flatMap((p) => latenciesOf(p.run, endpoint)),
          99,
        ),
      );
      p99ByEndpoint.set(endpoint, { pooled: p99, rounds: p99s });
      const p50 = round3(median(p50s));
      const p99Ratio = round3(p99 / bareP99Pooled);
      const p50Ratio = round3(median(p50s.map((v, i) => v / (bareP50[i] as number))));
      const p99Targeted = endpoint !== CREATE;
      const p99Pass = p99 <= P99_TARGET_MS;
      if (p99Targeted && !p99Pass) missed.push(endpoint);
      emit({
        bench: BENCH,
        metric: `${kind}.${endpoint}.latency_p99`,
        value: p99,
        baseline: round3(bareP99Pooled),
        ratio: p99Ratio,
        target: p99Targeted ? `value <= ${P99_TARGET_MS}` : null,
        pass: p99Targeted ? p99Pass : null,
        unit: 'ms',
        rounds: { value: p99s.map(round3), baseline: bareP99.map(round3) },
      });
      // The handler-cost target is judged on the like-for-like endpoint: the same 15-row page.
      const p50Targeted = endpoint === 'orders.page1';
      emit({
        bench: BENCH,
        metric: `${kind}.${endpoint}.latency_p50`,
        value: p50,
        baseline: round3(median(bareP50)),
        ratio: p50Ratio,
        target: p50Targeted ? `ratio <= ${P50_RATIO_TARGET}` : null,
        pass: p50Targeted ? p50Ratio <= P50_RATIO_TARGET : null,
        unit: 'ms',
        rounds: { value: p50s.map(round3), baseline: bareP50.map(round3) },
      });
    }
    for (const [deep, first] of [
      ['orders.page1000', 'orders.page1'],
      ['orders.closed.page1000', 'orders.closed.page1'],
    ] as const) {
      const deepP99 = p99ByEndpoint.get(deep);
      const firstP99 = p99ByEndpoint.get(first);
      if (!deepP99 || !firstP99) continue;
      const ratio = round3(deepP99.pooled / firstP99.pooled);
      emit({
        bench: BENCH,
        metric: `${kind}.${deep}.deep_page_p99_ratio`,
        value: deepP99.pooled,
        baseline: firstP99.pooled,
        ratio,
        target: `ratio <= ${DEEP_PAGE_RATIO}`,
        // Both pages timing out gives 1.0, which proves nothing: a timed-out deep page fails.
        pass: ratio <= DEEP_PAGE_RATIO && deepP99.pooled < TIMEOUT_MS,
        unit: 'ms',
        rounds: { value: deepP99.rounds.map(round3), baseline: firstP99.rounds.map(round3) },
      });
    }
    const stalls = appPhases.map((p) => p.stallMs);
    const bareStalls = barePhases.map((p) => p.stallMs);
    const stall = round3(Math.max(...stalls));
    emit({
      bench: BENCH,
      metric: `${kind}.event_loop.max_stall`,
      value: stall,
      baseline: round3(Math.max(...bareStalls)),
      ratio: round3(median(stalls.map((v, i) => v / Math.max(1, bareStalls[i] as number)))),
      target: `value <= ${STALL_TARGET_MS}`,
      pass: stall <= STALL_TARGET_MS,
      unit: 'ms',
      rounds: { value: stalls, baseline: bareStalls },
    });
    const cpu = appPhases.map((p) => p.cpuMsPerRequest);
    const bareCpu = barePhases.map((p) => p.cpuMsPerRequest);
    emit({
      bench: BENCH,
      metric: `${kind}.server_cpu_per_request`,
      value: round3(median(cpu)),
      baseline: round3(median(bareCpu)),
      ratio: round3(median(cpu.map((v, i) => v / (bareCpu[i] as number)))),
      target: null,
      pass: null,
      unit: 'ms',
      rounds: { value: cpu.map(round3), baseline: bareCpu.map(round3) },
    });
    const rates = appPhases.map((p) => p.run.completed / p.run.seconds);
    const bareRates = barePhases.map((p) => p.run.completed / p.run.seconds);
    emit({
      bench: BENCH,
      metric: `${kind}.served_req_per_s`,
      value: round3(median(rates)),
      baseline: round3(median(bareRates)),
      ratio: round3(median(rates.map((v, i) => v / (bareRates[i] as number)))),
      target: null,
      pass: null,
      unit: 'req/s',
      rounds: { value: rates.map(round3), baseline: bareRates.map(round3) },
    });
    const failures = appPhases.map((p) => failuresOf(p.run));
    const total = failures.reduce((a, b) => a + b, 0);
    emit({
      bench: BENCH,
      metric: `${kind}.failed_requests`,
      value: total,
      baseline: barePhases.reduce((sum, p) => sum + failuresOf(p.run), 0),
      ratio: null,
      target: 'value <= 0',
      pass: total === 0,
      unit: 'requests',
      rounds: { value: failures, baseline: barePhases.map((p) => failuresOf(p.run)) },
    });
    emit({
      bench: BENCH,
      metric: `${kind}.seed_seconds`,
      value: info.seed.seconds,
      baseline: null,
      ratio: null,
      target: null,
      pass: null,
      unit: `s for ${count} orders`,
    });

    // The plans of the statements behind every endpoint that missed its p99 target, measured
    // on the seeded data after the load (largest company).
    const companyId = info.dispatchers[0]?.companyId ?? 1;
    for (const endpoint of missed) {
      const plans = await explain(info, endpoint, companyId);
      if (plans)
        log(`${kind}: EXPLAIN (ANALYZE, BUFFERS), ${endpoint} missed its target:\n${plans}`);
    }
    if (keep && scratch) log(`BENCH_KEEP_DB=1: keeping ${scratch.url} (drop it yourself)`);
  } finally {
    for (const agent of agents) agent.destroy();
    await bare?.stop();
    await app?.stop();
    if (!keep) await scratch?.drop();
  }
}

try {
  pinSelfToLoadCpu();
  log(
    `${options.smoke ? 'smoke' : 'full'} run: ${rounds} rounds × ${duration} s, databases: ` +
      `${databases.map((d) => `${d} (${ORDERS[d].toLocaleString('en')} orders)`).join(', ')}`,
  );
  for (const kind of databases) await measure(kind);
} catch (error) {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  killChildren();
  process.exitCode = 1;
}
