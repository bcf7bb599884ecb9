import type { ChildProcess } from 'node:child_process';
import type { DriverOffer } from '@common/dispatch/dispatch.schema';
import { DEFAULT_SEARCH_ITEM, type SearchItem } from '@common/dispatch/search-method.schema';
import type { Order } from '@common/orders/orders.schema';
import type {
  ClientToServerEvents,
  OrderAcceptConfirmedPayload,
  ServerToClientEvents,
} from '@common/realtime/events';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery } from '../test/test-database';
import { clusterProcesses, clusterServices, login } from './cluster-nodes';

/**
 * Searches live in PostgreSQL and nodes share them through leases, so a node killed
 * with SIGKILL in the middle of searches loses nothing: 8 times (FAILOVER_KILLS; 20 in
 * `npm run test:long`), orders are placed on node A
 * and A is killed while they are being offered; node B finishes every search (drivers on B
 * accept and drive), and no order is left searching. A graceful stop hands over at once.
 */
const { databaseUrl: DATABASE_URL, redisUrl: REDIS_URL } = clusterServices();
const KILLS = Number(process.env.FAILOVER_KILLS ?? 8);
const ORDERS_PER_ROUND = 3;
const PICKUP = { lat: 47.1585, long: 27.6014 };

type DriverSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const dbName = `ogo_failover_${process.pid}`;
const cluster = clusterProcesses();
let databaseUrl = '';
let urlB = '';

const env = () => ({
  DATABASE_URL: databaseUrl,
  REDIS_URL: REDIS_URL,
  DEMO_FLEET_DRIVERS: '0',
  DEMO_PBX: 'false',
  // A dead node's claims expire fast, and every node looks for due searches often.
  DISPATCH_LEASE_MS: '1500',
  DISPATCH_POLL_MS: '200',
});

/** Set once the test ends: the drivers' trips still under way may then fail. */
let stopping = false;

