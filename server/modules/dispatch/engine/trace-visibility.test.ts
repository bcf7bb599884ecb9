import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DispatchTrace, DriverOffer } from '@common/dispatch/dispatch.schema';
import { DEFAULT_SEARCH_ITEM } from '@common/dispatch/search-method.schema';
import type { PositionAck } from '@common/drivers/drivers.schema';
import type { ClientToServerEvents, ServerToClientEvents } from '@common/realtime/events';
import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../../db/factories';
import { dispatchTrace } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { buildOrder } from '../../../test/order-factory';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Headers = { authorization: string; token: string };

let t: TestApp;
let url: string;
const sockets: ClientSocket[] = [];

const PICKUP = { lat: 47.16, long: 27.58 };
const near = (metres: number) => ({ lat: PICKUP.lat + metres / 111_195, long: PICKUP.long });

beforeAll(async () => {
  // No poll during the test: the placing runs the first step.
  t = await createTestApp({ DISPATCH_POLL_MS: '10000' });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

const api = async <T>(
  method: 'GET' | 'PATCH' | 'POST',
  path: string,
  headers: { authorization: string },
  payload?: object,
) => {
  const response = await t.app.inject({
    method,
    url: path,
    headers: { authorization: headers.authorization },
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, body: response.json<T>() };
};

/** A driver of `companyId` (call sign `indicativ`), online at a point, with his socket. */
async function onlineDriver(companyId: number, indicativ: string, at: typeof PICKUP) {
  const d = await buildDriver(t.db, companyId, { car: { indicativ } });
  const headers: Headers = await t.login(d);
  expect((await api('PATCH', '/api/drivers/me/status', headers, { status: 'online' })).status).toBe(
    200,
  );
  const socket: ClientSocket = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    auth: { token: headers.token },
  });
  sockets.push(socket);
  const offers: DriverOffer[] = [];
  socket.on('order_available', (offer) => offers.push(offer));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = await new Promise<PositionAck>((resolve) =>
    socket.emit('currentPosition', { ...at, orderId: null }, resolve),
  );
  expect(ack).toEqual({ ok: true });
  return { id: d.id, offers };
}

describe('trace visibility', () => {
  it("a dispatch trace never names, counts or measures a driver of a company the order's search may not reach", async () => {
    // Company A widens its own search to 5 km around the pickup; B's driver is 150 m away.
    const a = await buildCompany(t.db, { lat: PICKUP.lat, lng: PICKUP.long });
    const b = await buildCompany(t.db, { lat: PICKUP.lat, lng: PICKUP.long });
    const dispatcher = await t.login(
      await buildUser(t.db, { roles: ['dispatcher'], companyIds: [a.id] }),
    );
    const method = await api<{ id: number }>('POST', '/api/search-methods', dispatcher, {
      definitions: {
        items: [{ ...DEFAULT_SEARCH_ITEM, search_type: 'by_radius', search_limit: 5_000 }],
      },
    });
    expect(method.status).toBe(201);
    const interval = await api('POST', '/api/search-intervals', dispatcher, {
      search_method_id: method.body.id,
    });
    expect(interval.status).toBe(201);

    const own = await onlineDriver(a.id, 'A-OWN-101', near(400));
    const competitor = await onlineDriver(b.id, 'CANARY-B-777', near(150));

    const placed = await t.postOrder(dispatcher, {
      place: true,
      places: [{ name: 'Strada Lungă 1', ...PICKUP }],
    });
    await t.app.dispatch.idle();
    // The offer crosses a real socket.
    for (let waited = 0; own.offers.length === 0 && waited < 3_000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(own.offers.map((o) => o.orderId)).toEqual([placed.id]);
    expect(competitor.offers).toEqual([]);

    const trace = await api<DispatchTrace>(
      'GET',
      `/api/orders/${placed.id}/dispatch-trace`,
      dispatcher,
    );
    expect(trace.status).toBe(200);
    const step = trace.body.entries.find((e) => e.kind === 'step');
    expect(step?.details).toMatchObject({
      offered: [expect.objectContaining({ driver_id: own.id, indicativ: 'A-OWN-101', rank: 1 })],
      skipped: [],
      skipped_count: 0,
    });
    // Nowhere in the answer: not his call sign, his id as a driver, nor his distance (~150 m).
    const json = JSON.stringify(trace.body);
    expect(json).not.toContain('CANARY-B-777');
    expect(json).not.toMatch(new RegExp(`"driver_id":${competitor.id}\\b`));
    expect(json).not.toMatch(/"(distance_m|route_m)":1[45]\d\b/);
  });
});

describe('traces written before the rule (migration 0015)', () => {
  it("drops other companies' drivers from a stored step and its count, and keeps the rest", async () => {
    const company = await buildCompany(t.db);
    const order = await buildOrder(t.db, company.id);
    const step = {
      offered: [],
      skipped: [
        { driver_id: 1, indicativ: 'A1', distance_m: 90, route_m: null, skipped: 'busy' },
        { driver_id: 2, indicativ: 'B1', distance_m: 150, route_m: null, skipped: 'other_company' },
      ],
      skipped_count: 2,
    };
    await t.db.insert(dispatchTrace).values({
      order_id: order.id,
      generation: 1,
      step: 0,
      kind: 'step',
      at_ms: 0,
      details: step,
    });
    const migration = readFileSync(
      fileURLToPath(new URL('../../../db/migrations/0015_trace-visibility.sql', import.meta.url)),
      'utf8',
    );
    await t.db.execute(sql.raw(migration));
    const [row] = await t.db
      .select({ details: dispatchTrace.details })
      .from(dispatchTrace)
      .where(eq(dispatchTrace.order_id, order.id));
    expect(row?.details).toEqual({ ...step, skipped: [step.skipped[0]], skipped_count: 1 });
  });
});
