/**
 * For the dispatch engine: drivers racing to take
 * orders from the pending queue through `POST /accept-order` on the real app (the single-winner
 * guard of server/modules/orders/write/dispatch-transitions.ts, with its offer and trace rows),
 * against a bare conditional UPDATE on the same database (`update orders set driver_id = $1,
 * state = 'assigned' where id = $2 and state = 'created' and driver_id is null`, behind a bare
 * route of the same server), raced the same way, interleaved (see bench/README.md
 * "dispatch-accept").
 *
 * The orders are pinned as dispatch-races.test.ts pins them: a search method of one
 * pending_pinned step and nobody on the map, so each search pins its order once its step has
 * passed; every online driver of the company may then take it.
 *
 * Targets: accept p99 ≤ 2× the bare UPDATE's; a loser's answer p99 ≤ 50 ms; 0 violations in
 * 20,000 racing accepts (no order assigned twice, no driver with two assigned orders, busy
 * exactly when holding one).
 */

import http from 'node:http';
import { DEFAULT_SEARCH_ITEM, type SearchItem } from '@common/dispatch/search-method.schema';
import { compareRounds, envInt, fleetRun } from './lib/fleet-bench';
import { guardProcess, killChildren, pinSelfToLoadCpu, startServer } from './lib/processes';
import { percentile, seededRandom } from './lib/rate-load';
import { emit, emitSummary, log, round3 } from './lib/report';
import { probe } from './lib/server-probe';
import type { DispatchAppInfo, Violations } from './servers/dispatch-app';

const BENCH = 'dispatch-accept';
const RATIO_TARGET = 2;
const LOSER_TARGET_MS = 50;

const run = fleetRun({
  full: { rounds: 5, duration: 0, warmup: 0 },
  smoke: { rounds: 2, duration: 0, warmup: 0 },
});
/** Orders per side; each gets ACCEPTS racing accepts (1,000 × 20 = 20,000). */
const ORDERS = envInt('BENCH_ACCEPT_ORDERS', run.smoke ? 100 : 1_000);
const ACCEPTS = envInt('BENCH_ACCEPTS_PER_ORDER', 20);
/** Drivers per side (each wins at most one order; the busy ones lose at once). */
const DRIVERS = envInt('BENCH_ACCEPT_DRIVERS', run.smoke ? 400 : 4_000);
/** Requests in flight at once: one order's 20 racers together. */
const IN_FLIGHT = envInt('BENCH_ACCEPT_IN_FLIGHT', 20);
const WARMUP_ORDERS = run.smoke ? 10 : 50;
guardProcess(600 + (ORDERS * ACCEPTS) / 100);

const PINNED: SearchItem = {
  ...DEFAULT_SEARCH_ITEM,
  notification_method: 'pending_pinned',
  search_time: 1,
};

interface Attempt {
  orderId: number;
  driver: { userId: number; token: string };
}

interface Race {
  latencies: number[];
  winners: number[];
  losers: number[];
  /** 200 answers per order. */
  wins: Map<number, number>;
  failures: string[];
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

function post(
  url: URL,
  path: string,
  body: object,
  token: string | null,
): Promise<{ status: number; ms: number; text: string }> {
  const payload = JSON.stringify(body);
  const began = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - began,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) =>
      resolve({ status: 0, ms: performance.now() - began, text: error.message }),
    );
    request.end(payload);
  });
}

/** Every attempt, `IN_FLIGHT` at a time, in order (an order's racers leave together). */
async function race(
  url: URL,
  attempts: readonly Attempt[],
  send: (a: Attempt) => ReturnType<typeof post>,
): Promise<Race> {
  const result: Race = { latencies: [], winners: [], losers: [], wins: new Map(), failures: [] };
  let next = 0;
  const worker = async () => {
    while (next < attempts.length) {
      const attempt = attempts[next++] as Attempt;
      const answer = await send(attempt);
      result.latencies.push(answer.ms);
      if (answer.status === 200) {
        result.winners.push(answer.ms);
        result.wins.set(attempt.orderId, (result.wins.get(attempt.orderId) ?? 0) + 1);
      } else if (answer.status === 409) result.losers.push(answer.ms);
      else if (result.failures.push(`${answer.status} ${answer.text.slice(0, 200)}`) > 20) break;
    }
  };
  if (url.hostname !== '127.0.0.1') throw new Error('loopback only');
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return result;
}

