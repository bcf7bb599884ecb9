import path from 'node:path';
import type { Config } from '../config';
import { type Database, openPglite, openPostgres } from './client';
import { lockDataDir } from './data-dir-lock';
import { migrate } from './migrate';

/**
 * Opens the configured database and brings its schema up to date: PostgreSQL through
 * DATABASE_URL, otherwise PGlite in DATA_DIR under an exclusive lock.
 */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    const database = await openPostgres(config.DATABASE_URL);
    await migrate(database);
    return database;
  }
  const release = lockDataDir(config.DATA_DIR);
  try {
    const database = await openPglite(path.resolve(config.DATA_DIR, 'pglite'));
    await migrate(database);
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
