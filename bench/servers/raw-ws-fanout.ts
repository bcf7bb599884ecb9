import { createServer } from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';
import { seededRandom } from '../../server/db/seeded-random';
import { randomPoint } from '../lib/fleet-geometry';
import { answerProbe } from '../lib/server-probe';
import { serveUntilParentLeaves } from './lifecycle';

/**
 * Baseline of position-fanout: a raw `ws` server that, once a second while
 * broadcasting is on (`GET /__bench/fanout?on=1|0`), sends each company's dispatchers one batch
 * of BENCH_FANOUT_POSITIONS positions, stringified once per company and sent as that one string
 * to every socket of the company (clients connect with `?company=<n>`). The positions have the
 * app's wire shape (DriverPosition, six decimals) and move a little every second. The time spent stringifying
 * and sending is reported on `/__bench/cpu` as `broadcastMs` (synchronous, on the pinned loop),
 * as the app entry reports its own Socket.IO broadcasts.
 */
const companies = Number(process.env.BENCH_FANOUT_COMPANIES ?? 5);
const perBatch = Number(process.env.BENCH_FANOUT_POSITIONS ?? 400);
const next = seededRandom(11);

const batches = Array.from({ length: companies }, (_, company) =>
  Array.from({ length: perBatch }, (_, i) => {
    const at = randomPoint(next);
    const id = 10_000 + company * perBatch + i;
    return {
      userId: id,
      indicativ: String(id),
      lat: at.lat,
      long: at.long,
      is_busy: false,
      is_paused: false,
      on_offer: false,
      polygonId: 1 + Math.floor(next() * 250),
      reported_at: '',
    };
  }),
);
const rooms = Array.from({ length: companies }, () => new Set<WebSocket>());
const counts = { broadcasts: 0, broadcastMs: 0 };
let on = false;

function tick() {
  if (!on) return;
  const reportedAt = new Date().toISOString().slice(0, 19).replace('T', ' ');
  for (const [company, positions] of batches.entries()) {
    for (const position of positions) {
      // Six decimals, as the app's wire carries them (driver-index.ts toWirePosition).
      position.lat = Math.round((position.lat + (next() - 0.5) * 0.0005) * 1e6) / 1e6;
      position.long = Math.round((position.long + (next() - 0.5) * 0.0005) * 1e6) / 1e6;
      position.reported_at = reportedAt;
    }
    const began = performance.now();
    const text = JSON.stringify({ positions, gone: [] });
    for (const socket of rooms[company] as Set<WebSocket>) {
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
    }
    counts.broadcastMs += performance.now() - began;
    counts.broadcasts++;
  }
}

const httpServer = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/__bench/fanout') {
    on = url.searchParams.get('on') === '1';
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ on }));
    return;
  }
  if (!answerProbe(request, response, () => counts)) {
    response.writeHead(404);
    response.end();
  }
});
const wss = new WebSocketServer({ server: httpServer, perMessageDeflate: false });
wss.on('connection', (socket, request) => {
  const company = Number(
    new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('company'),
  );
  const room = rooms[company];
  if (!room) {
    socket.close(1008, 'unknown company');
    return;
  }
  room.add(socket);
  socket.on('close', () => room.delete(socket));
});
setInterval(tick, 1_000);

httpServer.listen(0, '127.0.0.1', () => {
  const address = httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  serveUntilParentLeaves(
    { url: `http://127.0.0.1:${address.port}` },
    () => new Promise<void>((resolve) => wss.close(() => httpServer.close(() => resolve()))),
  );
});
