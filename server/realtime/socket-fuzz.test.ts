import { randomUUID } from 'node:crypto';
import type { Order } from '@common/orders/orders.schema';
import type { ServerToClientEvents } from '@common/realtime/events';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { buildCompany, buildUser } from '../db/factories';
import { seededRandom } from '../db/seeded-random';
import { createTestApp, type TestApp } from '../test/harness';
import { SOCKET_PACKET_LIMIT } from './flood-guard';

/**
 * Malformed, oversized and unknown Socket.IO traffic and a
 * flood from one socket never crash the node and never reach another tenant. Packets are
 * generated from a seeded PRNG (fast-check is not a dependency); FUZZ_SEED=<n> replays a run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 0x15_0f_22);
/** Connections the websocket fuzz opens, each with 1–6 generated frames. */
const WS_CASES = 600;
/** Malformed long-polling requests. */
const POLLING_CASES = 120;
const MAX_BUFFER = 16 * 1024; // socket-server.ts maxHttpBufferSize
/** In every client-sent payload: no socket may ever receive it back. */
const FUZZ_CANARY = `FUZZ-CANARY-${SEED}`;

/** What the test's clients send: no such handlers exist on the server. */
interface UnknownEvents {
  position: (payload: unknown) => void;
}
type ClientSocket = Socket<ServerToClientEvents, UnknownEvents>;
type Rng = () => number;
type Frame = string | Buffer;

const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, items: readonly T[]): T => items[int(rng, 0, items.length - 1)] as T;
const ALPHABET = [
  ...'0123456789-,/[]{}":_#?&=%+. \\abcdefxyz',
  '\u0000',
  '\u001e',
  '\u007f',
  'é',
  'ț',
  '\u2028',
  '😀',
  '\uffff',
];
const text = (rng: Rng, max: number) =>
  Array.from({ length: int(rng, 0, max) }, () => pick(rng, ALPHABET)).join('');

/** A random JSON value, bounded in depth and breadth. */
function jsonValue(rng: Rng, depth = 0): unknown {
  const kind = int(rng, 0, depth > 3 ? 4 : 7);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return rng() < 0.5;
    case 2:
      return pick(rng, [0, -1, 1.5, 2 ** 53 + 2, -(2 ** 31), 1e308, int(rng, -1e6, 1e6)]);
    case 3:
      return `${FUZZ_CANARY} ${text(rng, 20)}`;
    case 4:
      return pick(rng, ['__proto__', 'constructor', 'prototype', 'toString', '']);
    case 5:
    case 6:
      return Array.from({ length: int(rng, 0, 4) }, () => jsonValue(rng, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = int(rng, 0, 4); i > 0; i--) {
        const key = pick(rng, ['constructor', 'prototype', '_placeholder', 'num', 'token', 'x']);
        object[key] = jsonValue(rng, depth + 1);
      }
      return object;
    }
  }
}

/** JSON text; an own `__proto__` key cannot come from JSON.stringify, so some get one by hand. */
const json = (rng: Rng) => {
  const encoded = JSON.stringify(jsonValue(rng)) ?? 'null';
  return rng() < 0.3
    ? `{"__proto__":{"polluted":${JSON.stringify(FUZZ_CANARY)}},"x":${encoded}}`
    : encoded;
};

const EVENT_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'disconnect',
  'disconnecting',
  'connect',
  'connect_error',
  'error',
  'newListener',
  'removeListener',
  'order_updated',
  'order_canceled',
  'session_revoked',
  'user_activity',
  'position',
  // Handled for every authenticated socket: garbage must be answered, never crash or echo.
  'messageRead',
  'messageDelivered',
  '',
] as const;

