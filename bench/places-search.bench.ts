/**
 * POST /geo/places-search-new on 200,000 gazetteer entries versus a bare Fastify POST
 * route sending a prebuilt predictions body, side by side in one run (bench/README.md).
 *
 * Two loads, each interleaved A/B over the rounds:
 * - paced: 50 req/s spread evenly (open loop, lib/rate-load.ts), ~200 dispatchers typing (one
 *   search per 500 ms debounce while typing, a few addresses a minute each). Target p99 < 30 ms.
 * - saturating: 10 connections (or fewer `--connections`) as fast as possible: throughput
 *   ratio, informational.
 * Each connection cycles through realistic queries (partial words, no diacritics, numbers,
 * common words such as 'calea', typos), so no single cached plan or row set is measured.
 */

import autocannon, { type Options } from 'autocannon';
import type { Comparison, Sample } from './lib/load';
import { sampleOf, summarise } from './lib/load';
import { type BenchOptions, parseOptions } from './lib/options';
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
  type PlannedRequest,
  percentile,
  runPlan,
  seededRandom,
} from './lib/rate-load';
import { emitSummary, log } from './lib/report';
import type { PlacesAppInfo } from './servers/places-app';

const BENCH = 'places-search';
const ROUTE = '/geo/places-search-new';
const P99_TARGET_MS = 30;
const PACED_RATE = 50;
const PACED_CONNECTIONS = 10;
const SATURATING_CONNECTIONS = 10;
const MIN_SECONDS = 5;

/** What dispatchers type: words of the generated region, accents dropped, numbers, typos. */
const QUERIES = [
  'stefan cel',
  'eminescu',
  'mihai eminescu 12',
  'strada florilor',
  'strada flo',
  'calea',
  'valea lupului',
  'pacurari',
  'alecsandri',
  'ion creanga',
  'bulevardul ion creanga',
  'scoala gimnaziala',
  'biserica',
  'lapusneanu 5',
  'teilor',
  'str',
  'cuza',
  'primariei',
  'sadoveanu 21',
  'aleea plopilor',
  'gheorghe asachi',
  'constantin negruzzi',
  'poiana mare',
  'farmacia',
  'strada garii',
  'kogalniceanu',
  'sos nicolae iorga',
  'eminescu mihai',
  'stejarului',
  'castanilor 7',
  'emniescu',
  'florlor',
];

const options = parseOptions();
const adminUrl = process.env.BENCH_DATABASE_URL;
const rows = Number(process.env.BENCH_GAZETTEER_ROWS ?? 200_000);
const databases: ('pglite' | 'postgres')[] = adminUrl ? ['pglite', 'postgres'] : ['pglite'];
const loadSeconds =
  4 * (Math.max(options.warmup, 5) + options.rounds * (Math.max(options.duration, 5) + 0.5));
guardProcess(databases.length * (420 + loadSeconds));

const agent = createAgent();

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

/** One bounded run cycling through QUERIES; any error or non-2xx answer fails the benchmark. */
async function runLoad(
  target: Target,
  seconds: number,
  connections: number,
  overallRate?: number,
): Promise<Sample> {
  if (new URL(target.url).hostname !== '127.0.0.1') throw new Error('loopback only');
  const requests = QUERIES.map((input) => ({
    method: 'POST',
    path: ROUTE,
    headers: { ...target.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ input, languageCode: 'ro', includedRegionCodes: ['ro'] }),
  }));
  if (overallRate) return runPaced(target, requests, seconds, overallRate);
  const settings = {
    url: target.url,
    connections,
    duration: seconds,
    timeout: 10,
    requests,
  };
  return sampleOf(target.name, await autocannon(settings as Options));
}

/**
 * The paced phase: requests leave at evenly spread planned times (rate-load.ts, open loop), as
 * ~200 dispatchers typing would send them. autocannon's `overallRate` sends each second's
 * quota in one burst, so its p99 measured a 50-request queue (the bare route's "p99" was 8–20 ms).
 */
async function runPaced(
  target: Target,
  requests: { method: string; path: string; headers: Record<string, string>; body: string }[],
  seconds: number,
  rate: number,
): Promise<Sample> {
  const random = seededRandom(7);
  const gap = 1000 / rate;
  const plan: PlannedRequest[] = [];
  for (let k = 0; k * gap < seconds * 1000; k++) {
    const request = requests[k % requests.length] as (typeof requests)[number];
    plan.push({
      at: k * gap + random() * gap * 0.5,
      endpoint: 'search',
      make: () => ({ ...request, method: 'POST' }),
    });
  }
  const run = await runPlan(target.url, plan, agent, { timeoutMs: 10_000, maxInFlight: 100 });
  const result = run.byEndpoint.get('search');
  const failures = result ? result.errors + result.timeouts + result.non2xx + result.dropped : 1;
  if (!result || failures > 0 || result.latencies.length === 0) {
    throw new Error(`${target.name}: ${failures} failed paced requests`);
  }
  return {
    reqPerSec: run.completed / run.seconds,
    latencyP50: percentile(result.latencies, 50),
    latencyP99: percentile(result.latencies, 99),
  };
}

