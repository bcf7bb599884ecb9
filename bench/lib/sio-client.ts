import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';

/**
 * A minimal Socket.IO client for load generation: the Engine.IO v4 / Socket.IO v5 protocol
 * spoken directly over one `ws` WebSocket (no polling, no reconnection, no buffering). A
 * socket.io-client instance costs tens of KB and several timers; ten thousand of them would
 * make the load generator, on its one CPU, the thing measured. On the wire this is what
 * socket.io-client sends with `transports: ['websocket']`: the server cannot tell them apart.
 *
 * Frames: `0{…}` open → we send `40{auth}` → `40{sid}` connected (or `44{message}` refused);
 * `2` ping → `3` pong; `42<id>["event",payload]` an emit with ack → `43<id>[answer]`;
 * `42["event",payload]` an event from the server.
 */
export interface SioClient {
  /** Emits `event` with an acknowledgement; `onAck` gets the server's answer. */
  emitWithAck(event: string, payload: unknown, onAck: (answer: unknown) => void): void;
  /** Payload bytes received since connected (WebSocket frame payloads). */
  readonly bytesIn: number;
  readonly open: boolean;
  close(): void;
}

export interface SioOptions {
  /** The CONNECT packet's auth object (`io(url, { auth })`). */
  auth: object;
  /** Every server event as its raw frame text (`42[…]`); not decoded unless asked for. */
  onEvent?: (frame: string) => void;
  /** The connection ended without `close()`. */
  onLost?: (reason: string) => void;
}

export function connectSio(baseUrl: string, options: SioOptions): Promise<SioClient> {
  const url = new URL(baseUrl);
  if (url.hostname !== '127.0.0.1') throw new Error(`loopback only, got ${url.hostname}`);
  const ws = new WebSocket(
    `ws://${url.host}/socket.io/?EIO=4&transport=websocket`,
    // Socket.IO's server declines compression; not offering it saves a round of negotiation.
    { perMessageDeflate: false },
  );
  const acks = new Map<number, (answer: unknown) => void>();
  let nextAck = 0;
  let bytesIn = 0;
  let connected = false;
  let closing = false;

  const client: SioClient = {
    emitWithAck(event, payload, onAck) {
      const id = nextAck++;
      acks.set(id, onAck);
      ws.send(`42${id}${JSON.stringify([event, payload])}`);
    },
    get bytesIn() {
      return bytesIn;
    },
    get open() {
      return connected && ws.readyState === WebSocket.OPEN;
    },
    close() {
      closing = true;
      ws.close();
    },
  };

  return new Promise<SioClient>((resolve, reject) => {
    const fail = (reason: string) => {
      if (!connected) reject(new Error(reason));
      else if (!closing) options.onLost?.(reason);
      connected = false;
    };
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      bytesIn += data.length;
      if (isBinary) return;
      const first = data[0];
      // Engine.IO `4` message carrying a Socket.IO packet: `2` event, `3` ack, `0` connect.
      if (first === 0x34) {
        const kind = data[1];
        if (kind === 0x32) {
          options.onEvent?.(data.toString());
          return;
        }
        const text = data.toString();
        if (kind === 0x33) {
          const bracket = text.indexOf('[');
          const id = Number(text.slice(2, bracket));
          const onAck = acks.get(id);
          acks.delete(id);
          onAck?.((JSON.parse(text.slice(bracket)) as unknown[])[0]);
        } else if (kind === 0x30) {
          connected = true;
          resolve(client);
        } else if (kind === 0x34) {
          fail(`connect refused: ${text.slice(2)}`);
          ws.close();
        } else if (kind === 0x31) {
          fail('disconnected by the server');
        }
        return;
      }
      if (first === 0x30)
        ws.send(`40${JSON.stringify(options.auth)}`); // open → CONNECT
      else if (first === 0x32)
        ws.send('3'); // ping → pong
      else if (first === 0x31) fail('closed by the server');
    });
    ws.on('error', (error) => fail(error.message));
    ws.on('close', () => fail('connection closed'));
  });
}

/**
 * Connects `count` clients, at most `parallel` handshakes at a time (a burst of ten thousand
 * would overflow the listen backlog); throws on the first refusal.
 */
export async function connectMany<T = SioClient>(
  count: number,
  parallel: number,
  connect: (i: number) => Promise<T>,
): Promise<T[]> {
  const clients: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      clients[i] = await connect(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  return clients;
}

/**
 * A real socket.io-client with its default transports, as docs/DRIVER-API.md tells drivers'
 * apps to connect: long-polling first, then the upgrade to a WebSocket (resolved once
 * upgraded). Heavier on the load generator than `connectSio`, but the server keeps what this
 * path leaves behind (the polling request), which driver-memory must see.
 */
export function connectSocketIoClient(baseUrl: string, auth: object): Promise<SioClient> {
  const socket: Socket = io(baseUrl, { auth, reconnection: false, forceNew: true });
  const client: SioClient = {
    emitWithAck(event, payload, onAck) {
      socket.emit(event, payload, onAck);
    },
    bytesIn: 0,
    get open() {
      return socket.connected;
    },
    close() {
      socket.close();
    },
  };
  return new Promise<SioClient>((resolve, reject) => {
    socket.once('connect_error', (error) => reject(error));
    socket.once('connect', () => {
      const engine = socket.io.engine;
      if (engine.transport.name === 'websocket') resolve(client);
      else engine.once('upgrade', () => resolve(client));
    });
  });
}