/** ACCEPTS distinct drivers of `pool` for each order, seeded; order by order. */
function attemptsFor(
  orderIds: readonly number[],
  pool: readonly { userId: number; token: string }[],
  next: () => number,
): Attempt[] {
  return orderIds.flatMap((orderId) => {
    const picked = new Set<number>();
    while (picked.size < Math.min(ACCEPTS, pool.length))
      picked.add(Math.floor(next() * pool.length));
    return [...picked].map((k) => ({ orderId, driver: pool[k] as Attempt['driver'] }));
  });
}

async function main() {
  pinSelfToLoadCpu();
  log(
    `${run.smoke ? 'smoke' : 'full'} run: ${ORDERS} orders × ${ACCEPTS} racing accepts per side, ` +
      `${DRIVERS} drivers per side, ${IN_FLIGHT} in flight, ${run.rounds} rounds`,
  );
  const app = await startServer<DispatchAppInfo>(
    new URL('./servers/dispatch-app.ts', import.meta.url),
    {
      BENCH_DISPATCH_DRIVERS: String(2 * DRIVERS),
      BENCH_DISPATCH_ITEM: JSON.stringify(PINNED),
    },
    300,
  );
  const url = new URL(app.info.url);
  const appDrivers = app.info.drivers.slice(0, DRIVERS);
  const bareDrivers = app.info.drivers.slice(DRIVERS);
  const total = ORDERS + WARMUP_ORDERS;
  let at = performance.now();
  const pinned = (await (
    await fetch(`${app.info.url}/__bench/place-pinned`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: total }),
    }).then(async (r) => {
      if (!r.ok) throw new Error(`place-pinned: ${r.status} ${await r.text()}`);
      return r;
    })
  ).json()) as { ids: number[] };
  log(`${total} orders placed and pinned in ${((performance.now() - at) / 1000).toFixed(1)} s`);
  at = performance.now();
  const bare = (await (
    await fetch(`${app.info.url}/__bench/bare-orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: total }),
    })
  ).json()) as { ids: number[] };

  const next = seededRandom(2);
  const appAttempts = attemptsFor(pinned.ids, appDrivers, next);
  const bareAttempts = attemptsFor(bare.ids, bareDrivers, next);
  const sendApp = (a: Attempt) =>
    post(url, '/accept-order', { orderId: a.orderId, time: 5 }, a.driver.token);
  const sendBare = (a: Attempt) =>
    post(url, '/__bench/bare-accept', { orderId: a.orderId, driverId: a.driver.userId }, null);

  const warm = WARMUP_ORDERS * ACCEPTS;
  await race(url, appAttempts.slice(0, warm), sendApp);
  await race(url, bareAttempts.slice(0, warm), sendBare);
  await probe(app.info.url, '/__bench/bare-times');

  const perRound = Math.ceil(ORDERS / run.rounds) * ACCEPTS;
  const ours: Race[] = [];
  const theirs: Race[] = [];
  const statement: number[][] = [];
  for (let round = 0; round < run.rounds; round++) {
    const from = warm + round * perRound;
    const a = await race(url, appAttempts.slice(from, from + perRound), sendApp);
    const b = await race(url, bareAttempts.slice(from, from + perRound), sendBare);
    statement.push((await probe<{ times: number[] }>(app.info.url, '/__bench/bare-times')).times);
    ours.push(a);
    theirs.push(b);
    if (a.failures.length + b.failures.length > 0)
      throw new Error(`failed requests: ${[...a.failures, ...b.failures].slice(0, 5).join(' | ')}`);
    log(
      `round ${round + 1}/${run.rounds}: app ${a.latencies.length} accepts, ${a.winners.length} won, ` +
        `p50 ${percentile(a.latencies, 50).toFixed(1)} p99 ${percentile(a.latencies, 99).toFixed(1)} ms ` +
        `(loser p99 ${percentile(a.losers, 99).toFixed(1)}) | bare ${b.winners.length} won, ` +
        `p50 ${percentile(b.latencies, 50).toFixed(1)} p99 ${percentile(b.latencies, 99).toFixed(1)} ms ` +
        `(statement p99 ${percentile(statement.at(-1) ?? [], 99).toFixed(2)} ms)`,
    );
  }

  const p = (races: Race[], pick: (r: Race) => number[], q: number) =>
    races.map((r) => percentile(pick(r), q));
  const p99 = compareRounds(
    p(ours, (r) => r.latencies, 99),
    p(theirs, (r) => r.latencies, 99),
  );
  emitSummary(BENCH, 'accept_p99', p99, 'ms', {
    rule: `ratio <= ${RATIO_TARGET}`,
    pass: p99.ratio <= RATIO_TARGET,
  });
  emitSummary(
    BENCH,
    'accept_p50',
    compareRounds(
      p(ours, (r) => r.latencies, 50),
      p(theirs, (r) => r.latencies, 50),
    ),
    'ms',
  );
  emitSummary(
    BENCH,
    'winner_p99',
    compareRounds(
      p(ours, (r) => r.winners, 99),
      p(theirs, (r) => r.winners, 99),
    ),
    'ms',
  );
  const losers = compareRounds(
    p(ours, (r) => r.losers, 99),
    p(theirs, (r) => r.losers, 99),
  );
  emitSummary(BENCH, 'loser_p99', losers, 'ms', {
    rule: `value <= ${LOSER_TARGET_MS}`,
    pass: losers.value <= LOSER_TARGET_MS,
  });
  // The bare statement's own time in the server (no HTTP).
  const statementP99 = statement.map((t) => percentile(t, 99));
  emit({
    bench: BENCH,
    metric: 'bare_statement_p99',
    value: round3(percentile(statement.flat(), 99)),
    baseline: null,
    ratio: null,
    target: null,
    pass: null,
    unit: 'ms',
    rounds: { value: statementP99.map(round3), baseline: [] },
  });

  // The invariants, over every order and driver of the run (warm-up included).
  const check = async (ids: number[], drivers: { userId: number }[], isApp: boolean) =>
    (await (
      await fetch(`${app.info.url}/__bench/violations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          orderIds: ids,
          driverIds: drivers.map((d) => d.userId),
          app: isApp,
        }),
      })
    ).json()) as Violations;
  const appCheck = await check(pinned.ids, appDrivers, true);
  const bareCheck = await check(bare.ids, bareDrivers, false);
  const appWins = ours.reduce((n, r) => n + r.winners.length, 0);
  const twiceWon = ours.reduce((n, r) => n + [...r.wins.values()].filter((w) => w > 1).length, 0);
  const measuredOrders = new Set(ours.flatMap((r) => [...r.wins.keys()])).size;
  const violations =
    appCheck.ordersAssignedTwice + appCheck.driversWithTwoActive + appCheck.busyMismatch + twiceWon;
  log(
    `app: ${appCheck.assigned} of ${pinned.ids.length} orders assigned (${appWins} accepts won in ` +
      `the rounds, ${measuredOrders} orders), assigned twice ${appCheck.ordersAssignedTwice}, ` +
      `drivers with two ${appCheck.driversWithTwoActive}, busy mismatch ${appCheck.busyMismatch}, ` +
      `orders with two 200s ${twiceWon} | bare: ${bareCheck.assigned} assigned, drivers with two ` +
      `${bareCheck.driversWithTwoActive}`,
  );
  const accepts = ours.reduce((n, r) => n + r.latencies.length, 0);
  emit({
    bench: BENCH,
    metric: 'violations',
    value: violations,
    baseline: bareCheck.driversWithTwoActive + bareCheck.ordersAssignedTwice,
    ratio: null,
    target: 'value <= 0',
    pass: violations === 0,
    unit: `in ${accepts} accepts`,
  });
  emit({
    bench: BENCH,
    metric: 'orders_won',
    value: appWins,
    baseline: theirs.reduce((n, r) => n + r.winners.length, 0),
    ratio: null,
    target: null,
    pass: null,
    unit: `of ${ours.length * (perRound / ACCEPTS)} orders`,
  });
  await app.stop();
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  killChildren();
  process.exitCode = 1;
});