async function interleave(
  project: Target,
  baseline: Target,
  bench: BenchOptions,
  connections: number,
  rate?: number,
): Promise<Comparison> {
  // A request still in flight when a run ends is not counted: on a busy box the first searches
  // of a cold PGlite take over a second, so runs here last at least MIN_SECONDS.
  const warmup = Math.max(bench.warmup, MIN_SECONDS);
  const duration = Math.max(bench.duration, MIN_SECONDS);
  await runLoad(project, warmup, connections, rate);
  await runLoad(baseline, warmup, connections, rate);
  const comparison: Comparison = { value: [], baseline: [] };
  for (let round = 1; round <= bench.rounds; round++) {
    const a = await runLoad(project, duration, connections, rate);
    const b = await runLoad(baseline, duration, connections, rate);
    comparison.value.push(a);
    comparison.baseline.push(b);
    log(
      `${rate ? `paced ${rate}/s` : 'saturating'} round ${round}/${bench.rounds}: ` +
        `${project.name} ${Math.round(a.reqPerSec)} req/s p50 ${a.latencyP50.toFixed(1)} p99 ${a.latencyP99.toFixed(1)} ms | ` +
        `${baseline.name} ${Math.round(b.reqPerSec)} req/s p99 ${b.latencyP99.toFixed(1)} ms`,
    );
  }
  return comparison;
}

/** Seconds until three searches in a row answer within 15 ms (the in-memory index), ≤ 180 s. */
async function indexReady(url: string, headers: Record<string, string>): Promise<string> {
  const started = Date.now();
  let fast = 0;
  while (fast < 3 && Date.now() - started < 180_000) {
    const before = performance.now();
    const response = await fetch(`${url}${ROUTE}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'ion creanga' }),
    });
    await response.text();
    fast = performance.now() - before < 15 ? fast + 1 : 0;
    if (fast === 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return ((Date.now() - started) / 1000).toFixed(1);
}

async function measure(kind: 'pglite' | 'postgres'): Promise<void> {
  let scratch: ScratchDatabase | undefined;
  let app: Server<PlacesAppInfo> | undefined;
  let bare: Server<{ url: string }> | undefined;
  try {
    if (kind === 'postgres') scratch = await createScratchDatabase(adminUrl as string);
    log(`${kind}: starting the app and loading ${rows} gazetteer entries`);
    app = await startServer<PlacesAppInfo>(
      new URL('./servers/places-app.ts', import.meta.url),
      { BENCH_SERVER_DATABASE_URL: scratch?.url ?? '', BENCH_GAZETTEER_ROWS: String(rows) },
      400,
    );
    if (app.info.database !== kind) throw new Error(`app runs on ${app.info.database}`);
    log(`${kind}: ${app.info.rows} entries loaded in ${app.info.seedSeconds} s`);
    const headers = { authorization: `Bearer ${app.info.token}` };
    // The first search loads the in-memory gazetteer index (gazetteer-index.ts).
    const probeStarted = Date.now();
    const probe = await fetch(`${app.info.url}${ROUTE}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'strada florilor' }),
    });
    const body = await probe.text();
    if (probe.status !== 200) throw new Error(`probe: ${probe.status} ${body}`);
    log(
      `${kind}: first search ${((Date.now() - probeStarted) / 1000).toFixed(1)} s; ` +
        `'strada florilor' → ${body.slice(0, 160)}…`,
    );
    // The database answers while the index loads in the background; measure the steady state.
    log(`${kind}: index ready after ${await indexReady(app.info.url, headers)} s`);

    bare = await startServer<{ url: string }>(new URL('./servers/bare-post.ts', import.meta.url), {
      BENCH_ROUTE: ROUTE,
      BENCH_BODY: body,
    });
    const project: Target = { name: `app/${kind}`, url: app.info.url, headers };
    const baseline: Target = { name: 'bare', url: bare.info.url, headers };

    const paced = await interleave(project, baseline, options, PACED_CONNECTIONS, PACED_RATE);
    const p99 = summarise(paced, 'latencyP99');
    emitSummary(BENCH, `${kind}.paced_latency_p99`, p99, 'ms', {
      rule: `value <= ${P99_TARGET_MS}`,
      pass: p99.value <= P99_TARGET_MS,
    });
    const p50 = summarise(paced, 'latencyP50');
    emitSummary(BENCH, `${kind}.paced_latency_p50`, p50, 'ms');

    // A search costs tens of ms on PGlite: 50 connections would queue seconds deep and finish
    // nothing in a smoke round, so the closed loop uses at most SATURATING_CONNECTIONS.
    const saturating = await interleave(
      project,
      baseline,
      options,
      Math.min(options.connections, SATURATING_CONNECTIONS),
    );
    const throughput = summarise(saturating, 'reqPerSec');
    emitSummary(BENCH, `${kind}.req_per_s`, throughput, 'req/s');
  } finally {
    await bare?.stop();
    await app?.stop();
    await scratch?.drop();
  }
}

try {
  pinSelfToLoadCpu();
  log(
    `${options.smoke ? 'smoke' : 'full'} run: ${options.rounds} rounds × ${options.duration} s, ` +
      `paced ${PACED_RATE} req/s then ${Math.min(options.connections, SATURATING_CONNECTIONS)} connections, ${rows} entries, ` +
      `databases: ${databases.join(', ')}`,
  );
  for (const kind of databases) await measure(kind);
} catch (error) {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  killChildren();
  process.exitCode = 1;
}
