import path from 'node:path';
import type { Config } from '../config';
import { serializeError } from '../http/log-serializers';
import { type Database, openPostgres } from './client';
import { lockDataDir } from './data-dir-lock';
import { migrate } from './migrate';
import { openPgliteWorker } from './pglite-worker-client';

/**
 * Opens the configured database and brings its schema up to date: PostgreSQL through
 * DATABASE_URL, otherwise PGlite in DATA_DIR under an exclusive lock, in a worker thread so
 * that its queries never stall the event loop (docs/DECISIONS.md).
 */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    const database = await openPostgres(config.DATABASE_URL);
    await migrate(database);
    return database;
  }
  const release = lockDataDir(config.DATA_DIR);
  try {
    const database = await openPgliteWorker(path.resolve(config.DATA_DIR, 'pglite'), {
      nice: config.PGLITE_WORKER_NICE,
      // Without its database the process is useless: exit, so the supervisor starts it again
      // (recover by itself) instead of answering 500 to everything.
      onError: (error) => {
        console.error(
          'the embedded database stopped; exiting so the process restarts:',
          serializeError(error),
        );
        release();
        process.exit(1);
      },
    });
    // A worker left running would keep the process alive after a failed start.
    await migrate(database).catch(async (error: unknown) => {
      await database.close().catch(() => {});
      throw error;
    });
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
