import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database, Schema } from './client';

/**
 * The committed migrations. Beside this file in the sources; the build copies them beside the
 * bundled server (scripts/build.mjs), so the same relative URL works in both.
 */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any constant: the advisory lock key that serialises migrations between nodes. */
const MIGRATION_LOCK_KEY = 7_234_001;

/**
 * Applies pending migrations with drizzle's runtime migrator, the one of the handle's driver:
 * PGlite in-process, or node-postgres (PostgreSQL, and PGlite in its worker thread).
 * On PostgreSQL several nodes may start at once: an advisory lock lets one migrate while the
 * others wait, then find nothing left to do.
 */
export async function migrate(database: Database, folder = migrationsFolder): Promise<void> {
  if (is(database.db, PgliteDatabase)) {
    await migratePglite(database.db as PgliteDatabase<Schema>, { migrationsFolder: folder });
    return;
  }
  if (database.kind === 'pglite' || !database.pool) {
    // PGlite in its worker (it has no `pool`): the data-directory lock already makes this
    // process the only one, and a second connection for a lock would only wait behind the
    // pool's single one (the worker serves one connection at a time).
    await migratePg(database.db as NodePgDatabase<Schema>, { migrationsFolder: folder });
    return;
  }
  // The lock lives on its own connection: the pool may hold a single one, which migrate needs.
  const lock = new pg.Client(database.pool.options);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(database.db as NodePgDatabase<Schema>, { migrationsFolder: folder });
  } finally {
    await lock.end(); // ending the session releases the lock
  }
}
