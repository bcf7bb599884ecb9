import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { openPostgres, rowsOf } from '../../server/db/client';
import { buildCompany, buildUser } from '../../server/db/factories';
import { migrate } from '../../server/db/migrate';
import { openPgliteWorker } from '../../server/db/pglite-worker-client';
import { hashPassword } from '../../server/lib/passwords';
import { balanceMismatches } from '../../server/modules/ledger/ledger.repo';
import { buildOrder } from '../../server/test/order-factory';
import { type SeededSession, seedFleet } from '../lib/fleet-seed';
import {
  type LedgerAppInfo,
  type LedgerCheck,
  PER_PAGE,
  type StatementCount,
  TRIP_COST,
} from '../lib/ledger-shapes';
import { buildBenchApp, loginToken } from './bench-app';
import { failStartup, serveUntilParentLeaves } from './lifecycle';

/**
 * The real application for the ledger benchmark: PGlite in memory (or the throwaway PostgreSQL
 * database BENCH_SERVER_DATABASE_URL), migrated, then:
 * - two companies of BENCH_LEDGER_DRIVERS drivers each (bench/lib/fleet-seed.ts: car, session,
 *   each with his zero balance row as joining a company opens it); the first gets a commission
 *   of 15% + 1,00 RON through `PUT /api/commissions/0` (its manager logged in), the second none;
 * - a third company of BENCH_LEDGER_BALANCE_DRIVERS drivers seeded set-based (users, company
 *   users, cars, one opening balance entry each with its running balance), and a dispatcher
 *   logged in to read `GET /api/driver-balances`.
 * Prints {url, bareUrl, …} (LedgerAppInfo) once ready.
 *
 * Bench-only routes (never part of server/):
 * - `POST /__bench/arm`: one order per finishing driver of both companies, inserted assigned
 *   and on its trip (buildOrder; trip_started_at 10 min ago, a fixed cost of 25,00 RON, cash),
 *   the drivers busy; answers the order ids in the order of `finishers`.
 * - `GET /__bench/finish-times`: the server's time (Fastify's elapsedTime) of every
 *   `POST /api/drivers/me/orders/:id/finish` since the last read.
 * - `GET /__bench/balance-times`: the same for `GET /api/driver-balances` and the bare page.
 * - `GET /__bench/statements`: statements sent to the database since the last read (counted at
 *   the `pg` client, which the PGlite worker client also uses), with the first texts.
 * - `GET /__bench/ledger-check`: entries and balances of the two finishing companies, and the
 *   nightly check's disagreements (none in a healthy ledger).
 *
 * The baseline of the balances list is a second, bare Fastify instance in this process (no
 * logger, hooks or schema, no auth) on the same database handle: `GET /balances?page=K` reads
 * the same page of 30 straight along the (company, balance, driver) index. A separate process
 * could not share PGlite's in-memory database.
 */
const KEPT_TEXTS = 80;

const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 0 || value > 100_000)
    throw new Error(`${name} must be an integer in 0 … 100,000`);
  return value;
};

const statements: StatementCount = { count: 0, texts: [] };

/** Counts every statement at the pg client (pool clients are pg.Client instances). */
function countStatements() {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    const [config] = args as [unknown];
    const text = typeof config === 'string' ? config : (config as { text?: string })?.text;
    if (typeof text === 'string') {
      statements.count++;
      if (statements.texts.length < KEPT_TEXTS) statements.texts.push(text.replace(/\s+/g, ' '));
    }
    return Reflect.apply(query, this, args);
  } as typeof pg.Client.prototype.query;
}