const nested = (depth: number, leaf: string) =>
  depth % 2 === 0
    ? `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;

/** Engine.IO text frames are `<engine type><socket.io packet>`; a socket.io event is `42[…]`. */
const GENERATORS: ReadonlyArray<(rng: Rng) => Frame[]> = [
  // Garbage text and bytes.
  (rng) => [text(rng, 60)],
  (rng) => [Buffer.from(Array.from({ length: int(rng, 0, 64) }, () => int(rng, 0, 255)))],
  // Every engine.io packet type, the client-forbidden ones (open, ping, upgrade) included.
  (rng) => [`${pick(rng, [...'0123456789xb'])}${text(rng, 20)}`],
  // Every socket.io packet type with a random payload (CONNECT_ERROR from a client, a second
  // CONNECT, DISCONNECT with data, unknown types).
  (rng) => [`4${pick(rng, [...'0123456789', ''])}${rng() < 0.5 ? json(rng) : text(rng, 20)}`],
  // Invalid JSON in an event.
  (rng) => {
    const valid = JSON.stringify(['position', jsonValue(rng)]);
    return [
      `42${pick(rng, [
        valid.slice(0, int(rng, 0, valid.length - 1)),
        valid.replace(']', ',]'),
        `${valid}${text(rng, 5)}`,
        "['single']",
        '[NaN]',
        '[undefined]',
        '["a",0x10]',
        '["a",1e999]',
      ])}`,
    ];
  },
  // Binary attachment headers with wrong counts, placeholders pointing nowhere.
  (rng) => {
    const count = pick(rng, [
      '0',
      '-1',
      '1',
      '2',
      '11',
      '1000000',
      '1e3',
      '0x1',
      '1.5',
      'abc',
      '',
      '9007199254740993',
    ]);
    const num = pick(rng, ['0', '1', '-1', '99', '"0"', '"__proto__"', 'null', '1.5', '{}']);
    const frames: Frame[] = [
      `4${pick(rng, ['5', '6'])}${count}-${rng() < 0.5 ? '' : '1'}["bin",{"_placeholder":true,"num":${num}},${json(rng)}]`,
    ];
    for (let i = int(rng, 0, 3); i > 0; i--) frames.push(Buffer.alloc(int(rng, 0, 32), i));
    if (rng() < 0.3) frames.push(`42["after-binary","${FUZZ_CANARY}"]`);
    return frames;
  },
  // Negative, huge and non-numeric ack ids, on events and on acks.
  (rng) => {
    const id = pick(rng, [
      '-1',
      '0',
      '1',
      '2147483648',
      '9007199254740993',
      '9'.repeat(40),
      '1e21',
      'NaN',
      '01',
    ]);
    return [`4${pick(rng, ['2', '3'])}${id}[${JSON.stringify(FUZZ_CANARY)},${json(rng)}]`];
  },
  // Namespaces that do not exist, CONNECT to a foreign namespace, events to a namespace the
  // connection never joined.
  (rng) => {
    const nsp = pick(rng, [
      '/admin',
      '/',
      '//',
      '/..',
      '/%00',
      '/__proto__',
      '/constructor',
      `/${'x'.repeat(300)}`,
      `/${text(rng, 10)}`,
    ]);
    return [`4${pick(rng, ['0', '1', '2', '3'])}${nsp},${pick(rng, ['{}', '["x"]', json(rng)])}`];
  },
  // Deeply nested JSON in an event, in CONNECT auth and inside a binary event (the parser
  // walks binary events recursively to put the attachments back).
  (rng) => {
    const depth = int(rng, 50, 5_000);
    const where = int(rng, 0, 2);
    if (where === 0) return [`42["deep",${nested(depth, '1')}]`];
    if (where === 1) return [`40{"token":${nested(depth, '"x"')}}`];
    return [
      `451-["deep",${nested(depth, '{"_placeholder":true,"num":0}')}]`,
      Buffer.from([1, 2, 3]),
    ];
  },
  // The message ticks with payloads near their shape: ids of every kind, extra and odd keys.
  (rng) => {
    const name = pick(rng, ['messageRead', 'messageDelivered'] as const);
    const payload =
      rng() < 0.7
        ? {
            interlocutor_id: jsonValue(rng),
            ...(rng() < 0.5 ? { company_id: jsonValue(rng) } : {}),
          }
        : jsonValue(rng);
    const ack = rng() < 0.7 ? String(int(rng, 0, 1e6)) : '';
    return [`42${ack}${JSON.stringify([name, payload])}`];
  },
  // Unknown events, Object.prototype and EventEmitter names included, with random payloads.
  (rng) => {
    const name =
      rng() < 0.8 ? pick(rng, EVENT_NAMES) : rng() < 0.5 ? int(rng, -5, 5) : text(rng, 12);
    const args = Array.from({ length: int(rng, 0, 3) }, () => jsonValue(rng));
    const ack = rng() < 0.3 ? String(int(rng, 0, 1e9)) : '';
    return [`42${ack}${JSON.stringify([name, FUZZ_CANARY, ...args])}`];
  },
];

let t: TestApp;
let companyA: number;
let url: string;
let wsUrl: string;
let tokens: { fuzzer: string; flooder: string; watcherA: string; watcherB: string };
let dispatcherA: { authorization: string };
let dispatcherB: { authorization: string };
let watcherA: ClientSocket;
let watcherB: ClientSocket;
/** Every event the watchers received, serialised, to scan for canaries. */
const seenByA: string[] = [];
const seenByB: string[] = [];
const crashes: unknown[] = [];
const onCrash = (error: unknown) => crashes.push(error);
/** Events that reached the handlers, per socket id (after the flood guard). */
const processed = new Map<string, number>();
const sockets: ClientSocket[] = [];
const figures: Record<string, number | string> = { seed: SEED };
const startedAt = performance.now();

const open = (options: {
  auth?: Record<string, unknown>;
  query?: Record<string, string>;
}): ClientSocket => {
  const socket: ClientSocket = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    auth: options.auth ?? {},
    query: options.query ?? {},
  });
  sockets.push(socket);
  return socket;
};

/**
 * 'connected', the connect_error message, 'closed: <reason>' when the server cut the line, or
 * 'nothing' when none of these came within 3 s.
 */
const outcome = (socket: ClientSocket) =>
  new Promise<string>((resolve) => {
    setTimeout(() => resolve('nothing'), 3_000);
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
    socket.once('disconnect', (reason) => resolve(`closed: ${reason}`));
  });

const connected = async (socket: ClientSocket) => {
  if (socket.connected) return;
  expect(await outcome(socket)).toBe('connected');
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw Engine.IO v4 websocket: frames go out as given, replies are collected. */
interface RawClient {
  ws: WebSocket;
  replies: string[];
  /** Resolves with the first reply matching, or null once closed or after `ms`. */
  reply(match: (frame: string) => boolean, ms?: number): Promise<string | null>;
  closed: Promise<number>;
  isClosed(): boolean;
}

const openRaw = async (token?: string): Promise<RawClient> => {
  const ws = new WebSocket(`${wsUrl}/socket.io/?EIO=4&transport=websocket`);
  const replies: string[] = [];
  const listeners = new Set<() => void>();
  let isClosed = false;
  const closed = new Promise<number>((resolve) =>
    ws.on('close', (code) => {
      isClosed = true;
      resolve(code);
      for (const listener of listeners) listener();
    }),
  );
  ws.on('error', () => {}); // the server may cut the line mid-frame; `closed` tells
  ws.on('message', (data, isBinary) => {
    if (!isBinary) replies.push(data.toString());
    for (const listener of listeners) listener();
  });
  const reply = (match: (frame: string) => boolean, ms = 2_000) =>
    new Promise<string | null>((resolve) => {
      const check = () => {
        const found = replies.find(match);
        if (found !== undefined || isClosed) finish(found ?? null);
      };
      const finish = (value: string | null) => {
        clearTimeout(timer);
        listeners.delete(check);
        resolve(value);
      };
      const timer = setTimeout(() => finish(null), ms);
      listeners.add(check);
      check();
    });
  const client = { ws, replies, reply, closed, isClosed: () => isClosed };
  expect(await reply((frame) => frame.startsWith('0{'))).not.toBeNull();
  if (token !== undefined) {
    ws.send(`40${JSON.stringify({ token })}`);
    expect(await reply((frame) => frame.startsWith('4'))).toMatch(/^40\{"sid":/);
  }
  return client;
};

const pollUrl = (sid?: string) =>
  `${url}/socket.io/?EIO=4&transport=polling${sid ? `&sid=${encodeURIComponent(sid)}` : ''}`;

/** A long-polling Engine.IO session, connected to "/" when given a token; its ids. */
const openPolling = async (token?: string) => {
  const handshake = await fetch(pollUrl());
  const { sid } = JSON.parse((await handshake.text()).slice(1)) as { sid: string };
  if (token === undefined) return { sid, socketId: '' };
  const post = await fetch(pollUrl(sid), {
    method: 'POST',
    body: `40${JSON.stringify({ token })}`,
  });
  expect(post.status).toBe(200);
  const answer = await (await fetch(pollUrl(sid))).text();
  // Engine.IO joins the packets of one poll with a record separator (\x1e): an event the server
  // sends right after the connect (a reconnect hint, a count) may share the poll with it.
  const connect = answer.split('\x1e')[0] ?? '';
  const socketId = (JSON.parse(connect.slice(2)) as { sid: string }).sid;
  return { sid, socketId };
};

const health = async () => (await fetch(`${url}/api/health`)).status;

const record = (socket: ClientSocket, into: string[]) =>
  socket.onAny((event: string, ...args: unknown[]) => into.push(JSON.stringify([event, ...args])));

/** The next order_updated a socket receives for an order whose client name is `name`. */
const orderArrives = (socket: ClientSocket, name: string) =>
  new Promise<Order>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no order_updated for ${name}`)), 3_000);
    const listener = (order: Order) => {
      if (order.client_name !== name) return;
      clearTimeout(timer);
      socket.off('order_updated', listener);
      resolve(order);
    };
    socket.on('order_updated', listener);
  });

