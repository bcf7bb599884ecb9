import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DispatchTrace } from '@common/dispatch/dispatch.schema';
import type { SearchInterval } from '@common/dispatch/search-config.schema';
import { DEFAULT_BAN_CONDITIONS, type SearchItem } from '@common/dispatch/search-method.schema';
import type { DriverPosition } from '@common/drivers/drivers.schema';
import type { Order } from '@common/orders/orders.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SEARCH_STEPS } from '../db/seed';

/**
 * `npm start` on a fresh data
 * directory seeds the demo company's search method, and its demo fleet answers the offers and
 * drives the order to the end. The fleet's driving runs 60 times faster than real time
 * (DEMO_FLEET_TIME_SCALE) and always accepts, and the test gives the company short steps, so
 * one order's whole story takes seconds.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ogo-demo-dispatch-'));
const PORT = 3299;
const URL = `http://127.0.0.1:${PORT}`;
const IASI = { lat: 47.1585, long: 27.6014 };
let server: ChildProcess;
let output = '';
let token: string;

async function call<T>(method: string, url: string, body?: unknown, bearer = token): Promise<T> {
  const response = await fetch(`${URL}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Polls until `check` passes (or the time is up, then it throws its last failure). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => void, ms: number) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    try {
      check(value);
      return value;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

beforeAll(async () => {
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'debug',
      DEMO_FLEET_DRIVERS: '3',
      DEMO_PBX: 'false',
      DEMO_FLEET_ACCEPT_PROBABILITY: '1',
      DEMO_FLEET_CANCEL_PROBABILITY: '0',
      DEMO_FLEET_TIME_SCALE: '60',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  let ready = false;
  for (let i = 0; i < 480 && !ready && server.exitCode === null; i++) {
    ready = await fetch(`${URL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(ready).toBe(true);
  token = await login('dispecer@ogo.local');
}, 150_000);

async function login(email: string): Promise<string> {
  const response = await fetch(`${URL}/api/access-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'ogo-demo' }),
  });
  return ((await response.json()) as { token: string }).token;
}

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A quick step for the test: every driver within 20 km, offered at once. */
const quickStep = (seconds: number): SearchItem => ({
  search_type: 'by_radius',
  search_time: seconds,
  search_limit: 20_000,
  search_order_by: 'by_distance',
  notification_method: 'all',
  exclude_previous: false,
  ban_conditions: DEFAULT_BAN_CONDITIONS,
});

describe('the demo dispatches by itself', () => {
  it('the demo company has a search method every day, widening a radius around the pickup', async () => {
    const intervals = await call<SearchInterval[]>('GET', '/api/search-intervals');
    expect(intervals).toHaveLength(1);
    const [interval] = intervals;
    expect(interval?.value).toEqual({
      time_from: '00:00:00',
      time_to: '23:59:59',
      selected_day: null,
      custom_day: null,
    });
    expect(interval?.search_method.definitions.items).toEqual(DEMO_SEARCH_STEPS);
  });

  it('an order placed near the demo fleet is assigned to one of them and finished, within seconds', async () => {
    // Short steps for this test (the demo's first step is 10 s); a second one in case every
    // driver was resting during the first.
    const [interval] = await call<SearchInterval[]>('GET', '/api/search-intervals');
    await call('PATCH', `/api/search-methods/${interval?.search_method_id}`, {
      definitions: { items: [quickStep(4), quickStep(4)] },
    });
    const fleet = await eventually(
      () => call<DriverPosition[]>('GET', '/api/drivers-positions'),
      (list) => expect(list.length).toBeGreaterThanOrEqual(2),
      20_000,
    );
    const fleetIds = new Set(fleet.map((p) => p.userId));

    const placedAt = Date.now();
    const placed = await call<Order>('POST', '/api/orders', {
      phone: '0744 555 018',
      client_name: 'Client demo',
      places: [
        { name: 'Piața Unirii', lat: IASI.lat, long: IASI.long },
        { name: 'Palas', lat: 47.1552, long: 27.5876 },
      ],
    });
    expect(placed.state).toBe('created');

    const assigned = await eventually(
      () => call<Order>('GET', `/api/orders/${placed.id}`),
      (order) => expect(order.state).toBe('assigned'),
      15_000,
    );
    expect(fleetIds.has(assigned.driver_id as number)).toBe(true);
    // He said how many minutes he needs (at least 1, from his distance).
    expect(assigned.waiting_driver_time).toBeGreaterThanOrEqual(1);

    const finished = await eventually(
      () => call<Order>('GET', `/api/orders/${placed.id}`),
      (order) => expect(order.state, output.slice(-3_000)).toBe('finished'),
      30_000,
    );
    expect(finished.driver_id).toBe(assigned.driver_id);
    expect(finished.trip_started_at).not.toBeNull();
    expect(finished.trip_finished_at).not.toBeNull();
    expect(Date.now() - placedAt).toBeLessThan(45_000);

    // The trace tells it: offered, seen, accepted, confirmed.
    const trace = await call<DispatchTrace>('GET', `/api/orders/${placed.id}/dispatch-trace`);
    const kinds = new Set(trace.entries.map((entry) => entry.kind));
    for (const kind of ['step', 'viewed', 'accepted', 'confirmed'] as const)
      expect(kinds.has(kind)).toBe(true);
  }, 60_000);

  /**
   * Deliveries used to be canceled 'Șoferii nu au fost găsiți' at once: the courier company's
   * couriers never came online, and the restaurant had none. With the demo's own search method
   * (nothing shortened here), each company's order goes from its door to a courier of its own.
   */
  it.each([
    {
      email: 'curier@ogo.local',
      from: { name: 'Rapid Curier Cluj', lat: 46.7712, long: 23.6236 },
      to: { name: 'Strada Memorandumului 1', lat: 46.7694, long: 23.5861 },
    },
    {
      email: 'restaurant@ogo.local',
      from: { name: 'Bistro Copou', lat: 47.1784, long: 27.5692 },
      to: { name: 'Strada Lăpușneanu 14', lat: 47.1643, long: 27.5836 },
    },
  ])(
    'a delivery of $email is taken by one of its own couriers and delivered',
    async ({ email, from, to }) => {
      const bearer = await login(email);
      const couriers = await eventually(
        () => call<DriverPosition[]>('GET', '/api/drivers-positions', undefined, bearer),
        (list) => expect(list.length).toBeGreaterThanOrEqual(2),
        20_000,
      );
      const courierIds = new Set(couriers.map((p) => p.userId));
      const placed = await call<Order>(
        'POST',
        '/api/orders',
        { phone: '0744 555 019', client_name: 'Destinatar demo', places: [from, to] },
        bearer,
      );
      const assigned = await eventually(
        () => call<Order>('GET', `/api/orders/${placed.id}`, undefined, bearer),
        (order) => expect(order.state, output.slice(-3_000)).toBe('assigned'),
        25_000,
      );
      expect(courierIds.has(assigned.driver_id as number)).toBe(true);
      const delivered = await eventually(
        () => call<Order>('GET', `/api/orders/${placed.id}`, undefined, bearer),
        (order) => expect(order.state, output.slice(-3_000)).toBe('finished'),
        40_000,
      );
      expect(delivered.driver_id).toBe(assigned.driver_id);
    },
    90_000,
  );
});
