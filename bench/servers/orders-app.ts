import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres, rowsOf } from '../../server/db/client';
import { buildCompany, buildUser, DEFAULT_PASSWORD } from '../../server/db/factories';
import { migrate } from '../../server/db/migrate';
import { openPgliteWorker } from '../../server/db/pglite-worker-client';
import { type ExplainTarget, explainStatements } from '../lib/orders-explain';
import { type SeedCompany, type SeedResult, seedOrders } from '../lib/orders-seed';
import { traceQueries } from '../lib/query-trace';
import { addStatsRoute } from '../lib/server-stats';
import { buildBenchApp } from './bench-app';
import { failStartup, serveUntilParentLeaves } from './lifecycle';

/**
 * The real application for bench/orders-lists.bench.ts: PGlite in memory or the
 * throwaway PostgreSQL database BENCH_SERVER_DATABASE_URL, migrated (so every index of the
 * schema exists), 5 companies with 10 dispatchers each (the test factories), then
 * BENCH_ORDERS orders seeded set-based (bench/lib/orders-seed.ts) before listening.
 *
 * Adds two bench-only routes to the app before it listens (never part of server/):
 * `GET /__bench/stats` (event-loop stall, CPU; bench/lib/server-stats.ts) and
 * `GET /__bench/explain?target=live&company=1[&page&per_page&states]` → EXPLAIN (ANALYZE,
 * BUFFERS) of that endpoint's statements (bench/lib/orders-explain.ts).
 */
export interface OrdersAppInfo {
  url: string;
  database: 'pglite' | 'postgres';
  password: string;
  dispatchers: { email: string; companyId: number }[];
  migrateSeconds: number;
  seed: SeedResult;
}

const COMPANIES = 5;
const EXPLAIN_TARGETS: readonly string[] = [
  'in-call',
  'live',
  'finished',
  'canceled',
  'statistics',
  'orders',
];
const DISPATCHERS_PER_COMPANY = 10;
/** Order shares of the five companies: not all tenants are the same size. */
const WEIGHTS = [0.3, 0.25, 0.2, 0.15, 0.1];
const log = (message: string) => process.stderr.write(`[orders-app] ${message}\n`);

/**
 * BENCH_PGLITE_STORAGE=disk: PGlite in a throwaway directory on disk, as `npm start` runs it
 * (DATA_DIR/pglite), so every write also goes through the file system; default `memory`
 * (memory://, as sessions 1–9 measured). The directory is removed when the server exits.
 */
function pgliteDataDir(): string | undefined {
  const storage = process.env.BENCH_PGLITE_STORAGE ?? 'memory';
  if (storage === 'memory') return undefined;
  if (storage !== 'disk') throw new Error(`BENCH_PGLITE_STORAGE=${storage}: use memory or disk`);
  const dir = mkdtempSync(path.join(tmpdir(), 'ogo-bench-pglite-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  log(`PGlite on disk in ${dir}`);
  return dir;
}

async function start() {
  const orders = Number(process.env.BENCH_ORDERS ?? 1_000_000);
  if (!Number.isSafeInteger(orders) || orders < 1000 || orders > 5_000_000) {
    throw new Error('BENCH_ORDERS must be an integer in 1,000 … 5,000,000');
  }
  const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL;
  const database = databaseUrl
    ? await openPostgres(databaseUrl)
    : await openPgliteWorker(pgliteDataDir());
  const { db } = database;
  let at = performance.now();
  await migrate(database);
  const migrateSeconds = Math.round((performance.now() - at) / 100) / 10;

  at = performance.now();
  const dispatchers: OrdersAppInfo['dispatchers'] = [];
  const companies: SeedCompany[] = [];
  for (let k = 0; k < COMPANIES; k++) {
    const company = await buildCompany(db, { name: `Bench Taxi ${k + 1}` });
    const ids: number[] = [];
    for (let j = 0; j < DISPATCHERS_PER_COMPANY; j++) {
      const user = await buildUser(db, {
        name: `Dispecer ${k + 1}.${j + 1}`,
        email: `bench-dispatcher-${k + 1}-${j + 1}@bench.ogo.local`,
        roles: ['dispatcher'],
        companyIds: [company.id],
      });
      ids.push(user.id);
      dispatchers.push({ email: user.email, companyId: company.id });
    }
    companies.push({ id: company.id, weight: WEIGHTS[k] ?? 0.1, dispatcherIds: ids });
  }
  log(`factories (companies, dispatchers) ${((performance.now() - at) / 1000).toFixed(1)} s`);

  const run = async (statement: string) => {
    await db.execute(sql.raw(statement));
  };
  const query = async <T>(statement: string) => rowsOf<T>(await db.execute(sql.raw(statement)));
  const seed = await seedOrders(
    {
      orders,
      days: 90,
      companies,
      driversPerCompany: 200,
      clientsPerCompany: 20_000,
      chunk: 100_000,
    },
    run,
    query,
    log,
  );
  log(`seeded ${orders} orders in ${seed.seconds} s: ${JSON.stringify(seed.byState)}`);

  if (process.env.BENCH_QUERY_TRACE === '1' && database.pool) traceQueries(database.pool);
  const app = await buildBenchApp(database, databaseUrl);
  addStatsRoute(app);
  app.get('/__bench/explain', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const company = companies.find((c) => String(c.id) === q.company) ?? companies[0];
    const target = q.target as ExplainTarget | undefined;
    if (!company || !target || !EXPLAIN_TARGETS.includes(target)) {
      return reply.code(400).send({ error: `target: one of ${EXPLAIN_TARGETS.join(', ')}` });
    }
    const statements = await explainStatements(db, target, {
      companyId: company.id,
      page: Number(q.page ?? 1),
      perPage: Number(q.per_page ?? 50),
      ...(q.states ? { states: q.states.split(',') } : {}),
    });
    const plans: Record<string, string> = {};
    for (const [name, statement] of Object.entries(statements)) {
      const rows = rowsOf<Record<string, string>>(
        await db.execute(sql`explain (analyze, buffers) ${statement}`),
      );
      plans[name] = rows.map((row) => Object.values(row)[0]).join('\n');
    }
    return reply.send(plans);
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const info: OrdersAppInfo = {
    url,
    database: database.kind,
    password: DEFAULT_PASSWORD,
    dispatchers,
    migrateSeconds,
    seed,
  };
  serveUntilParentLeaves(info, async () => {
    await app.close();
    await database.close();
  });
}

start().catch(failStartup);
