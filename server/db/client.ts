import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';
import type { NiceOutcome } from './thread-priority';

export type Schema = typeof schema;
/** One Drizzle handle type for both drivers, so repositories never care which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository works inside or outside a transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: a tarball of the data directory (tests clone a migrated database from it). */
  dump?: () => Promise<Blob>;
  /** PostgreSQL only: the pool behind `db`, for session-level work such as advisory locks. */
  pool?: pg.Pool;
  /** PGlite's worker thread only: the thread it runs on, niced, or why it was not. */
  workerPriority?: NiceOutcome;
}

/**
 * Embedded PostgreSQL (PGlite) in this thread: `dataDir` on disk, or in memory when undefined.
 * The caller owns the directory lock (see data-dir-lock.ts). Every query runs on the caller's
 * event loop, so the product runs PGlite in a worker instead (pglite-worker-client.ts); this
 * stays for the test harness, which clones a migrated database per file through `dump()`.
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  const client = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm, unaccent },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  // Timestamps are `timestamp without time zone` holding UTC; keep the session in UTC too.
  await client.exec(`SET TIME ZONE 'UTC'`);
  return {
    db: drizzlePglite(client, { schema }),
    kind: 'pglite',
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/** A real PostgreSQL server through a connection pool (DATABASE_URL). */
/**
 * JIT is off: the planner's cost estimates of deep list pages triggered compilation on every
 * request, ~2 s each (bench/orders-lists); short OLTP queries never gain from it.
 */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Connections are kept, not closed after 10 s idle (pg-pool's default): a new backend plans
    // its first statements with cold catalog caches and must prepare the named statements again
    // (prepared.ts). After a lull of over 10 s, placing statements and commits took 100–370 ms
    // and up to 101 requests waited for a connection (bench/orders-lists, BENCH_QUERY_TRACE).
    min: poolSize,
    options: '-c TimeZone=UTC -c jit=off',
  });
  // An idle client losing its connection must not crash the process (recover by itself).
  pool.on('error', () => {});
  const client = await pool.connect();
  client.release();
  return {
    db: drizzlePg(pool, { schema }),
    kind: 'postgres',
    pool,
    close: () => pool.end(),
  };
}

/** The rows of a raw `db.execute()`: both drivers answer `{ rows }`, the shared type does not say so. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