async function api<T>(url: string, method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A started node A: its URL and process (the last one the cluster started). */
async function startA(): Promise<{ url: string; child: ChildProcess }> {
  const url = await cluster.startNode(env());
  const child = cluster.children().at(-1) as ChildProcess;
  return { url, child };
}

const killHard = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe('the dispatch engine across a crashing node', () => {
  let dispatcher = '';
  const placed: number[] = [];

  beforeAll(async () => {
    const base = new URL(DATABASE_URL);
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${dbName}`);
    base.pathname = `/${dbName}`;
    databaseUrl = base.toString();
    urlB = await cluster.startNode(env());
    dispatcher = (await login(urlB, 'dispecer@ogo.local')).token;
    // One quick step that reaches the demo drivers wherever they are, then a second one.
    const step: SearchItem = {
      ...DEFAULT_SEARCH_ITEM,
      search_type: 'by_radius',
      search_limit: 20_000,
      search_time: 2,
    };
    const method = await api<{ id: number }>(urlB, 'POST', '/api/search-methods', dispatcher, {
      definitions: { items: [step, step] },
    });
    expect(method.status).toBe(201);
    const intervals = await api<{ id: number }[]>(urlB, 'GET', '/api/search-intervals', dispatcher);
    for (const interval of intervals.body)
      expect(
        (await api(urlB, 'DELETE', `/api/search-intervals/${interval.id}`, dispatcher)).status,
      ).toBe(204);
    expect(
      (
        await api(urlB, 'POST', '/api/search-intervals', dispatcher, {
          search_method_id: method.body.id,
        })
      ).status,
    ).toBe(201);

    // Three demo drivers on node B take every offer and drive the trip at once.
    for (const email of ['sofer101@ogo.local', 'sofer102@ogo.local', 'sofer103@ogo.local']) {
      const { token } = await login(urlB, email);
      expect(
        (await api(urlB, 'PATCH', '/api/drivers/me/status', token, { status: 'online' })).status,
      ).toBe(200);
      const socket = (await cluster.openSocket(urlB, token)) as DriverSocket;
      socket.emit('currentPosition', { ...PICKUP, orderId: null });
      setInterval(
        () => socket.emit('currentPosition', { ...PICKUP, orderId: null }),
        2_000,
      ).unref();
      socket.on('order_available', (offer: DriverOffer) => {
        socket.emit('accept_order', { orderId: offer.orderId, time: 3 });
      });
      socket.on('order_accept_confirmed', async ({ orderId }: OrderAcceptConfirmedPayload) => {
        try {
          for (const step of ['arrived', 'start', 'finish'])
            await api(urlB, 'POST', `/api/drivers/me/orders/${orderId}/${step}`, token);
        } catch (error) {
          // The nodes stop at the end while a driver may still be driving: not a failure then.
          if (!stopping) throw error;
        }
      });
    }
  }, 120_000);

  afterAll(async () => {
    stopping = true;
    await cluster.stopAll();
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }, 60_000);

  it(`finishes every search after ${KILLS} kill -9 of the node that started them`, async () => {
    for (let round = 0; round < KILLS; round++) {
      const a = await startA();
      const token = (await login(a.url, 'dispecer@ogo.local')).token;
      const orders = await Promise.all(
        Array.from({ length: ORDERS_PER_ROUND }, (_, i) =>
          api<Order>(a.url, 'POST', '/api/orders', token, {
            phone: '0744 555 666',
            client_name: `Runda ${round}.${i}`,
            places: [{ name: 'Piața Unirii', ...PICKUP }],
            place: true,
          }),
        ),
      );
      for (const order of orders) {
        expect(order.status).toBe(201);
        placed.push(order.body.id);
      }
      // Killed while its searches are offering (a step lasts 2 s), at a different moment each round.
      await new Promise((resolve) => setTimeout(resolve, (round * 97) % 1_500));
      await killHard(a.child);
    }

    // Node B alone: within a few steps every search has ended, none is left behind.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const deadline = Date.now() + 60_000;
      let open: { id: number; state: string }[] = [];
      do {
        await new Promise((resolve) => setTimeout(resolve, 500));
        open = (
          await client.query<{ id: number; state: string }>(
            `select o.id, o.state from orders o
             where o.id = any($1::int[]) and (o.state = 'created'
               or exists (select 1 from order_searches s where s.order_id = o.id and s.state = 'running'))`,
            [placed],
          )
        ).rows;
      } while (open.length > 0 && Date.now() < deadline);
      expect(open).toEqual([]);
      const outcomes = (
        await client.query<{ state: string; n: number }>(
          `select state, count(*)::int as n from orders where id = any($1::int[]) group by state`,
          [placed],
        )
      ).rows;
      const total = outcomes.reduce((sum, row) => sum + row.n, 0);
      // 0 orders lost: every placed order is there, and each found its driver or ended clearly.
      expect(total).toBe(KILLS * ORDERS_PER_ROUND);
      expect(
        outcomes.every((row) => ['assigned', 'finished', 'canceled'].includes(row.state)),
      ).toBe(true);
      const finished = outcomes.find((row) => row.state === 'finished')?.n ?? 0;
      expect(finished).toBeGreaterThan(total / 2);
      // And never two drivers, nor two active orders for one driver.
      const doubled = await client.query(
        `select driver_id from orders where state = 'assigned' group by driver_id having count(*) > 1`,
      );
      expect(doubled.rows).toEqual([]);
    } finally {
      await client.end();
    }
  }, 600_000);

  it('hands its searches over at once when stopped gracefully', async () => {
    const a = await startA();
    const token = (await login(a.url, 'dispecer@ogo.local')).token;
    const order = await api<Order>(a.url, 'POST', '/api/orders', token, {
      phone: '0744 555 667',
      client_name: 'Predare',
      places: [{ name: 'Piața Unirii', ...PICKUP }],
      place: true,
    });
    expect(order.status).toBe(201);
    await cluster.stop(a.child);
    const deadline = Date.now() + 15_000;
    let state = 'created';
    while (state === 'created' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      state = (await api<Order>(urlB, 'GET', `/api/orders/${order.body.id}`, dispatcher)).body
        .state;
    }
    expect(['assigned', 'finished']).toContain(state);
  }, 60_000);
});
