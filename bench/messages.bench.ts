/**
 * Messages: a message to all of a company's 2,000 connected drivers, from the POST to the last
 * driver's socket receiving it, against a bare Socket.IO server emitting the same payload to a
 * room of as many sockets, side by side in one run; and the server's time of the unread count
 * while 200 dispatchers poll it (see bench/README.md "messages").
 *
 * Targets: delivery time and server CPU per message ≤ 2× the bare room emit; the unread count's
 * server time p99 ≤ 1 ms.
 */

import { assertSocketsFit, compareRounds, envInt, fleetRun, sleep } from './lib/fleet-bench';
import type { FleetSeed } from './lib/fleet-seed';
import { createScratchDatabase } from './lib/postgres';
import { guardProcess, killChildren, pinSelfToLoadCpu, startServer } from './lib/processes';
import { createAgent, type PlannedRequest, percentile, runPlan } from './lib/rate-load';
import { emit, emitSummary, log, round3 } from './lib/report';
import { CPU_ROUTE, probe } from './lib/server-probe';
import { connectMany, connectSio, type SioClient } from './lib/sio-client';

const BENCH = 'messages';
const RATIO_TARGET = 2;
const UNREAD_P99_TARGET_MS = 1;
/** How often each dispatcher's console reads the unread count (web/features/messages). */
const UNREAD_POLL_MS = 30_000;
const EVENT_PREFIX = '42["message received"';

const run = fleetRun({
  full: { rounds: 7, duration: 20, warmup: 2 },
  smoke: { rounds: 3, duration: 5, warmup: 1 },
});
const DRIVERS = envInt('BENCH_DRIVERS', run.smoke ? 500 : 2_000);
const DISPATCHERS = envInt('BENCH_DISPATCHERS', 200);
guardProcess(600 + 2 * run.rounds * (run.duration + 30));

interface Reading {
  cpuMs: number;
  broadcastMs: number;
}

/** Sockets that count the 'message received' frames they get, and when the last one came. */
function receivers(url: string, tokens: readonly string[]) {
  const state = { expected: 0, received: 0, lastAt: 0, frame: '', done: () => {} };
  const onEvent = (frame: string) => {
    if (!frame.startsWith(EVENT_PREFIX)) return;
    state.frame = frame;
    state.received++;
    if (state.received === state.expected) {
      state.lastAt = performance.now();
      state.done();
    }
  };
  const connect = () =>
    connectMany(tokens.length, 50, (i) =>
      connectSio(url, {
        auth: { token: tokens[i] ?? 'bare' },
        onEvent,
        onLost: (reason) => log(`socket ${i} lost: ${reason}`),
      }),
    );
  /** Runs `send` and resolves with ms from its start to the last socket's frame. */
  const time = async (send: () => Promise<void>) => {
    state.received = 0;
    state.expected = tokens.length;
    const all = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`only ${state.received} of ${tokens.length} received`)),
        30_000,
      );
      state.done = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    const began = performance.now();
    await send();
    await all;
    return state.lastAt - began;
  };
  return { connect, time, lastFrame: () => state.frame };
}

async function post(url: string, body: string, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
}

/** BENCH_DATABASE_URL: PostgreSQL too, in a throwaway database (bench/README.md). */
const adminUrl = process.env.BENCH_DATABASE_URL;

