import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery } from '../test/test-database';
import { clusterProcesses, clusterServices, freePort, login } from './cluster-nodes';

/**
 * Every node's lists follow the orders' change stream, so node B shows
 * what node A wrote — its four tabs, their counters, the top bar's counts and GET /api/orders
 * pages 1 and deep — and converges by itself within seconds when the bus between them fails:
 * a Redis restarted mid-way, or a node that ignores every wake-up (as if all were lost). The
 * nodes cache for 60 s, so nothing but the stream can make them fresh within the test.
 */
const { databaseUrl: DATABASE_URL } = clusterServices();

const dbName = `ogo_stream_${process.pid}`;
const cluster = clusterProcesses();
let databaseUrl = '';
let redisPort = 0;
let redis: ChildProcess | undefined;
let urlA = '';
let urlB = '';
/** A node that drops every wake-up from the others: it follows the stream by polling alone. */
let urlDeaf = '';
let tokenA = '';
let driverId = 0;

const node = (extra: Record<string, string> = {}) =>
  cluster.startNode({
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    CONSOLE_CACHE_MS: '60000',
    ...extra,
  });

const call = async (url: string, token: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
};

/** Every view of orders a console reads, as one node answers them (ids and what they show). */
async function views(url: string, token: string) {
  const get = (path: string) => call(url, token, 'GET', path);
  const rows = (page: unknown) =>
    (page as { data: Record<string, unknown>[] }).data.map(
      (o) => `${o.id}:${o.state}:${o.client_name}:${(o.client as { name?: string } | null)?.name}`,
    );
  const total = (page: unknown) => (page as { meta: { total: number } }).meta.total;
  const tabs: Record<string, string[]> = {};
  for (const tab of ['in-call', 'live', 'finished', 'canceled']) {
    tabs[tab] = rows(await get(`/api/dispatcher-orders/${tab}?per_page=100`));
  }
  const first = await get('/api/orders?per_page=15');
  const lastPage = Math.max(1, Math.ceil(total(first) / 15));
  return {
    // Offset 1,035: a page served from a followed window (page-windows.ts).
    ordersWindow: rows(await get('/api/orders?per_page=15&page=70')),
    tabs,
    statistics: await get('/api/dispatcher-orders/statistics'),
    live: await get('/api/dispatcher-orders/live-statistics'),
    ordersPage1: rows(first),
    total: total(first),
    ordersDeep: rows(await get(`/api/orders?per_page=15&page=${lastPage}`)),
  };
}

/** Node `other` answers as node A does within `ms`. */
async function converges(other: string, ms = 8_000) {
  const tokenOther = (await login(other, 'dispecer@ogo.local')).token;
  const deadline = Date.now() + ms;
  for (;;) {
    const [want, got] = [await views(urlA, tokenA), await views(other, tokenOther)];
    try {
      expect(got).toEqual(want);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** On node A: place, rename the client, cancel, retry, cancel, assign by hand. */
async function orderLifecycle(between: () => Promise<void> = async () => {}) {
  const placed = (await call(urlA, tokenA, 'POST', '/api/orders', {
    phone: `0744 ${String(Date.now()).slice(-6)}`,
    client_name: 'Client urmărit',
    places: [{ name: 'Strada Păcurari 10', lat: 47.17, long: 27.56 }],
  })) as { id: number };
  const id = placed.id;
  const step = async (method: string, path: string, body?: unknown) => {
    await call(urlA, tokenA, method, `/api/orders/${id}${path}`, body);
    await between();
  };
  await between();
  await step('PATCH', '/update-name', { name: 'Client redenumit' });
  await step('PATCH', '/cancel', { reason_text: 'test' });
  await step('PATCH', '/retry');
  await step('PATCH', '/cancel', {});
  await step('PATCH', '/set-driver-and-finish', { driverId });
  return id;
}

describe('the orders change stream across nodes', () => {
  beforeAll(async () => {
    const base = new URL(DATABASE_URL);
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${dbName}`);
    base.pathname = `/${dbName}`;
    databaseUrl = base.toString();
    redisPort = await freePort();
    redis = await cluster.startRedis(redisPort);
    urlA = await node();
    [urlB, urlDeaf] = await Promise.all([node(), node({ TEST_DROP_ORDER_WAKEUPS: 'true' })]);
    tokenA = (await login(urlA, 'dispecer@ogo.local')).token;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    // Past orders enough for GET /api/orders' deep pages (offset ≥ 1,000: page windows),
    // loaded before any node has read a list.
    await client.query(
      `insert into orders (state, phone, client_name, created_by_company_id, processed_by_company_id,
         address, created_at, closed_at)
       select 'finished', '+40744' || lpad(n::text, 6, '0'), 'Client vechi ' || n, cu.company_id,
         cu.company_id, 'Strada Veche ' || n,
         (now() at time zone 'utc') - make_interval(days => 2, mins => n),
         (now() at time zone 'utc') - make_interval(days => 2, mins => n)
       from generate_series(1, 1100) n, company_users cu join users u on u.id = cu.user_id
       where u.email = 'dispecer@ogo.local'`,
    );
    const found = await client.query<{ id: number }>(
      `select u.id from users u join company_users cu on cu.user_id = u.id
       join company_users me on me.company_id = cu.company_id
       join users d on d.id = me.user_id and d.email = 'dispecer@ogo.local'
       where 'driver' = any(u.roles) order by u.id limit 1`,
    );
    await client.end();
    driverId = found.rows[0]?.id ?? 0;
    expect(driverId).toBeGreaterThan(0);
  }, 180_000);

  afterAll(async () => {
    await cluster.stopAll();
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }, 60_000);

  it('shows on node B every step of an order written on node A: tabs, counters, pages 1 and deep', async () => {
    // Node B reads (and caches for 60 s) every view first.
    await converges(urlB);
    await orderLifecycle(() => converges(urlB));
  });

  it('converges after Redis restarts mid-way, without restarting a node', async () => {
    await converges(urlB);
    let restarted = false;
    await orderLifecycle(async () => {
      if (restarted || !redis) return;
      restarted = true;
      await cluster.stop(redis);
      // Written while the bus is down: no wake-up reaches node B.
      await call(urlA, tokenA, 'POST', '/api/orders', {
        phone: '0744 000 777',
        client_name: 'Scris fără Redis',
        places: [{ name: 'Strada Sărăriei 5', lat: 47.17, long: 27.58 }],
      });
      await converges(urlB);
      redis = await cluster.startRedis(redisPort);
    });
    await converges(urlB);
  });

  it('converges on a node that drops every message of the bus, by reading the stream alone', async () => {
    await converges(urlDeaf);
    await orderLifecycle(() => converges(urlDeaf));
  });
});
