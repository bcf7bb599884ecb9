import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { inspect } from 'node:util';
import { Worker } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './client';
import {
  DEFAULT_PGLITE_WORKER_NICE,
  type FromWorker,
  type PgliteWorkerData,
  SOCKET_PORT,
  type ToWorker,
} from './pglite-worker-messages';
import * as schema from './schema';

/**
 * From the sources (tsx, vitest) the worker is TypeScript, started through a bootstrap that
 * registers tsx in its thread; from the bundle it is dist/server/pglite-worker.js beside
 * main.js (scripts/build.mjs builds it as a second entry point).
 */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./pglite-worker-dev.mjs', import.meta.url)
  : new URL('./pglite-worker.js', import.meta.url);

/**
 * Socket directories of running workers. A process that exits without closing its database (a
 * benchmark server's forced exit, a test runner's teardown) ends the threads but would leave
 * the directories in the temp dir; one exit hook removes them.
 */
const socketDirs = new Set<string>();
const removeSocketDirs = () => {
  for (const dir of socketDirs) rmSync(dir, { recursive: true, force: true });
};
const removeOnExit = (dir: string) => {
  if (socketDirs.size === 0) process.once('exit', removeSocketDirs);
  socketDirs.add(dir);
};
const removeNow = async (dir: string) => {
  socketDirs.delete(dir);
  if (socketDirs.size === 0) process.off('exit', removeSocketDirs);
  await rm(dir, { recursive: true, force: true });
};

export interface PgliteWorkerOptions {
  /** Where a failure of the worker after start-up is reported (default: stderr). */
  onError?: (error: Error) => void;
  /** The worker thread's nice value, 0–19 (thread-priority.ts); DEFAULT_PGLITE_WORKER_NICE. */
  nice?: number;
}

type Ready = Extract<FromWorker, { type: 'ready' }>;

/** Resolves once the worker listens; rejects if it fails first. */
function whenReady(worker: Worker): Promise<Ready> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromWorker) => {
      if (message.type !== 'ready') return;
      stop();
      resolve(message);
    };
    const onError = (error: unknown) => {
      stop();
      reject(
        error instanceof Error ? error : new Error(`the PGlite worker failed: ${inspect(error)}`),
      );
    };
    const onExit = (code: number) => {
      stop();
      reject(new Error(`the PGlite worker exited (code ${code}) before it was ready`));
    };
    const stop = () => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

/**
 * Embedded PostgreSQL (PGlite) in a worker thread, `dataDir` on disk or in memory when
 * undefined: queries run off the main thread's event loop. The main thread speaks the
 * PostgreSQL wire protocol to it over a private Unix socket with the ordinary `pg` driver,
 * exactly as with a real server. The caller owns the directory lock (see data-dir-lock.ts).
 */
export async function openPgliteWorker(
  dataDir?: string,
  options: PgliteWorkerOptions = {},
): Promise<Database> {
  const report =
    options.onError ?? ((error: Error) => console.error('PGlite worker failed:', error));
  const workerData: PgliteWorkerData = {
    dataDir,
    nice: options.nice ?? DEFAULT_PGLITE_WORKER_NICE,
  };
  const worker = new Worker(WORKER_URL, { workerData });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const { socketDir, priority } = await whenReady(worker).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });

  removeOnExit(socketDir);
  let closing: Promise<void> | undefined;
  worker.on('error', report);
  worker.once('exit', (code) => {
    if (closing) return;
    report(new Error(`the PGlite worker stopped (exit code ${code}); database queries will fail`));
    removeNow(socketDir).catch(() => {});
  });

  // One connection, because PGlite is one backend session (see oneAtATime in pglite-worker.ts):
  // a second connection would only wait for the first to close. pg queues the callers' queries
  // on the client side; a transaction holds the connection until it ends, as on PGlite in-process.
  // Kept open while idle: every reconnect would be a new start-up on the same session.
  const pool = new pg.Pool({
    host: socketDir,
    port: SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
  });
  pool.on('error', report); // the idle connection was lost; the next query opens another

  const close = async () => {
    await pool.end();
    const answer = new Promise<FromWorker | undefined>((resolve) => {
      worker.on('message', (message: FromWorker) => {
        if (message.type === 'closed') resolve(message);
      });
      void exited.then(() => resolve(undefined)); // a dead worker cannot answer
    });
    worker.postMessage({ type: 'close' } satisfies ToWorker);
    const closed = await answer;
    await worker.terminate();
    await removeNow(socketDir);
    if (closed?.type === 'closed' && closed.error) {
      throw new Error(`closing PGlite failed: ${closed.error}`);
    }
  };

  try {
    await pool.query('select 1');
  } catch (error) {
    closing = close().catch(() => {});
    await closing;
    throw error;
  }
  return {
    db: drizzle(pool, { schema }),
    kind: 'pglite',
    workerPriority: priority,
    close: () => {
      closing ??= close();
      return closing;
    },
  };
}
