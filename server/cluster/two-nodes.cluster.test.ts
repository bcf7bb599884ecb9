import type { DriverPosition, PositionAck } from '@common/drivers/drivers.schema';
import type {
  ClientToServerEvents,
  DriversPositionsPayload,
  ServerToClientEvents,
  UserActivityPayload,
} from '@common/realtime/events';
import { createClient } from 'redis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery } from '../test/test-database';
import { clusterProcesses, clusterServices, login } from './cluster-nodes';

/**
 * Scale-out proof: two app processes on one PostgreSQL and one
 * Redis. Events published on node A reach sockets connected to node B; logout on A ends B's
 * socket; login failures count across nodes. Needs TEST_DATABASE_URL and TEST_REDIS_URL.
 */
const { databaseUrl: DATABASE_URL, redisUrl: REDIS_URL } = clusterServices();

const dbName = `ogo_cluster_${process.pid}`;
const cluster = clusterProcesses();
const { openSocket } = cluster;
let urlA = '';
let urlB = '';

/** Waits for a condition (a state, never a fixed time), within 15 s. */
async function until(condition: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const startNode = (databaseUrl: string) =>
  cluster.startNode({
    DATABASE_URL: databaseUrl,
    REDIS_URL: REDIS_URL,
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    // Long enough that only the change stream can make node B's lists fresh.
    CONSOLE_CACHE_MS: '60000',
    // The drivers here are the test's own.
    DEMO_FLEET_DRIVERS: '0',
    DEMO_PBX: 'false',
  });

describe('two app nodes behind PostgreSQL and Redis', () => {
  beforeAll(async () => {
    const base = new URL(DATABASE_URL);
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${dbName}`);
    base.pathname = `/${dbName}`;
    // Started together: migrations and the demo seed must serialise between them.
    [urlA, urlB] = await Promise.all([startNode(base.toString()), startNode(base.toString())]);
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    // Earlier runs' counts for the account (docs/DECISIONS.md "Login limits": several keys).
    const keys = await redis.keys('ogo:login-failures:*curier@ogo.local*');
    if (keys.length > 0) await redis.del(keys);
    await redis.quit();
  }, 120_000);

  afterAll(async () => {
    await cluster.stopAll();
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }, 60_000);

  it('runs two distinct processes on one database, seeded once', async () => {
    const [a, b] = await Promise.all(
      [urlA, urlB].map((url) =>
        fetch(`${url}/api/health`).then(
          (r) => r.json() as Promise<{ node: string; database: string }>,
        ),
      ),
    );
    expect(a?.database).toBe('postgres');
    expect(a?.node).not.toBe(b?.node);
    const { token } = await login(urlA, 'dispecer@ogo.local');
    const users = await fetch(`${urlB}/api/users?per_page=100&search=Elena`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await users.json()) as { meta: { total: number } }).meta.total).toBe(1);
  });

  it('delivers an event published on node A to a socket connected to node B', async () => {
    const watcher = await login(urlB, 'dispecer@ogo.local');
    const socket = await openSocket(urlB, watcher.token);
    const received = new Promise<UserActivityPayload>((resolve) =>
      socket.once('user_activity', resolve),
    );
    const actor = await login(urlA, 'admin@ogo.local');
    const response = await fetch(`${urlA}/api/user-activity`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${actor.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ isOnline: true }),
    });
    expect(response.status).toBe(200);
    expect(await received).toMatchObject({ user_id: 1, is_online: true });
  });

  it('ends on node B the socket of a session logged out on node A', async () => {
    const session = await login(urlA, 'dispecer@ogo.local');
    const socket = await openSocket(urlB, session.token);
    const revoked = new Promise((resolve) => socket.once('session_revoked', resolve));
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    const response = await fetch(`${urlA}/api/access-tokens`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(response.status).toBe(204);
    expect(await revoked).toEqual({ reason: 'logout' });
    await disconnected;
    // Node B had cached the session at the socket handshake; the logout on A reached its cache.
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 401; attempt++) {
      status = (
        await fetch(`${urlB}/api/verify-access-tokens`, {
          headers: { authorization: `Bearer ${session.token}` },
        })
      ).status;
      if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(401);
  });

  it('gives a console on node B an order placed on node A (its tab, page 1 of its orders) by the time its socket hears of it', async () => {
    const onB = await login(urlB, 'dispecer@ogo.local');
    const onA = await login(urlA, 'dispecer@ogo.local');
    const live = async () => {
      const response = await fetch(`${urlB}/api/dispatcher-orders/live?per_page=100`, {
        headers: { authorization: `Bearer ${onB.token}` },
      });
      return ((await response.json()) as { data: { id: number }[] }).data.map((o) => o.id);
    };
    await live(); // node B caches the tab (for 60 s in this test)
    const firstPage = async () => {
      const response = await fetch(`${urlB}/api/orders?per_page=15`, {
        headers: { authorization: `Bearer ${onB.token}` },
      });
      return ((await response.json()) as { data: { id: number }[] }).data.map((o) => o.id);
    };
    await firstPage(); // node B follows page 1 of GET /api/orders in memory (list-heads.ts)
    const socket = await openSocket(urlB, onB.token);
    const heard = new Map<number, () => void>();
    const seen = new Set<number>();
    socket.on('order_updated', (order: { id: number }) => {
      seen.add(order.id);
      heard.get(order.id)?.();
    });
    const placed = await fetch(`${urlA}/api/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${onA.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        phone: '0744 990 123',
        client_name: 'Client pe alt nod',
        places: [{ name: 'Strada Lăpușneanu 7', lat: 47.168, long: 27.58 }],
      }),
    });
    expect(placed.status).toBe(201);
    const { id } = (await placed.json()) as { id: number };
    if (!seen.has(id)) await new Promise<void>((resolve) => heard.set(id, resolve));
    // What the web client does on that event: refetch the tab, from node B.
    expect(await live()).toContain(id);
    // Node B read the order from the change stream before telling its socket.
    expect((await firstPage())[0]).toBe(id);
  });

  it('shows a driver connected to node A on node B: GET /api/drivers-positions and a dispatcher socket', async () => {
    const watcher = await login(urlB, 'dispecer@ogo.local');
    const dispatcherSocket = await openSocket(urlB, watcher.token);
    const driver = await login(urlA, 'sofer130@ogo.local');
    const asDriver = {
      authorization: `Bearer ${driver.token}`,
      'content-type': 'application/json',
    };
    const online = await fetch(`${urlA}/api/drivers/me/status`, {
      method: 'PATCH',
      headers: asDriver,
      body: JSON.stringify({ status: 'online' }),
    });
    expect(online.status).toBe(200);
    const { driver_id: driverId } = (await online.json()) as { driver_id: number };
    const heard = new Promise<DriversPositionsPayload>((resolve) => {
      dispatcherSocket.on('drivers_positions', (batch) => {
        if (batch.positions.some((p) => p.userId === driverId)) resolve(batch);
      });
    });
    const driverSocket = await openSocket(urlA, driver.token);
    const ack = await new Promise<PositionAck>((resolve) =>
      (driverSocket as unknown as Socket<ServerToClientEvents, ClientToServerEvents>).emit(
        'currentPosition',
        { long: 27.59, lat: 47.17 },
        resolve,
      ),
    );
    expect(ack).toEqual({ ok: true });
    const batch = await heard;
    expect(batch.positions.find((p) => p.userId === driverId)).toMatchObject({
      indicativ: '130',
      long: 27.59,
      lat: 47.17,
    });
    const onB = async () => {
      const response = await fetch(`${urlB}/api/drivers-positions`, {
        headers: { authorization: `Bearer ${watcher.token}` },
      });
      return ((await response.json()) as DriverPosition[]).some((p) => p.userId === driverId);
    };
    expect(await onB()).toBe(true);
    // Offline on node A: node B follows the drivers' change stream.
    await fetch(`${urlA}/api/drivers/me/status`, {
      method: 'PATCH',
      headers: asDriver,
      body: JSON.stringify({ status: 'offline' }),
    });
    await expect.poll(onB, { timeout: 5_000 }).toBe(false);
  });

  /** A JSON call to a node as a session; the parsed answer with its status. */
  const api = async <T>(
    url: string,
    token: string,
    method: string,
    path: string,
    body?: object,
  ) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const placeOrder = async (url: string, token: string, clientName: string) => {
    const placed = await api<{ id: number }>(url, token, 'POST', '/api/orders', {
      phone: '0744 990 124',
      client_name: clientName,
      places: [{ name: 'Strada Lăpușneanu 9', lat: 47.168, long: 27.58 }],
    });
    expect(placed.status).toBe(201);
    return placed.body.id;
  };

  it("takes the company's rooms from a socket on node B when an administrator on node A takes his role away", async () => {
    const admin = await login(urlA, 'admin@ogo.local');
    const email = `demovat.${Date.now()}@test.ogo.local`;
    const created = await api<{ id: number }>(urlA, admin.token, 'POST', '/api/users', {
      name: 'Dispecer retrogradat',
      email,
      password: 'parola-lunga-27',
      roles: ['dispatcher'],
      company_ids: [1],
    });
    expect(created.status).toBe(201);
    const demoted = await login(urlB, email, 'parola-lunga-27');
    const control = await login(urlB, 'dispecer@ogo.local');
    const [socket, controlSocket] = await Promise.all([
      openSocket(urlB, demoted.token),
      openSocket(urlB, control.token),
    ]);
    const seen = new Set<number>();
    const controlSeen = new Set<number>();
    socket.on('order_updated', (order: { id: number }) => seen.add(order.id));
    controlSocket.on('order_updated', (order: { id: number }) => controlSeen.add(order.id));
    const poster = await login(urlA, 'dispecer@ogo.local');
    const before = await placeOrder(urlA, poster.token, 'Înainte');
    await until(() => seen.has(before), 'the first order on his socket');

    const edit = await api(urlA, admin.token, 'PATCH', `/api/users/${created.body.id}`, {
      roles: ['client'],
    });
    expect(edit.status).toBe(200);
    // Node B learns it from the users' change stream (a wake-up, else its poll).
    await until(
      async () => (await api(urlB, demoted.token, 'GET', '/api/orders')).status === 403,
      'REST on node B refusing him',
    );
    const after = await placeOrder(urlA, poster.token, 'După');
    await until(() => controlSeen.has(after), "the second order on a colleague's socket on node B");
    expect(seen.has(after)).toBe(false);
  });

  it('ends on node B a simulator session whose dispatcher logged out on node A', async () => {
    const dispatcher = await login(urlA, 'dispecer2@ogo.local');
    const drivers = await api<{ data: { id: number }[] }>(
      urlA,
      dispatcher.token,
      'GET',
      '/api/users?role=driver&per_page=1',
    );
    const driverId = drivers.body.data[0]?.id;
    const minted = await api<{ token: string }>(
      urlA,
      dispatcher.token,
      'POST',
      '/api/simulator/sessions',
      {
        driver_id: driverId,
      },
    );
    expect(minted.status).toBe(201);
    const simulated = await openSocket(urlB, minted.body.token);
    const gone = new Promise((resolve) => simulated.once('disconnect', resolve));
    expect((await api(urlA, dispatcher.token, 'DELETE', '/api/access-tokens')).status).toBe(204);
    await gone;
    await until(
      async () =>
        (await api(urlB, minted.body.token, 'GET', '/api/drivers/me/status')).status === 401,
      'REST on node B refusing the simulator',
    );
  });

  it('lets a dispatcher on node A and a driver on node B talk live, and catch up after a cut', async () => {
    type Sent = { id: number; message: string; sender_id: number };
    type Status = { status: string; up_to_id: number; sender_id: number };
    const dispatcher = await login(urlA, 'dispecer@ogo.local');
    const driver = await login(urlB, 'sofer101@ogo.local');
    const me = async (url: string, token: string) =>
      (await api<{ id: number }>(url, token, 'GET', '/api/verify-access-tokens')).body.id;
    const dispatcherId = await me(urlA, dispatcher.token);
    const driverId = await me(urlB, driver.token);
    const onA = await openSocket(urlA, dispatcher.token);
    let onB = await openSocket(urlB, driver.token);
    const heardByDriver: Sent[] = [];
    const heardByDispatcher: Sent[] = [];
    const statuses: Status[] = [];
    const listen = (socket: typeof onB) =>
      socket.on('message received', (message) => heardByDriver.push(message as Sent));
    listen(onB);
    onA.on('message received', (message) => heardByDispatcher.push(message as Sent));
    onA.on('message_status', (status) => statuses.push(status));

    const send = (url: string, token: string, to: number, message: string) =>
      api<Sent>(url, token, 'POST', '/api/messages/to-user', { user_id: to, message });
    const first = await send(urlA, dispatcher.token, driverId, 'Treci pe la dispecerat');
    expect(first.status).toBe(201);
    await until(
      () => heardByDriver.some((m) => m.id === first.body.id),
      'the driver on B hearing A',
    );
    const answer = await send(urlB, driver.token, dispatcherId, 'Vin în 10 minute');
    expect(answer.status).toBe(201);
    await until(
      () => heardByDispatcher.some((m) => m.id === answer.body.id),
      'the dispatcher on A hearing B',
    );

    // The driver's line is cut; two messages are written meanwhile, on both nodes.
    onB.disconnect();
    const missed = [
      await send(urlA, dispatcher.token, driverId, 'Ai o comandă la gară'),
      await send(urlB, dispatcher.token, driverId, 'Confirmă te rog'),
    ].map((r) => r.body.id);
    onB = await openSocket(urlB, driver.token);
    listen(onB);
    const page = await api<{ data: Sent[] }>(
      urlB,
      driver.token,
      'GET',
      `/api/messages/self?interlocutor_id=${dispatcherId}`,
    );
    // Newest first, each once, nothing lost.
    const ids = page.body.data.map((m) => m.id);
    expect(ids.slice(0, 4)).toEqual([missed[1], missed[0], answer.body.id, first.body.id]);
    expect(new Set(ids).size).toBe(ids.length);

    // Read on node B: the dispatcher's socket on node A sees the read tick.
    (onB as unknown as Socket<ServerToClientEvents, ClientToServerEvents>).emit('messageRead', {
      interlocutor_id: dispatcherId,
    });
    await until(
      () => statuses.some((s) => s.status === 'read' && s.up_to_id === missed[1]),
      "the read tick on the dispatcher's socket on A",
    );
    const unread = await api<{ count: number }>(
      urlB,
      driver.token,
      'GET',
      '/api/messages/unread-count',
    );
    expect(unread.body.count).toBe(0);
  });

  it("keeps the drivers' ledger whole with money moved on both nodes at once", async () => {
    type Balance = { driver_id: number; balance: number };
    type Entry = { amount: number; balance_after: number; kind: string };
    const managers = await Promise.all([urlA, urlB].map((url) => login(url, 'manager@ogo.local')));
    const post = (node: number, path: string, body: object, key?: string) =>
      fetch(`${[urlA, urlB][node]}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${managers[node]?.token}`,
          'content-type': 'application/json',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: JSON.stringify(body),
      });
    const balances = async () =>
      (
        await api<{ data: Balance[] }>(
          urlB,
          managers[1]?.token ?? '',
          'GET',
          '/api/driver-balances?per_page=100',
        )
      ).body.data;
    const before = await balances();
    const drivers = before.slice(0, 4).map((row) => row.driver_id);
    const sum = (rows: Balance[]) =>
      rows
        .filter((row) => drivers.includes(row.driver_id))
        .reduce((total, row) => total + row.balance, 0);

    const key = `cluster-top-up-${process.pid}`;
    const moves = [0, 1].map((node) =>
      post(node, '/api/ledger/top-ups', { driver_id: drivers[0], amount: 777 }, key),
    );
    for (let i = 0; i < 24; i++) {
      const from = drivers[i % 4] as number;
      const to = drivers[(i + 1 + (i % 3)) % 4] as number;
      moves.push(
        post(i % 2, '/api/ledger/transfers', {
          from_driver_id: from,
          to_driver_id: to,
          amount: 1_000 + i * 250,
        }),
      );
    }
    const statuses = (await Promise.all(moves)).map((r) => r.status);
    expect(statuses.slice(0, 2)).toEqual([201, 201]);
    expect(statuses.every((status) => status === 201 || status === 422)).toBe(true);

    // Money only moved between them, plus the one top-up (sent to both nodes with one key).
    const after = await balances();
    expect(sum(after)).toBe(sum(before) + 777);
    for (const driverId of drivers) {
      const { body } = await api<{ data: Entry[] }>(
        urlA,
        managers[0]?.token ?? '',
        'GET',
        `/api/ledger-entries?driver_id=${driverId}&per_page=100`,
      );
      const balance = after.find((row) => row.driver_id === driverId)?.balance;
      expect(body.data[0]?.balance_after).toBe(balance);
      expect(body.data.filter((e) => e.kind === 'transfer_out' && e.balance_after < 0)).toEqual([]);
    }
  });

  it('counts failed logins across nodes (Redis-backed limit)', async () => {
    expect((await login(urlA, 'curier@ogo.local', 'wrong')).status).toBe(401);
    expect((await login(urlB, 'curier@ogo.local', 'wrong')).status).toBe(401);
    expect((await login(urlA, 'curier@ogo.local', 'wrong')).status).toBe(401);
    expect((await login(urlB, 'curier@ogo.local')).status).toBe(429);
  });
});
