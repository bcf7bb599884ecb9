/**
 * Authenticated GET /api/verify-access-tokens on the real app versus a bare
 * Fastify route sending the same bytes, side by side in one run (see bench/README.md).
 *
 * Target: p99 ≤ 15 ms at 50 connections, and throughput ≥ 0.25× bare. Reasoning: each call is one
 * indexed token lookup plus three small queries (profile, companies, meta) and zod
 * serialisation, against a route that only writes a prebuilt string.
 */

import { interleave, summarise, type Target } from './lib/load';
import { parseOptions } from './lib/options';
import { createScratchDatabase, type ScratchDatabase } from './lib/postgres';
import {
  guardProcess,
  killChildren,
  pinSelfToLoadCpu,
  type Server,
  startServer,
} from './lib/processes';
import { emitSummary, log } from './lib/report';
import type { AppServerInfo } from './servers/app';

const BENCH = 'verify-token';
const ROUTE = '/api/verify-access-tokens';
const P99_TARGET_MS = 15;
const RATIO_TARGET = 0.25;

const options = parseOptions();
const adminUrl = process.env.BENCH_DATABASE_URL;
const databases: ('pglite' | 'postgres')[] = adminUrl ? ['pglite', 'postgres'] : ['pglite'];
const loadSeconds = 2 * (options.warmup + options.rounds * (options.duration + 0.5));
guardProcess(databases.length * (180 + loadSeconds));

async function fetchBody(url: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${body}`);
  return body;
}

async function measure(kind: 'pglite' | 'postgres'): Promise<void> {
  let scratch: ScratchDatabase | undefined;
  let app: Server<AppServerInfo> | undefined;
  let bare: Server<{ url: string }> | undefined;
  try {
    if (kind === 'postgres') scratch = await createScratchDatabase(adminUrl as string);
    log(`${kind}: starting the app (migrate, factories, login)`);
    app = await startServer<AppServerInfo>(new URL('./servers/app.ts', import.meta.url), {
      BENCH_SERVER_DATABASE_URL: scratch?.url ?? '',
    });
    if (app.info.database !== kind) throw new Error(`app runs on ${app.info.database}`);
    const headers = { authorization: `Bearer ${app.info.token}` };
    const body = await fetchBody(`${app.info.url}${ROUTE}`, headers);

    bare = await startServer<{ url: string }>(new URL('./servers/bare.ts', import.meta.url), {
      BENCH_ROUTE: ROUTE,
      BENCH_BODY: body,
    });
    const bareBody = await fetchBody(`${bare.info.url}${ROUTE}`, headers);
    log(`${kind}: response ${Buffer.byteLength(body)} B (bare ${Buffer.byteLength(bareBody)} B)`);

    const project: Target = { name: `app/${kind}`, url: `${app.info.url}${ROUTE}`, headers };
    const baseline: Target = { name: 'bare', url: `${bare.info.url}${ROUTE}`, headers };
    const comparison = await interleave(project, baseline, options);

    const throughput = summarise(comparison, 'reqPerSec');
    emitSummary(BENCH, `${kind}.req_per_s`, throughput, 'req/s', {
      rule: `ratio >= ${RATIO_TARGET}`,
      pass: throughput.ratio >= RATIO_TARGET,
    });
    const p99 = summarise(comparison, 'latencyP99');
    emitSummary(BENCH, `${kind}.latency_p99`, p99, 'ms', {
      rule: `value <= ${P99_TARGET_MS}`,
      pass: p99.value <= P99_TARGET_MS,
    });
    const p50 = summarise(comparison, 'latencyP50');
    emitSummary(BENCH, `${kind}.latency_p50`, p50, 'ms');
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
      `${options.connections} connections, databases: ${databases.join(', ')}`,
  );
  for (const kind of databases) await measure(kind);
} catch (error) {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  killChildren();
  process.exitCode = 1;
}