beforeAll(async () => {
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  console.info(`socket fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays this run)`);
  // The fuzz opens hundreds of sessions of one user on purpose; the per-user cap has its own
  // test (authority-follows-person.test.ts).
  t = await createTestApp({ SOCKETS_PER_USER: '1000' });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = url.replace(/^http/, 'ws');
  t.app.io.on('connection', (socket) => {
    // Runs after the flood guard's middleware: counts what handlers would see.
    socket.use((_event, next) => {
      processed.set(socket.id, (processed.get(socket.id) ?? 0) + 1);
      next();
    });
  });

  const a = await buildCompany(t.db);
  const b = await buildCompany(t.db);
  companyA = a.id;
  const login = async (companyId: number) =>
    t.login(await buildUser(t.db, { companyIds: [companyId] }));
  const [fuzzer, flooder, watchA, watchB, dispatchA, dispatchB] = await Promise.all([
    login(a.id),
    login(a.id),
    login(a.id),
    login(b.id),
    login(a.id),
    login(b.id),
  ]);
  tokens = {
    fuzzer: fuzzer.token,
    flooder: flooder.token,
    watcherA: watchA.token,
    watcherB: watchB.token,
  };
  dispatcherA = dispatchA;
  dispatcherB = dispatchB;
  watcherA = open({ auth: { token: tokens.watcherA } });
  watcherB = open({ auth: { token: tokens.watcherB } });
  await Promise.all([connected(watcherA), connected(watcherB)]);
  record(watcherA, seenByA);
  record(watcherB, seenByB);
});