async function start() {
  countStatements();
  const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL || undefined;
  const database = databaseUrl ? await openPostgres(databaseUrl) : await openPgliteWorker();
  const { db } = database;
  await migrate(database);
  const began = performance.now();

  // The finishing drivers: half with the commission's company, half with the other.
  const perCompany = numberEnv('BENCH_LEDGER_DRIVERS', 300);
  const seed = await seedFleet(db, { companies: 2, drivers: 2 * perCompany, dispatchers: 0 });
  const [withId, withoutId] = seed.companyIds as [number, number];
  await db.execute(sql`insert into driver_balances (company_id, driver_id)
    select company_id, user_id from company_users
    where company_id = any(${sql.param(seed.companyIds)}::int[]) on conflict do nothing`);
  const finishers = {
    with: seed.drivers.filter((d) => d.companyId === withId),
    without: seed.drivers.filter((d) => d.companyId === withoutId),
  };
  const manager = await buildUser(db, { roles: ['manager'], companyIds: [withId] });

  // The balances list's company: its drivers seeded set-based, one opening balance each.
  const balanceDrivers = numberEnv('BENCH_LEDGER_BALANCE_DRIVERS', 10_000);
  const balances = await buildCompany(db, { name: 'Bench Solduri', lat: 44.425, lng: 26.1 });
  const passwordHash = await hashPassword('ogo-bench-unused');
  await db.execute(sql`insert into users (name, email, identifier, roles, password_hash,
      is_online, idle_from, last_activity_at)
    select 'Șofer Sold ' || g, 'bench-balance-' || g || '@bench.ogo.local', (50000 + g)::text,
      array['driver']::text[], ${passwordHash}, g % 5 = 0,
      case when g % 5 = 0 then now() at time zone 'utc' end, now() at time zone 'utc'
    from generate_series(1, ${balanceDrivers}::int) g`);
  const mine = sql`(select id, identifier from users where email like 'bench-balance-%')`;
  await db.execute(sql`insert into company_users (company_id, user_id)
    select ${balances.id}, u.id from ${mine} u`);
  await db.execute(sql`insert into cars (company_id, driver_id, indicativ, make, model, color, number)
    select ${balances.id}, u.id, u.identifier, 'Dacia', 'Logan', 'Alb', 'B-' || u.identifier || '-OGO'
    from ${mine} u`);
  // Deterministic balances of −1,000 … +1,000 RON (never 0: a zero amount is not posted),
  // the last entry up to ~2 weeks ago.
  const opening = sql`(select u.id, case when v = 0 then 1 else v end as amount,
      (now() at time zone 'utc') - (u.id % 20000) * interval '1 minute' as at
    from ${mine} u, lateral (select ((u.id::bigint * 2654435761) % 200001)::int - 100000 as v) h)`;
  await db.execute(sql`insert into ledger_entries
      (company_id, driver_id, kind, amount, balance_after, note, created_at)
    select ${balances.id}, o.id, 'opening_balance', o.amount, o.amount, 'Sold inițial', o.at
    from ${opening} o order by o.at`);
  await db.execute(sql`insert into driver_balances (company_id, driver_id, balance, entries, updated_at)
    select ${balances.id}, o.id, o.amount, 1, o.at from ${opening} o`);
  const reader = await buildUser(db, { roles: ['dispatcher'], companyIds: [balances.id] });
  await db.execute(sql`analyze`);
  const seedSeconds = Math.round((performance.now() - began) / 100) / 10;

  const app = await buildBenchApp(database, databaseUrl, {
    // Online drivers send no positions here: no sweep takes them offline mid-run.
    DRIVER_SILENT_OFFLINE_S: '3600',
  });
  let finishTimes: number[] = [];
  let balanceTimes: number[] = [];
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'POST' && /^\/api\/drivers\/me\/orders\/\d+\/finish/.test(request.url))
      finishTimes.push(reply.elapsedTime);
    else if (request.url.startsWith('/api/driver-balances')) balanceTimes.push(reply.elapsedTime);
  });
  app.post('/__bench/arm', async () => {
    const arm = async (companyId: number, drivers: SeededSession[]) => {
      const ids: number[] = [];
      for (const driver of drivers) {
        const order = await buildOrder(db, companyId, {
          state: 'assigned',
          trip_state: 'started',
          driver_id: driver.userId,
        });
        ids.push(order.id);
      }
      return ids;
    };
    const ids = {
      with: await arm(withId, finishers.with),
      without: await arm(withoutId, finishers.without),
    };
    const all = [...ids.with, ...ids.without];
    await db.execute(sql`update orders set trip_started_at = (now() at time zone 'utc') - interval '10 minutes',
      cost = ${TRIP_COST}, cost_source = 'fixed', discounted_cost = ${TRIP_COST}
      where id = any(${sql.param(all)}::int[])`);
    await db.execute(sql`update users set is_busy = true, idle_from = null
      where id = any(${sql.param(seed.drivers.map((d) => d.userId))}::int[])`);
    return ids;
  });
  app.get('/__bench/finish-times', async () => {
    const times = finishTimes;
    finishTimes = [];
    return times;
  });
  app.get('/__bench/balance-times', async () => {
    const times = balanceTimes;
    balanceTimes = [];
    return times;
  });
  app.get('/__bench/statements', async () => {
    const read = { count: statements.count, texts: statements.texts };
    statements.count = 0;
    statements.texts = [];
    return read;
  });
  app.get('/__bench/ledger-check', async (): Promise<LedgerCheck> => {
    const [row] = rowsOf<Record<string, string | number>>(
      await db.execute(sql`select
        (select count(*) from ledger_entries where company_id = ${withId}) as with_entries,
        (select coalesce(sum(balance), 0) from driver_balances where company_id = ${withId}) as with_sum,
        (select count(*) from ledger_entries where company_id = ${withoutId}) as without_entries,
        (select coalesce(sum(balance), 0) from driver_balances where company_id = ${withoutId}) as without_sum`),
    );
    return {
      withEntries: Number(row?.with_entries),
      withBalanceSum: Number(row?.with_sum),
      withoutEntries: Number(row?.without_entries),
      withoutBalanceSum: Number(row?.without_sum),
      mismatches: (await balanceMismatches(db)).length,
    };
  });

  // The baseline: a bare page read along the index, through a bare Fastify.
  const bare = Fastify({ logger: false });
  bare.addHook('onResponse', async (_request, reply) => {
    balanceTimes.push(reply.elapsedTime);
  });
  bare.get<{ Querystring: { page?: string } }>('/balances', async (request) => {
    const page = Math.max(1, Number(request.query.page) || 1);
    const rows = rowsOf(
      await db.execute(sql`select company_id, driver_id, balance,
          to_char(updated_at, 'YYYY-MM-DD HH24:MI:SS') as updated_at
        from driver_balances where company_id = ${balances.id}
        order by balance, driver_id limit ${PER_PAGE} offset ${(page - 1) * PER_PAGE}`),
    );
    return { data: rows };
  });

  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  const managerToken = await loginToken(url, manager.email);
  const put = await fetch(`${url}/api/commissions/0`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${managerToken}` },
    body: JSON.stringify({ percent_bp: 1500, fixed: 100 }),
  });
  if (!put.ok) throw new Error(`PUT /api/commissions/0: ${put.status} ${await put.text()}`);
  const info: LedgerAppInfo = {
    url,
    bareUrl,
    seedSeconds,
    finishers,
    balancesCompanyId: balances.id,
    balancesToken: await loginToken(url, reader.email),
    balanceDrivers,
  };
  serveUntilParentLeaves(info, async () => {
    await bare.close();
    await app.close();
    await database.close();
  });
}

start().catch(failStartup);
