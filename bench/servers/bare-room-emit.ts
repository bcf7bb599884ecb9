import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { answerProbe } from '../lib/server-probe';
import { serveUntilParentLeaves } from './lifecycle';

/**
 * Baseline of the messages benchmark: a bare Socket.IO server (same version and options as the
 * app's) whose every socket is in one room; `POST /emit` with a JSON body emits it to the room
 * as 'message received', as the app's message to all drivers does, and answers once emitted.
 */
const io = new Server({
  maxHttpBufferSize: 16 * 1024,
  serveClient: false,
  cors: { origin: false },
});
const fanout = { broadcasts: 0, broadcastMs: 0 };
const httpServer = createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/emit') {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const payload = JSON.parse(Buffer.concat(chunks).toString()) as unknown;
      const began = performance.now();
      io.to('drivers').emit('message received', payload);
      fanout.broadcastMs += performance.now() - began;
      fanout.broadcasts++;
      response.writeHead(204);
      response.end();
    });
    return;
  }
  if (!answerProbe(request, response, () => fanout)) {
    response.writeHead(404);
    response.end();
  }
});
io.attach(httpServer);
io.on('connection', (socket) => {
  void socket.join('drivers');
});

httpServer.listen(0, '127.0.0.1', () => {
  const address = httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  serveUntilParentLeaves(
    { url: `http://127.0.0.1:${address.port}` },
    () => new Promise<void>((resolve) => io.close(() => resolve())),
  );
});
