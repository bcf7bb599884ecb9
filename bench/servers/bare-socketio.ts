import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { answerProbe } from '../lib/server-probe';
import { serveUntilParentLeaves } from './lifecycle';

/**
 * Baseline of the fleet benchmarks (position-ingest, driver-memory): a bare Socket.IO server, the same version and
 * transport options as the app's (server/realtime/socket-server.ts) but no middleware, no
 * rooms, no flood guard: a `currentPosition` handler that only acknowledges `{ ok: true }`.
 * The bench probe routes (`/__bench/cpu`, `/__bench/memory`) answer on the same HTTP server.
 *
 * BENCH_DROP_REQUEST=1 drops each connection's HTTP upgrade request once the socket is
 * connected (`socket.conn.request = null`, the Socket.IO memory-usage page's advice): the
 * driver-memory benchmark measures what that saves.
 */
const httpServer = createServer((request, response) => {
  if (!answerProbe(request, response)) {
    response.writeHead(404);
    response.end();
  }
});
const io = new Server(httpServer, {
  maxHttpBufferSize: 16 * 1024,
  serveClient: false,
  cors: { origin: false },
});
const dropRequest = process.env.BENCH_DROP_REQUEST === '1';
const OK = { ok: true };
io.on('connection', (socket) => {
  if (dropRequest) (socket.conn as { request: unknown }).request = null;
  socket.on('currentPosition', (_payload: unknown, ack: unknown) => {
    if (typeof ack === 'function') ack(OK);
  });
});

httpServer.listen(0, '127.0.0.1', () => {
  const address = httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  serveUntilParentLeaves(
    { url: `http://127.0.0.1:${address.port}` },
    () => new Promise<void>((resolve) => io.close(() => resolve())),
  );
});