afterAll(async () => {
  process.off('uncaughtException', onCrash);
  process.off('unhandledRejection', onCrash);
  for (const socket of sockets) socket.disconnect();
  await t?.close();
  figures.seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.info(`socket fuzz figures ${JSON.stringify(figures)}`);
});

describe('Socket.IO fuzz', () => {
  it('refuses handshakes whose token is not a string, is oversized, or sits in the query string', async () => {
    for (const token of [12345, {}, [], null, true, { toString: 'x' }, 'x'.repeat(15_000)]) {
      expect(await outcome(open({ auth: { token } }))).toBe('unauthorized');
    }
    // Over maxHttpBufferSize: the server drops the connection before reading it.
    expect(await outcome(open({ auth: { token: 'x'.repeat(100_000) } }))).toBe(
      'closed: transport close',
    );
    expect(await outcome(open({ auth: { token: tokens.fuzzer }, query: { token: 'x' } }))).toBe(
      'token_in_query',
    );
    expect(await outcome(open({ query: { token: tokens.fuzzer } }))).toBe('token_in_query');
    // A CONNECT whose auth is not an object is a protocol error (the line is cut) or, for a
    // bare number the parser reads as an ack id, a CONNECT without auth.
    for (const auth of ['12345', '"token"', '[]', 'null', '{"token":', '{"token":12345}']) {
      const raw = await openRaw();
      raw.ws.send(`40${auth}`);
      const answer = await raw.reply((frame) => frame.startsWith('4'));
      expect(answer === null ? raw.isClosed() : answer.startsWith('44')).toBe(true);
      expect(raw.replies.filter((frame) => frame.startsWith('40'))).toEqual([]);
      raw.ws.terminate();
    }
    expect(await health()).toBe(200);
  });

  it('survives seeded malformed packets over websocket, authenticated or not', async () => {
    const rng = seededRandom(SEED);
    let frames = 0;
    let cutByServer = 0;
    const fuzzCase = async () => {
      const authenticated = rng() < 0.6;
      const batch: Frame[] = [];
      for (let i = int(rng, 1, 6); i > 0; i--) batch.push(...pick(rng, GENERATORS)(rng));
      const raw = await openRaw(authenticated ? tokens.fuzzer : undefined);
      for (const frame of batch) {
        if (raw.isClosed()) break;
        raw.ws.send(frame);
        frames += 1;
      }
      await Promise.race([raw.closed, sleep(40)]);
      if (raw.isClosed()) cutByServer += 1;
      else raw.ws.terminate();
      // Replies are packets the server built: connect errors, never a stack trace or an echo.
      for (const frame of raw.replies) {
        expect(frame).not.toMatch(/\bat .+:\d+:\d+|Error:|FUZZ-CANARY/);
      }
    };
    for (let done = 0; done < WS_CASES; done += 20) {
      await Promise.all(Array.from({ length: 20 }, fuzzCase));
    }
    figures.wsConnections = WS_CASES;
    figures.wsFrames = frames;
    figures.wsCutByServer = cutByServer;
    expect(crashes).toEqual([]);
    expect(await health()).toBe(200);
  });

  it('answers malformed long-polling requests without a server error', async () => {
    // Engine.IO itself answers other methods with a 500, and an OPTIONS opens a session first.
    const { sid: live } = await openPolling(tokens.fuzzer);
    for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']) {
      expect((await fetch(pollUrl(live), { method })).status).toBe(400);
      expect((await fetch(pollUrl(), { method })).status).toBe(400);
    }
    const rng = seededRandom(SEED + 1);
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const serverErrors: string[] = [];
    for (let i = 0; i < POLLING_CASES; i++) {
      const { sid } = await openPolling(rng() < 0.5 ? tokens.fuzzer : undefined);
      const query = pick(rng, [
        pollUrl(sid),
        pollUrl(sid).replace('EIO=4', 'EIO=3'),
        pollUrl(sid).replace('EIO=4', `EIO=${text(rng, 3)}`),
        pollUrl(sid).replace('polling', pick(rng, ['websocket', 'flashsocket', '__proto__'])),
        pollUrl(`${sid}${text(rng, 4)}`),
        pollUrl(text(rng, 20)),
        `${pollUrl(sid)}&b64=1&j=${text(rng, 3)}`,
      ]);
      const body = Array.from({ length: int(rng, 1, 5) }, () => pick(rng, GENERATORS)(rng))
        .flat()
        .map((frame) => (typeof frame === 'string' ? frame : `b${frame.toString('base64')}`))
        .join(pick(rng, ['\u001e', '\u001e\u001e', ':', '']));
      const method = pick(rng, ['POST', 'POST', 'GET', 'PUT', 'OPTIONS']);
      const response = await fetch(query, {
        method,
        body: method === 'GET' || method === 'OPTIONS' ? undefined : body,
        headers: { 'content-type': pick(rng, ['text/plain', 'application/octet-stream']) },
        signal: AbortSignal.timeout(100),
      }).catch(() => null); // a GET on a live session long-polls: a timeout is an answer too
      if (response) {
        count(response.status);
        if (response.status >= 500) serverErrors.push(`${response.status} ${method} ${query}`);
        await response.arrayBuffer().catch(() => undefined);
      }
    }
    figures.pollingRequests = POLLING_CASES;
    figures.pollingStatuses = JSON.stringify(Object.fromEntries(statuses));
    expect(serverErrors).toEqual([]);
    expect(crashes).toEqual([]);
    expect(await health()).toBe(200);
  });

  it('cuts packets over maxHttpBufferSize, over websocket and long-polling', async () => {
    const big = `42["position","${'x'.repeat(MAX_BUFFER + 1)}"]`;
    const raw = await openRaw(tokens.fuzzer);
    raw.ws.send(big);
    expect(await raw.closed).toBe(1009); // message too big

    const client = open({ auth: { token: tokens.fuzzer } });
    await connected(client);
    const dropped = outcome(client);
    client.emit('position', 'x'.repeat(MAX_BUFFER + 1));
    expect(await dropped).toBe('closed: transport close');

    const { sid, socketId } = await openPolling(tokens.fuzzer);
    const post = await fetch(pollUrl(sid), { method: 'POST', body: big });
    expect(post.status).toBe(413);
    // Many small packets adding up to more than the cap are refused the same way.
    const many = Array.from({ length: 3_000 }, () => '42["p"]').join('\u001e');
    expect((await fetch(pollUrl(sid), { method: 'POST', body: many })).status).toBe(413);
    expect(processed.get(socketId) ?? 0).toBe(0);
    expect(await health()).toBe(200);
  });

  it('disconnects a socket flooding 1,000 events, logs it once, and the node goes on pushing', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const flooder = open({ auth: { token: tokens.flooder } });
      await connected(flooder);
      const socketId = flooder.id ?? '';
      const dropped = outcome(flooder);
      for (let i = 0; i < 1_000; i++) flooder.emit('position', { i, FUZZ_CANARY });
      expect(await dropped).toBe('closed: transport close');
      // The connect packet counts too: at most `packets - 1` events reached a handler.
      expect(processed.get(socketId) ?? 0).toBeLessThan(SOCKET_PACKET_LIMIT.packets);
      figures.floodSent = 1_000;
      figures.floodProcessed = processed.get(socketId) ?? 0;

      await sleep(100);
      const floods = warn.mock.calls.filter(([, message]) => String(message).includes('flood'));
      expect(floods).toHaveLength(1);
      expect(floods[0]?.[0]).toEqual({
        userId: expect.any(Number),
        socketId,
        limit: SOCKET_PACKET_LIMIT,
      });

      // Another socket of the same node (and company) still gets its pushes.
      const name = `after-flood-${randomUUID()}`;
      const arrives = orderArrives(watcherA, name);
      await t.postOrder(dispatcherA, { client_name: name });
      expect((await arrives).client_name).toBe(name);
      expect(watcherA.connected).toBe(true);
    } finally {
      warn.mockRestore();
    }
  });

  it('cuts a connection flooding namespace connects before any socket exists', async () => {
    const raw = await openRaw();
    for (let i = 0; i < 200 && !raw.isClosed(); i++) raw.ws.send('40{"token":"not-a-token"}');
    await Promise.race([raw.closed, sleep(3_000)]);
    expect(raw.isClosed()).toBe(true);
    const refusals = raw.replies.filter((frame) => frame.startsWith('44'));
    expect(refusals.length).toBeLessThanOrEqual(SOCKET_PACKET_LIMIT.packets);
    figures.connectFloodSent = 200;
    figures.connectFloodAnswered = refusals.length;
  });

  it('cuts a flood sent in one long-polling request', async () => {
    // A user of his own: with the fuzzer's spent budget the session could be cut at its connect
    // and be gone before the poll below, which then reads 'Session ID unknown', not the close.
    const { token } = await t.login(await buildUser(t.db, { companyIds: [companyA] }));
    const { sid, socketId } = await openPolling(token);
    const flood = Array.from({ length: 1_000 }, () => '42["f"]').join('\u001e');
    expect(flood.length).toBeLessThan(MAX_BUFFER);
    await fetch(pollUrl(sid), { method: 'POST', body: flood });
    await sleep(100);
    expect(processed.get(socketId) ?? 0).toBeLessThan(SOCKET_PACKET_LIMIT.packets);
    // The session is closed: the next poll carries the close packet, the one after is refused.
    expect((await (await fetch(pollUrl(sid))).text()).split('\u001e')).toContain('1');
    expect((await fetch(pollUrl(sid))).status).toBe(400);
  });

  it('lets a socket within the limit keep sending', async () => {
    // A user of his own: the fuzzer's sockets have spent their user's packet budget above.
    const { token } = await t.login(await buildUser(t.db, { companyIds: [companyA] }));
    const client = open({ auth: { token } });
    await connected(client);
    for (let i = 0; i < SOCKET_PACKET_LIMIT.packets - 5; i++) client.emit('position', i);
    await sleep(200);
    expect(client.connected).toBe(true);
    expect(processed.get(client.id ?? '')).toBe(SOCKET_PACKET_LIMIT.packets - 5);
  });

  it('after all of it: the node serves, pushes arrive, no event crossed tenants, nothing crashed', async () => {
    expect(await health()).toBe(200);
    const canaryA = `CANARY-A-${randomUUID()}`;
    const canaryB = `CANARY-B-${randomUUID()}`;
    const toA = orderArrives(watcherA, canaryA);
    const toB = orderArrives(watcherB, canaryB);
    await t.postOrder(dispatcherA, { client_name: canaryA });
    await t.postOrder(dispatcherB, { client_name: canaryB });
    expect((await toA).client_name).toBe(canaryA);
    expect((await toB).client_name).toBe(canaryB);
    await sleep(300);
    expect(seenByB.filter((event) => event.includes('CANARY-A-'))).toEqual([]);
    expect(seenByA.filter((event) => event.includes('CANARY-B-'))).toEqual([]);
    // Nothing a client sent ever came back to anyone.
    expect([...seenByA, ...seenByB].filter((event) => event.includes(FUZZ_CANARY))).toEqual([]);
    expect(seenByB.every((event) => !event.includes('after-flood-'))).toBe(true);
    expect(watcherA.connected && watcherB.connected).toBe(true);
    expect(crashes).toEqual([]);
  });
});