async function main() {
  assertSocketsFit(2 * DRIVERS + 10);
  pinSelfToLoadCpu();
  log(
    `${run.smoke ? 'smoke' : 'full'} run: ${DRIVERS} drivers, ${DISPATCHERS} dispatchers, ` +
      `${run.rounds} rounds`,
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

async function measure(db: 'pglite' | 'postgres', databaseUrl = '') {
  log(`on ${db}`);
  const app = await startServer<{ url: string; seed: FleetSeed }>(
    new URL('./servers/messages-app.ts', import.meta.url),
    {
      BENCH_FLEET_DRIVERS: String(DRIVERS),
      BENCH_FLEET_DISPATCHERS: String(DISPATCHERS),
      BENCH_SERVER_DATABASE_URL: databaseUrl,
    },
    300,
  );
  const bare = await startServer<{ url: string }>(
    new URL('./servers/bare-room-emit.ts', import.meta.url),
    {},
  );
  const { seed } = app.info;
  const sender = seed.dispatchers[0];
  if (!sender) throw new Error('no dispatcher seeded');
  const ours = receivers(
    app.info.url,
    seed.drivers.map((d) => d.token),
  );
  const theirs = receivers(
    bare.info.url,
    seed.drivers.map(() => 'bare'),
  );
  log('connecting the drivers to both servers');
  const clients: SioClient[] = [...(await ours.connect()), ...(await theirs.connect())];

  const toAll = `${app.info.url}/api/messages/to-all-drivers`;
  const appOnce = async (n: number) => {
    const before = await probe<Reading>(app.info.url, CPU_ROUTE);
    const ms = await ours.time(() =>
      post(
        toAll,
        JSON.stringify({ message: `Atenție: drum închis pe Copou (${n})` }),
        sender.token,
      ),
    );
    const after = await probe<Reading>(app.info.url, CPU_ROUTE);
    return {
      ms,
      cpuMs: after.cpuMs - before.cpuMs,
      emitMs: after.broadcastMs - before.broadcastMs,
    };
  };
  // The bare server emits exactly what the app put on the wire.
  const bareOnce = async () => {
    const payload = (JSON.parse(ours.lastFrame().slice(2)) as [string, unknown])[1];
    const body = JSON.stringify(payload);
    const before = await probe<Reading>(bare.info.url, CPU_ROUTE);
    const ms = await theirs.time(() => post(`${bare.info.url}/emit`, body));
    const after = await probe<Reading>(bare.info.url, CPU_ROUTE);
    return {
      ms,
      cpuMs: after.cpuMs - before.cpuMs,
      emitMs: after.broadcastMs - before.broadcastMs,
    };
  };

  for (let i = 0; i < run.warmup; i++) {
    await appOnce(-i);
    await bareOnce();
  }
  const a: Awaited<ReturnType<typeof appOnce>>[] = [];
  const b: Awaited<ReturnType<typeof bareOnce>>[] = [];
  for (let round = 1; round <= run.rounds; round++) {
    const x = await appOnce(round);
    const y = await bareOnce();
    a.push(x);
    b.push(y);
    log(
      `round ${round}/${run.rounds}: app ${x.ms.toFixed(1)} ms to the last driver ` +
        `(CPU ${x.cpuMs.toFixed(1)} ms, room emit ${x.emitMs.toFixed(1)} ms) | bare ` +
        `${y.ms.toFixed(1)} ms (CPU ${y.cpuMs.toFixed(1)} ms, emit ${y.emitMs.toFixed(1)} ms)`,
    );
    await sleep(200);
  }
  for (const client of clients) client.close();

  const delivery = compareRounds(
    a.map((r) => r.ms),
    b.map((r) => r.ms),
  );
  emitSummary(BENCH, `${db}.broadcast_to_last_driver_ms`, delivery, 'ms', {
    rule: `ratio <= ${RATIO_TARGET}`,
    pass: delivery.ratio <= RATIO_TARGET,
  });
  const cpu = compareRounds(
    a.map((r) => r.cpuMs),
    b.map((r) => r.cpuMs),
  );
  emitSummary(BENCH, `${db}.broadcast_server_cpu_ms`, cpu, 'ms', {
    rule: `ratio <= ${RATIO_TARGET}`,
    pass: cpu.ratio <= RATIO_TARGET,
  });
  emitSummary(
    BENCH,
    `${db}.broadcast_room_emit_ms`,
    compareRounds(
      a.map((r) => r.emitMs),
      b.map((r) => r.emitMs),
    ),
    'ms',
  );

  // The unread count: every dispatcher polls it every UNREAD_POLL_MS, spread evenly, for as
  // long as the rounds took in all (enough answers for a p99 in a full run).
  const agent = createAgent();
  const plan: PlannedRequest[] = [];
  const dispatchers = seed.dispatchers;
  const span = run.rounds * run.duration * 1000;
  for (let at = 0, i = 0; at < span; at += UNREAD_POLL_MS / dispatchers.length, i++) {
    const dispatcher = dispatchers[i % dispatchers.length] as (typeof dispatchers)[number];
    plan.push({
      at,
      endpoint: 'unread',
      make: () => ({
        method: 'GET',
        path: '/api/messages/unread-count',
        headers: { authorization: `Bearer ${dispatcher.token}` },
      }),
    });
  }
  await probe(app.info.url, '/__bench/unread-times');
  const result = await runPlan(app.info.url, plan, agent, { timeoutMs: 5_000, maxInFlight: 200 });
  agent.destroy();
  const times = await probe<number[]>(app.info.url, '/__bench/unread-times');
  const client = result.byEndpoint.get('unread');
  const p99 = percentile(times, 99);
  emit({
    bench: BENCH,
    metric: `${db}.unread_count_server_p99`,
    value: round3(p99),
    baseline: null,
    ratio: null,
    target: `value <= ${UNREAD_P99_TARGET_MS}`,
    pass: p99 <= UNREAD_P99_TARGET_MS,
    unit: 'ms',
  });
  log(
    `unread count: ${times.length} answers, ${dispatchers.length} dispatchers every ` +
      `${UNREAD_POLL_MS / 1000} s (${(dispatchers.length / (UNREAD_POLL_MS / 1000)).toFixed(1)}/s); ` +
      `server p50 ${percentile(times, 50).toFixed(3)} ms, p99 ${p99.toFixed(3)} ms; client p99 ` +
      `${client ? percentile(client.latencies, 99).toFixed(2) : '?'} ms, errors ${client?.errors ?? '?'}`,
  );
  await app.stop();
  await bare.stop();
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  killChildren();
  process.exitCode = 1;
});
