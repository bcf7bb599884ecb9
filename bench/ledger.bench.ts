/**
 * The ledger (docs/MONEY.md "The ledger"), side by side in one run, on PGlite and (with
 * BENCH_DATABASE_URL) PostgreSQL (see bench/README.md "ledger"):
 *
 * - **Finish with commission**: the server's time of `POST /api/drivers/me/orders/:id/finish`
 *   for trips of a company with a commission (15% + 1,00 RON: one ledger entry and the running
 *   balance in the finish's transaction) against the same finish for a company without one (no
 *   rule, no entry). Each round, every finishing driver of both companies gets one order on its
 *   trip at a fixed price (cash), then the drivers finish them one after another, first the
 *   commission's company, then the other.
 * - **Balances list at 10,000 drivers**: `GET /api/driver-balances?page=K` (random pages of 30)
 *   of a company of 10,000 drivers, against a bare Fastify reading the same page straight along
 *   the balances index, paced open loop, the same pages for both.
 *
 * Targets: the finish's median server time with the commission ≤ 1.2× without; the balances
 * page's client p99 ≤ 2× the bare page read's; the ledger intact afterwards (0 violations).
 */

import { compareRounds, envInt, fleetRun } from './lib/fleet-bench';
import {
  type LedgerAppInfo,
  type LedgerCheck,
  PER_PAGE,
  type StatementCount,
  TRIP_COST,
} from './lib/ledger-shapes';
import { createScratchDatabase } from './lib/postgres';
import { guardProcess, killChildren, pinSelfToLoadCpu, startServer } from './lib/processes';
import {
  createAgent,
  type PlannedRequest,
  percentile,
  runPlan,
  seededRandom,
} from './lib/rate-load';
import { emit, emitSummary, log, median } from './lib/report';
import { probe } from './lib/server-probe';

const BENCH = 'ledger';
const FINISH_RATIO_TARGET = 1.2;
const BALANCES_RATIO_TARGET = 2;
/** What a cash trip of TRIP_COST posts at 15% + 1,00 RON (docs/MONEY.md "Commission"). */
const COMMISSION = -(Math.round((TRIP_COST * 1500) / 10_000) + 100);

const run = fleetRun({
  full: { rounds: 5, duration: 20, warmup: 3 },
  smoke: { rounds: 2, duration: 5, warmup: 1 },
});
/** Finishing drivers per company: one finish each per round. */
const DRIVERS = envInt('BENCH_LEDGER_DRIVERS', run.smoke ? 60 : 300);
/** Finishes in flight at once (1: each finish's own time, no queue). */
const IN_FLIGHT = Math.max(1, envInt('BENCH_LEDGER_IN_FLIGHT', 1));
const BALANCE_DRIVERS = envInt('BENCH_LEDGER_BALANCE_DRIVERS', 10_000);
/** Balances pages asked per second (open loop), for each target in its phase. */
const RATE = Math.max(1, envInt('BENCH_LEDGER_BALANCES_RATE', 10));
guardProcess(900 + run.rounds * (2 * run.duration + DRIVERS / 5));

type Db = 'pglite' | 'postgres';
type Side = 'with' | 'without';

interface FinishRun {
  server: number[];
  client: number[];
  statements: number;
}

/** The drivers of one side finish their armed orders, IN_FLIGHT at a time. */
async function finishAll(
  app: LedgerAppInfo,
  side: Side,
  orderIds: readonly number[],
  expected: number,
): Promise<FinishRun> {
  const drivers = app.finishers[side];
  await probe(app.url, '/__bench/finish-times');
  await probe(app.url, '/__bench/statements');
  const client: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < orderIds.length) {
      const i = next++;
      const driver = drivers[i];
      if (!driver) throw new Error(`no driver ${i} on side ${side}`);
      const began = performance.now();
      const response = await fetch(`${app.url}/api/drivers/me/orders/${orderIds[i]}/finish`, {
        method: 'POST',
        headers: { authorization: `Bearer ${driver.token}` },
      });
      const text = await response.text();
      client.push(performance.now() - began);
      const paid = response.ok
        ? (JSON.parse(text) as { finance_info?: { driver_payment?: number } }).finance_info
            ?.driver_payment
        : undefined;
      if (!response.ok || paid !== expected)
        failures.push(
          `${response.status} driver_payment ${paid} ≠ ${expected}: ${text.slice(0, 200)}`,
        );
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  if (failures.length > 0)
    throw new Error(
      `${side}: ${failures.length} failed finishes: ${failures.slice(0, 3).join(' | ')}`,
    );
  const server = await probe<number[]>(app.url, '/__bench/finish-times');
  const { count } = await probe<StatementCount>(app.url, '/__bench/statements');
  if (server.length !== orderIds.length)
    throw new Error(`${side}: ${server.length} server times for ${orderIds.length} finishes`);
  return { server, client, statements: count / orderIds.length };
}

