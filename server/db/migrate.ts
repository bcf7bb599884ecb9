import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, Schema } from './client';

/**
 * The committed migrations. Beside this file in the sources; the build copies them beside the
 * bundled server (scripts/build.mjs), so the same relative URL works in both.
 */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies pending migrations with drizzle's runtime migrator (works for PGlite and PostgreSQL). */
export async function migrate(database: Database, folder = migrationsFolder): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as PgliteDatabase<Schema>, { migrationsFolder: folder });
  } else {
    await migratePg(database.db as NodePgDatabase<Schema>, { migrationsFolder: folder });
  }
}
