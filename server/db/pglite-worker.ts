/**
 * The PGlite worker thread (started by pglite-worker-client.ts): opens PGlite in the data
 * directory given as workerData and serves the PostgreSQL wire protocol on a Unix socket in a
 * private directory, so the main thread's event loop never runs a query.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { serveConnection } from './pglite-connection';
import {
  type FromWorker,
  type PgliteWorkerData,
  SOCKET_PORT,
  type ToWorker,
} from './pglite-worker-messages';
import { niceThisThread } from './thread-priority';

/**
 * PGlite is a single backend session. Two clients served at once would interleave their
 * extended-protocol messages (both use the unnamed statement and portal) and run inside each
 * other's transactions. So one connection is served at a time; the next one waits, paused,
 * until it closes. (The main thread's pool holds one connection, so nobody normally waits.)
 */
function oneAtATime(db: PGlite) {
  const waiting: Socket[] = [];
  const open = new Set<Socket>();
  let serving: Promise<void> | undefined;
  const next = () => {
    if (serving) return;
    const socket = waiting.shift();
    if (!socket) return;
    serving = serveConnection(db, socket).finally(() => {
      serving = undefined;
      next();
    });
  };
  return {
    accept(socket: Socket) {
      socket.pause();
      socket.on('error', () => {}); // a waiting client may reset; 'close' tidies up
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      waiting.push(socket);
      next();
    },
    dropAll() {
      for (const socket of open) socket.destroy();
    },
    async idle() {
      while (serving) await serving;
    },
  };
}

if (!parentPort) {
  throw new Error('pglite-worker runs in a worker thread (see pglite-worker-client.ts)');
}
const port: MessagePort = parentPort;
const post = (message: FromWorker) => port.postMessage(message);
const { dataDir, nice } = workerData as PgliteWorkerData;
// Before PGlite starts, so that its start-up (recovery, a demo seed) already yields too.
const priority = niceThisThread(nice);

const db = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm, unaccent } }).catch(
  (error: unknown) => {
    // PGlite's file system throws Emscripten objects such as { name: 'ErrnoError', errno: 54 }.
    throw new Error(`PGlite could not open ${dataDir ?? 'memory://'}: ${inspect(error)}`);
  },
);
// Timestamps are `timestamp without time zone` holding UTC; keep the session in UTC too. Every
// connection shares this one session, so it holds for them all.
await db.exec(`SET TIME ZONE 'UTC'`);

// mkdtemp creates the directory with mode 0700: only this user can reach the socket inside.
const socketDir = await mkdtemp(path.join(tmpdir(), 'ogo-pglite-'));
const connections = oneAtATime(db);
const server = createServer(connections.accept);
await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`), resolve);
});

/** Stops serving, then closes PGlite so the data directory is left consistent. */
async function close(): Promise<void> {
  let error: string | undefined;
  try {
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    connections.dropAll();
    await stopped;
    await connections.idle();
    await db.close();
  } catch (failure) {
    error = failure instanceof Error ? (failure.stack ?? failure.message) : String(failure);
  }
  await rm(socketDir, { recursive: true, force: true });
  post({ type: 'closed', ...(error ? { error } : {}) });
  port.close(); // nothing is left to keep the thread alive: it ends
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'close') void close();
});
post({ type: 'ready', socketDir, priority });