const arm = (app: LedgerAppInfo) =>
  fetch(`${app.url}/__bench/arm`, { method: 'POST' }).then(async (response) => {
    if (!response.ok) throw new Error(`arm: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<Side, number[]>;
  });

async function finishes(db: Db, app: LedgerAppInfo) {
  // Warm-up: one wave of each side, unmeasured; then one finish of each alone, its statements
  // logged (where the commission's extra time goes).
  let ids = await arm(app);
  await finishAll(app, 'with', ids.with, COMMISSION);
  await finishAll(app, 'without', ids.without, 0);
  ids = await arm(app);
  for (const side of ['with', 'without'] as const) {
    const first = ids[side][0];
    const driver = app.finishers[side][0];
    if (first === undefined || !driver) throw new Error('nothing armed');
    await probe(app.url, '/__bench/statements');
    const response = await fetch(`${app.url}/api/drivers/me/orders/${first}/finish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${driver.token}` },
    });
    if (!response.ok) throw new Error(`finish: ${response.status} ${await response.text()}`);
    const { count, texts } = await probe<StatementCount>(app.url, '/__bench/statements');
    log(`one finish ${side} commission: ${count} statements`);
    for (const text of texts) log(`  ${text.slice(0, 150)}`);
  }
  // The rest of that wave, unmeasured.
  await finishAll(
    { ...app, finishers: { with: app.finishers.with.slice(1), without: [] } },
    'with',
    ids.with.slice(1),
    COMMISSION,
  );
  await finishAll(
    { ...app, finishers: { with: [], without: app.finishers.without.slice(1) } },
    'without',
    ids.without.slice(1),
    0,
  );
  await probe(app.url, '/__bench/finish-times');

  const ours: FinishRun[] = [];
  const theirs: FinishRun[] = [];
  for (let round = 1; round <= run.rounds; round++) {
    ids = await arm(app);
    const a = await finishAll(app, 'with', ids.with, COMMISSION);
    const b = await finishAll(app, 'without', ids.without, 0);
    ours.push(a);
    theirs.push(b);
    log(
      `round ${round}/${run.rounds}: finish with commission server p50 ` +
        `${percentile(a.server, 50).toFixed(2)} p99 ${percentile(a.server, 99).toFixed(2)} ms ` +
        `(${a.statements.toFixed(1)} statements) | without p50 ${percentile(b.server, 50).toFixed(2)} ` +
        `p99 ${percentile(b.server, 99).toFixed(2)} ms (${b.statements.toFixed(1)} statements)`,
    );
  }
  const p = (runs: FinishRun[], pick: (r: FinishRun) => number[], q: number) =>
    runs.map((r) => percentile(pick(r), q));
  const p50 = compareRounds(
    p(ours, (r) => r.server, 50),
    p(theirs, (r) => r.server, 50),
  );
  emitSummary(BENCH, `${db}.finish_server_p50`, p50, 'ms', {
    rule: `ratio <= ${FINISH_RATIO_TARGET}`,
    pass: p50.ratio <= FINISH_RATIO_TARGET,
  });
  emitSummary(
    BENCH,
    `${db}.finish_server_p99`,
    compareRounds(
      p(ours, (r) => r.server, 99),
      p(theirs, (r) => r.server, 99),
    ),
    'ms',
  );
  emitSummary(
    BENCH,
    `${db}.finish_client_p50`,
    compareRounds(
      p(ours, (r) => r.client, 50),
      p(theirs, (r) => r.client, 50),
    ),
    'ms',
  );
  emitSummary(
    BENCH,
    `${db}.finish_statements`,
    compareRounds(
      ours.map((r) => r.statements),
      theirs.map((r) => r.statements),
    ),
    'per finish',
  );

  // The ledger afterwards: one commission entry per finish of the first company, its balances
  // their sum; nothing posted for the other; the nightly check finds no disagreement.
  const check = await probe<LedgerCheck>(app.url, '/__bench/ledger-check');
  const finished = (run.rounds + 2) * DRIVERS;
  const violations =
    Math.abs(check.withEntries - finished) +
    (check.withBalanceSum === finished * COMMISSION ? 0 : 1) +
    check.withoutEntries +
    (check.withoutBalanceSum === 0 ? 0 : 1) +
    check.mismatches;
  log(
    `ledger: ${check.withEntries} entries for ${finished} finishes with commission (balances sum ` +
      `${check.withBalanceSum}, expected ${finished * COMMISSION}); ${check.withoutEntries} without; ` +
      `${check.mismatches} disagreements of the nightly check`,
  );
  emit({
    bench: BENCH,
    metric: `${db}.violations`,
    value: violations,
    baseline: null,
    ratio: null,
    target: 'value <= 0',
    pass: violations === 0,
    unit: `in ${finished} finishes`,
  });
}

interface PageRun {
  latencies: number[];
  server: number[];
}

async function balances(db: Db, app: LedgerAppInfo) {
  const pages = Math.ceil(BALANCE_DRIVERS / PER_PAGE);
  const agent = createAgent();
  const targets = {
    app: {
      url: app.url,
      request: (page: number) => ({
        method: 'GET' as const,
        path: `/api/driver-balances?page=${page}`,
        headers: { authorization: `Bearer ${app.balancesToken}` },
      }),
    },
    bare: {
      url: app.bareUrl,
      request: (page: number) => ({
        method: 'GET' as const,
        path: `/balances?page=${page}`,
        headers: {},
      }),
    },
  };
  type Target = (typeof targets)[keyof typeof targets];

  // The answers compared: the same page, 30 rows, the same drivers in the same order.
  const first = (await (
    await fetch(`${app.url}/api/driver-balances?page=2`, {
      headers: { authorization: `Bearer ${app.balancesToken}` },
    })
  ).json()) as { data: { driver_id: number }[]; meta: { total: number } };
  const bareFirst = (await (await fetch(`${app.bareUrl}/balances?page=2`)).json()) as {
    data: { driver_id: number }[];
  };
  const same =
    first.data.map((r) => r.driver_id).join() === bareFirst.data.map((r) => r.driver_id).join();
  if (first.data.length !== PER_PAGE || first.meta.total !== BALANCE_DRIVERS || !same)
    throw new Error(
      `balances page: ${first.data.length} rows of ${first.meta.total}, same as bare: ${same}`,
    );

  // Idle: each target's first and last page alone (the offset's cost).
  for (const [name, target] of Object.entries(targets)) {
    for (const page of [1, pages]) {
      const times: number[] = [];
      for (let k = 0; k < 5; k++) {
        const spec = target.request(page);
        const began = performance.now();
        const response = await fetch(`${target.url}${spec.path}`, { headers: spec.headers });
        await response.text();
        times.push(performance.now() - began);
      }
      log(`idle ${name} page ${page}: median ${median(times).toFixed(2)} ms`);
    }
  }

  const phase = async (target: Target, seconds: number, seed: number): Promise<PageRun> => {
    const random = seededRandom(seed);
    const gap = 1000 / RATE;
    const plan: PlannedRequest[] = [];
    for (let k = 0; k * gap < seconds * 1000; k++) {
      const page = 1 + Math.floor(random() * pages);
      plan.push({
        at: k * gap + random() * gap * 0.5,
        endpoint: 'page',
        make: () => target.request(page),
      });
    }
    await probe(app.url, '/__bench/balance-times');
    const result = await runPlan(target.url, plan, agent, { timeoutMs: 10_000, maxInFlight: 100 });
    const server = await probe<number[]>(app.url, '/__bench/balance-times');
    const page = result.byEndpoint.get('page');
    const failed = page ? page.errors + page.timeouts + page.non2xx + page.dropped : 1;
    if (!page || failed > 0 || page.latencies.length === 0)
      throw new Error(`balances: ${failed} failed requests ${page?.samples.join(' | ') ?? ''}`);
    return { latencies: page.latencies, server };
  };

  await phase(targets.app, run.warmup, 1);
  await phase(targets.bare, run.warmup, 1);
  const ours: PageRun[] = [];
  const theirs: PageRun[] = [];
  for (let round = 1; round <= run.rounds; round++) {
    // The same pages, in the same order, for both.
    const a = await phase(targets.app, run.duration, 100 + round);
    const b = await phase(targets.bare, run.duration, 100 + round);
    ours.push(a);
    theirs.push(b);
    log(
      `round ${round}/${run.rounds}: balances p50 ${percentile(a.latencies, 50).toFixed(2)} ` +
        `p99 ${percentile(a.latencies, 99).toFixed(2)} ms (server p99 ` +
        `${percentile(a.server, 99).toFixed(2)}) | bare p50 ${percentile(b.latencies, 50).toFixed(2)} ` +
        `p99 ${percentile(b.latencies, 99).toFixed(2)} ms (server p99 ` +
        `${percentile(b.server, 99).toFixed(2)}); ${a.latencies.length} pages each`,
    );
  }
  agent.destroy();
  const p = (runs: PageRun[], pick: (r: PageRun) => number[], q: number) =>
    runs.map((r) => percentile(pick(r), q));
  const p99 = compareRounds(
    p(ours, (r) => r.latencies, 99),
    p(theirs, (r) => r.latencies, 99),
  );
  emitSummary(BENCH, `${db}.balances_p99`, p99, 'ms', {
    rule: `ratio <= ${BALANCES_RATIO_TARGET}`,
    pass: p99.ratio <= BALANCES_RATIO_TARGET,
  });
  emitSummary(
    BENCH,
    `${db}.balances_p50`,
    compareRounds(
      p(ours, (r) => r.latencies, 50),
      p(theirs, (r) => r.latencies, 50),
    ),
    'ms',
  );
  emitSummary(
    BENCH,
    `${db}.balances_server_p99`,
    compareRounds(
      p(ours, (r) => r.server, 99),
      p(theirs, (r) => r.server, 99),
    ),
    'ms',
  );
}

async function measure(db: Db, databaseUrl = '') {
  log(`on ${db}`);
  const app = await startServer<LedgerAppInfo>(
    new URL('./servers/ledger-app.ts', import.meta.url),
    {
      BENCH_LEDGER_DRIVERS: String(DRIVERS),
      BENCH_LEDGER_BALANCE_DRIVERS: String(BALANCE_DRIVERS),
      BENCH_SERVER_DATABASE_URL: databaseUrl,
    },
    300,
  );
  log(
    `seeded in ${app.info.seedSeconds} s: ${DRIVERS} finishing drivers per company, ` +
      `${app.info.balanceDrivers} drivers with balances`,
  );
  emit({
    bench: BENCH,
    metric: `${db}.seed_seconds`,
    value: app.info.seedSeconds,
    baseline: null,
    ratio: null,
    target: null,
    pass: null,
    unit: 's',
  });
  try {
    await finishes(db, app.info);
    await balances(db, app.info);
  } finally {
    await app.stop();
  }
}

/** BENCH_DATABASE_URL: PostgreSQL too, in a throwaway database (bench/README.md). */
const adminUrl = process.env.BENCH_DATABASE_URL;

async function main() {
  pinSelfToLoadCpu();
  log(
    `${run.smoke ? 'smoke' : 'full'} run: ${run.rounds} rounds; ${DRIVERS} finishes per side per ` +
      `round, ${IN_FLIGHT} in flight; balances of ${BALANCE_DRIVERS} drivers at ${RATE}/s for ` +
      `${run.duration} s per target per round`,
  );
  await measure('pglite');
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl);
    try {
      await measure('postgres', scratch.url);
    } finally {
      await scratch.drop();
    }
  }
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  killChildren();
  process.exitCode = 1;
});
