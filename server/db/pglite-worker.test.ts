import { mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openPglite, rowsOf } from './client';
import { buildCompany } from './factories';
import { migrate } from './migrate';
import { openPgliteWorker } from './pglite-worker-client';
import { DEFAULT_PGLITE_WORKER_NICE } from './pglite-worker-messages';
import { companies } from './schema';
import { utcTimestamp } from './schema/columns';

/**
 * PGlite in its worker thread (pglite-worker.ts) through node-postgres, on a real data
 * directory: the path the product runs (server/db/open.ts).
 */
const root = mkdtempSync(path.join(tmpdir(), 'ogo-pglite-worker-'));
const dataDir = path.join(root, 'pglite');
let database: Database;
let db: Db;

beforeAll(async () => {
  database = await openPgliteWorker(dataDir);
  db = database.db;
  await migrate(database);
  await db.execute(sql`create table worker_events (id serial primary key, owner text, seen int)`);
}, 120_000);

afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A thread's nice value: field 19 of its /proc stat line (16 after the command's ')'). */
function niceOf(thread: number): number {
  const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** One column of each kind the repositories use, to compare both drivers' answers. */
const samples = pgTable('worker_samples', {
  id: serial('id').primaryKey(),
  at: utcTimestamp('at'),
  day: date('day'),
  count: integer('count'),
  big: bigint('big', { mode: 'number' }),
  amount: numeric('amount'),
  ratio: doublePrecision('ratio'),
  flag: boolean('flag'),
  label: text('label'),
  tags: text('tags').array(),
  ids: integer('ids').array(),
  meta: jsonb('meta'),
});
const SAMPLES_DDL = sql`create table worker_samples (id serial primary key, at timestamp(0),
  day date, count integer, big bigint, amount numeric, ratio double precision, flag boolean,
  label text, tags text[], ids integer[], meta jsonb)`;
const SAMPLE_ROWS = [
  {
    at: '2026-03-01 10:20:30',
    day: '2026-03-01',
    count: -7,
    big: 9_007_199_254_740_991,
    amount: '12.50',
    ratio: 0.1,
    flag: true,
    label: 'Șoseaua Păcurari „12”, bl. 3 — ☎',
    tags: ['a', 'b,c', 'd"e'],
    ids: [1, 2, 3],
    meta: { nested: { list: [1, 'two', null] }, ok: true },
  },
  {
    at: null,
    day: null,
    count: null,
    big: null,
    amount: null,
    ratio: null,
    flag: null,
    label: null,
    tags: [],
    ids: null,
    meta: null,
  },
];

const readSamples = async (on: Db) => {
  await on.execute(SAMPLES_DDL);
  await on.insert(samples).values(SAMPLE_ROWS);
  const typed = await on.select().from(samples).orderBy(samples.id);
  const raw = rowsOf<Record<string, unknown>>(
    await on.execute(
      sql`select ${'2026-03-01 10:20:30'}::timestamp(0) as at, ${'2026-03-01'}::date as day,
        count, label from worker_samples order by id`,
    ),
  );
  return { typed, raw };
};

describe('PGlite in a worker thread, through node-postgres', () => {
  it('answers drizzle queries in UTC', async () => {
    const company = await buildCompany(db, { name: 'Worker Taxi' });
    const [row] = await db.select().from(companies).where(eq(companies.id, company.id));
    expect(row?.name).toBe('Worker Taxi');
    expect(row?.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const [zone] = rowsOf<{ zone: string }>(
      await db.execute(sql`select current_setting('TimeZone') as zone`),
    );
    expect(zone?.zone).toBe('UTC');
  });

  it('rolls a failed transaction back and keeps serving', async () => {
    await expect(
      db.transaction(async (tx) => {
        await buildCompany(tx, { name: 'Rolled Back SRL' });
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    const found = await db.select().from(companies).where(eq(companies.name, 'Rolled Back SRL'));
    expect(found).toEqual([]);
    // The failed statement left nothing half done on the shared session.
    const [one] = rowsOf<{ one: number }>(await db.execute(sql`select 1 as one`));
    expect(one?.one).toBe(1);
  });

  it('survives a failure at each step of a query (parse, bind, execute) on the shared session', async () => {
    const one = async () =>
      rowsOf<{ one: number }>(await db.execute(sql`select ${1}::int as one`))[0]?.one;
    await expect(db.execute(sql`selec 1`)).rejects.toThrow(); // Parse
    expect(await one()).toBe(1);
    await expect(db.execute(sql`select ${'abc'}::int`)).rejects.toThrow(); // Bind
    expect(await one()).toBe(1);
    await expect(db.execute(sql`select 1 / ${0}::int`)).rejects.toThrow(); // Execute
    expect(await one()).toBe(1);
    const results = await Promise.allSettled([
      db.execute(sql`select 1 / 0`),
      one(),
      db.execute(sql`selec 2`),
      one(),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
  });

  it('lets a new connection prepare the named statements a closed one had (db/prepared.ts)', async () => {
    const prepare = () =>
      db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, sql.placeholder('id')))
        .prepare('worker_company_by_id');
    const company = await buildCompany(db, { name: 'Prepared SRL' });
    expect(await prepare().execute({ id: company.id })).toEqual([{ id: company.id }]);
    // The pool's one connection goes away; the next query opens another on the same session,
    // and its client, knowing no statements, prepares the same name again.
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const connection = await pool.connect();
    connection.release(true);
    expect(await prepare().execute({ id: company.id })).toEqual([{ id: company.id }]);
  });

  it('runs concurrent transactions one after the other, both committed', async () => {
    const log: string[] = [];
    const run = (owner: string) =>
      db.transaction(async (tx) => {
        log.push(`${owner}:begin`);
        for (let i = 0; i < 3; i++) {
          await tx.execute(sql`insert into worker_events (owner) values (${owner})`);
          await tx.execute(sql`select pg_sleep(0.01)`); // room for the other to interleave
        }
        const [seen] = rowsOf<{ all: number; own: number }>(
          await tx.execute(
            sql`select count(*)::int as all, count(*) filter (where owner = ${owner})::int as own
              from worker_events`,
          ),
        );
        log.push(`${owner}:end`);
        return seen;
      });
    const [a, b] = await Promise.all([run('a'), run('b')]);
    // Serialised: the first saw its 3 rows, the second the first's committed 3 and its own 3.
    expect([a?.own, b?.own]).toEqual([3, 3]);
    expect([a?.all, b?.all].sort()).toEqual([3, 6]);
    const [first, second] = log[0] === 'a:begin' ? ['a', 'b'] : ['b', 'a'];
    expect(log).toEqual([`${first}:begin`, `${first}:end`, `${second}:begin`, `${second}:end`]);
    const [total] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from worker_events`),
    );
    expect(total?.n).toBe(6);
  });

  it('passes parameters of many types and reads them back as PGlite in-process does', async () => {
    const inProcess = await openPglite();
    try {
      const expected = await readSamples(inProcess.db);
      const actual = await readSamples(db);
      expect(actual).toEqual(expected);
      expect(actual.typed[0]).toMatchObject(SAMPLE_ROWS[0] ?? {});
      expect(actual.raw[0]).toMatchObject({ at: '2026-03-01 10:20:30', day: '2026-03-01' });
    } finally {
      await inProcess.close();
    }
  }, 60_000);

  it('keeps the event loop free while the worker runs a long query', async () => {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    delay.enable();
    const started = performance.now();
    await db.execute(sql`select count(*) from generate_series(1, 3000000)`);
    const queryMs = performance.now() - started;
    delay.disable();
    clearInterval(timer);
    const maxGapMs = delay.max / 1e6;
    expect(queryMs).toBeGreaterThan(200); // long enough to have stalled an in-process loop
    expect(maxGapMs).toBeLessThan(Math.min(100, queryMs / 4));
    expect(ticks).toBeGreaterThan(queryMs / 10 / 3);
  });

  it.runIf(process.platform === 'linux')(
    'runs its thread at nice 10 by default and leaves the caller thread as it was (DECISIONS)',
    async () => {
      const mine = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
      const before = niceOf(mine);
      expect(database.workerPriority).toEqual({ thread: expect.any(Number) });
      const { thread } = database.workerPriority as { thread: number };
      expect(thread).not.toBe(mine);
      expect(niceOf(thread)).toBe(DEFAULT_PGLITE_WORKER_NICE);
      expect(niceOf(mine)).toBe(before);
      expect(niceOf(process.pid)).toBe(before);

      const unniced = await openPgliteWorker(undefined, { nice: 0 });
      try {
        expect(unniced.workerPriority).toEqual({ skipped: 'nice 0 asked' });
        await unniced.db.execute(sql`select 1`);
      } finally {
        await unniced.close();
      }
    },
    60_000,
  );

  it('closes cleanly: the same directory reopens with the data', async () => {
    await buildCompany(db, { name: 'Survives Restart SRL' });
    await database.close();
    database = await openPgliteWorker(dataDir);
    db = database.db;
    await migrate(database); // nothing to do, as on a restart
    const found = await db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.name, 'Survives Restart SRL'));
    expect(found).toEqual([{ name: 'Survives Restart SRL' }]);
  }, 60_000);

  it('rejects the open when PGlite cannot start in the worker', async () => {
    const notADirectory = path.join(root, 'a-file');
    writeFileSync(notADirectory, 'not a data directory');
    await expect(openPgliteWorker(notADirectory)).rejects.toThrow(/PGlite could not open/);
  }, 60_000);
});
