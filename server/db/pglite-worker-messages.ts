import type { NiceOutcome } from './thread-priority';

/** What openPgliteWorker and the PGlite worker thread say to each other (pglite-worker.ts). */

/**
 * The worker thread's nice value unless told otherwise: the product's (config
 * PGLITE_WORKER_NICE) and the benchmarks'. 10 gives the event loop about nine tenths of a
 * shared core while both want it (Linux weights 1024 against 110).
 */
export const DEFAULT_PGLITE_WORKER_NICE = 10;

/** The worker's `workerData`: a data directory, or PGlite in memory when undefined. */
export interface PgliteWorkerData {
  dataDir: string | undefined;
  /** The worker thread's nice value (thread-priority.ts); 0 leaves it as the main thread's. */
  nice: number;
}

export type ToWorker = { type: 'close' };

export type FromWorker =
  /** Listening: connect with `host: socketDir, port: 5432` (the socket is `.s.PGSQL.5432`). */
  | { type: 'ready'; socketDir: string; priority: NiceOutcome }
  /** PGlite closed (its data directory is consistent) or failed to; the thread may end now. */
  | { type: 'closed'; error?: string };

/** libpq and pg look for `<host>/.s.PGSQL.<port>`; any port number works, 5432 is the usual. */
export const SOCKET_PORT = 5432;
