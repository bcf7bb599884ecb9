import pg from 'pg';
import { migrate } from '../../server/db/migrate';
import { openPgliteWorker } from '../../server/db/pglite-worker-client';
import { seededRandom } from '../../server/db/seeded-random';
import { randomPoint } from '../lib/fleet-geometry';
import { type FleetSeed, seedFleet } from '../lib/fleet-seed';
import { CPU_ROUTE, cpuReading, MEMORY_ROUTE, memoryAfterGc } from '../lib/server-probe';
import { buildBenchApp } from './bench-app';
import { failStartup, serveUntilParentLeaves } from './lifecycle';

/**
 * The real application for the fleet benchmarks (position-ingest, driver-memory,
 * position-fanout): PGlite in memory, migrated, seeded by bench/lib/fleet-seed.ts
 * (BENCH_FLEET_COMPANIES companies, BENCH_FLEET_DRIVERS online drivers, BENCH_FLEET_DISPATCHERS
 * dispatchers, 50 zones and 10 stands per company, a session each), then the app as
 * production builds it, listening on 127.0.0.1. Prints {url, seed} once ready.
 *
 * Bench-only routes (never part of server/):
 * - `GET /__bench/cpu`: the process's CPU time, plus the fan-out's own figures: the time spent
 *   in the Socket.IO adapter broadcasting `drivers_positions` (encode and write to every
 *   socket of the room; synchronous, so wall time on the pinned loop is its CPU time).
 * - `GET /__bench/memory`: memory after a forced full collection.
 * - `GET /__bench/warm-positions`: one position per seeded driver through the ingest, flushed.
 * - `GET /__bench/db`: the statements the app sent to the database since the last read (every
 *   statement is counted at the `pg` client, which the PGlite worker client also uses), the
 *   writes among them, and the rows of each batched position statement.
 */
export interface FleetAppInfo {
  url: string;
  seed: FleetSeed;
  migrateSeconds: number;
}

export interface DbCounts {
  statements: number;
  writes: number;
  /** Rows of each `driver_positions` upsert (one per flush). */
  latestRows: number[];
  /** Rows of each `driver_position_history` insert (one per flush). */
  historyRows: number[];
}

export interface FanoutCounts {
  broadcasts: number;
  broadcastMs: number;
}

const WRITE = /^\s*(?:with\b[\s\S]*\b)?(?:insert\s+into|update\s|delete\s+from)/i;
const counts: DbCounts = { statements: 0, writes: 0, latestRows: [], historyRows: [] };

/** Counts every statement at the pg client (pool clients are pg.Client instances). */
function countStatements() {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [unknown, unknown];
    const text = typeof config === 'string' ? config : (config as { text?: string })?.text;
    if (typeof text === 'string') {
      counts.statements++;
      if (WRITE.test(text)) counts.writes++;
      const params = ((config as { values?: unknown[] })?.values ?? values) as
        | unknown[]
        | undefined;
      const rows = Array.isArray(params?.[0]) ? (params[0] as unknown[]).length : 0;
      if (/insert into driver_positions\b/.test(text)) counts.latestRows.push(rows);
      else if (/insert into driver_position_history\b/.test(text)) counts.historyRows.push(rows);
    }
    return Reflect.apply(query, this, args);
  } as typeof pg.Client.prototype.query;
}

const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 0 || value > 100_000) {
    throw new Error(`${name} must be an integer in 0 … 100,000`);
  }
  return value;
};

async function start() {
  countStatements();
  const database = await openPgliteWorker();
  let at = performance.now();
  await migrate(database);
  const migrateSeconds = Math.round((performance.now() - at) / 100) / 10;
  at = performance.now();
  const seed = await seedFleet(database.db, {
    companies: numberEnv('BENCH_FLEET_COMPANIES', 5),
    drivers: numberEnv('BENCH_FLEET_DRIVERS', 10_000),
    dispatchers: numberEnv('BENCH_FLEET_DISPATCHERS', 0),
  });

  const app = await buildBenchApp(database, undefined);
  const fanout: FanoutCounts = { broadcasts: 0, broadcastMs: 0 };
  const adapter = app.io.of('/').adapter;
  const broadcast = adapter.broadcast.bind(adapter);
  adapter.broadcast = (packet: { data?: unknown[] }, options) => {
    if (packet.data?.[0] !== 'drivers_positions') return broadcast(packet, options);
    const began = performance.now();
    broadcast(packet, options);
    fanout.broadcastMs += performance.now() - began;
    fanout.broadcasts++;
  };
  app.get(CPU_ROUTE, async () => ({ ...cpuReading(), ...fanout }));
  app.get(MEMORY_ROUTE, async () => memoryAfterGc());
  // Every driver sends one position through the ingest itself, then the batch is flushed: the
  // database grows to a full batch once before driver-memory measures (PGlite's WASM memory
  // never shrinks, and would otherwise count as the sockets' growth).
  app.get('/__bench/warm-positions', async () => {
    const next = seededRandom(7);
    const expiresAt = '2100-01-01 00:00:00';
    for (const driver of seed.drivers) {
      const auth = {
        userId: driver.userId,
        userName: '',
        roles: ['driver' as const],
        companyIds: [driver.companyId],
        tokenId: 0,
        expiresAt,
      };
      const answer = app.fleet.currentPosition(auth, randomPoint(next));
      if (!answer.ok) throw new Error(`warm position refused: ${JSON.stringify(answer)}`);
    }
    await app.fleet.flush();
    return { drivers: seed.drivers.length };
  });
  app.get('/__bench/db', async () => {
    const answer = { ...counts };
    counts.statements = 0;
    counts.writes = 0;
    counts.latestRows = [];
    counts.historyRows = [];
    return answer;
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.stderr.write(
    `[fleet-app] migrate ${migrateSeconds} s, seed ${seed.seconds} s, app ${((performance.now() - at) / 1000).toFixed(1)} s; ` +
      `${app.fleet.index.size} drivers in the index\n`,
  );
  const info: FleetAppInfo = { url, seed, migrateSeconds };
  serveUntilParentLeaves(info, async () => {
    await app.close();
    await database.close();
  });
}

start().catch(failStartup);
