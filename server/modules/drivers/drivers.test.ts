import type {
  BanResult,
  DriverPosition,
  DriverState,
  DriversInfo,
  PositionAck,
  ZoneStatistics,
} from '@common/drivers/drivers.schema';
import type {
  ClientToServerEvents,
  DriversPositionsPayload,
  ServerToClientEvents,
} from '@common/realtime/events';
import type { User } from '@common/users/users.schema';
import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { driverPositionHistory, driverPositions } from '../../db/schema';
import { seededRandom } from '../../db/seeded-random';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrder } from '../../test/order-factory';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Headers = { authorization: string; token: string };

let t: TestApp;
let url: string;
let companyId: number;
let dispatcher: Headers;
let stranger: Headers;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({ DRIVER_POSITIONS_FLUSH_MS: '5000' });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  companyId = (await buildCompany(t.db, { lat: 47.16, lng: 27.6 })).id;
  const other = await buildCompany(t.db);
  const d = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyId] });
  const s = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [other.id] });
  dispatcher = await t.login(d);
  stranger = await t.login(s);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

const open = async (token: string) => {
  const socket: ClientSocket = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    auth: { token },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
};

const send = (socket: ClientSocket, payload: unknown) =>
  new Promise<PositionAck>((resolve) => socket.emit('currentPosition', payload, resolve));

const api = async <T>(
  method: 'GET' | 'PATCH' | 'POST',
  path: string,
  headers: Headers,
  payload?: unknown,
) => {
  const response = await t.app.inject({
    method,
    url: path,
    headers: { authorization: headers.authorization },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json<T>() };
};

/** A driver of the test company, logged in, with his socket. */
async function onlineDriver(status: 'online' | 'paused' = 'online') {
  const driver = await buildDriver(t.db, companyId);
  const headers = await t.login(driver);
  const answer = await api<DriverState>('PATCH', '/api/drivers/me/status', headers, { status });
  expect(answer.status).toBe(200);
  const socket = await open(headers.token);
  return { driver, headers, socket, state: answer.body };
}

const positions = async (headers: Headers = dispatcher) =>
  (await api<DriverPosition[]>('GET', '/api/drivers-positions', headers)).body;

describe('driver status (docs/DRIVER-API.md)', () => {
  it('goes online, paused and offline through the write path, each a new change number', async () => {
    const { headers, state } = await onlineDriver();
    expect(state).toMatchObject({ is_online: true, is_paused: false, is_busy: false });
    expect(state.idle_from).not.toBeNull();
    const paused = await api<DriverState>('PATCH', '/api/drivers/me/status', headers, {
      status: 'paused',
    });
    expect(paused.body).toMatchObject({ is_online: true, is_paused: true });
    // A pause keeps his place in the idle queue (idle_from).
    expect(paused.body.idle_from).toBe(state.idle_from);
    expect(paused.body.seq).toBeGreaterThan(state.seq);
    const offline = await api<DriverState>('PATCH', '/api/drivers/me/status', headers, {
      status: 'offline',
    });
    expect(offline.body).toMatchObject({ is_online: false, is_paused: false, idle_from: null });
    const own = await api<DriverState>('GET', '/api/drivers/me/status', headers);
    expect(own.body.seq).toBe(offline.body.seq);
  });

  it('knows a driver created after the node started before his first state change', async () => {
    const driver = await buildDriver(t.db, companyId);
    const headers = await t.login(driver);
    const socket = await open(headers.token);
    expect(await send(socket, { long: 27.6, lat: 47.16 })).toEqual({ ok: true });
    const own = await api<DriverState>('GET', '/api/drivers/me/status', headers);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ driver_id: driver.id, is_online: false });
    // Offline: positions are kept, the map does not show him.
    expect((await positions()).some((p) => p.userId === driver.id)).toBe(false);
  });

  it('is for drivers only, and refuses an unknown status field by field', async () => {
    expect(
      (await api('PATCH', '/api/drivers/me/status', dispatcher, { status: 'online' })).status,
    ).toBe(403);
    const { headers } = await onlineDriver();
    const bad = await api<{ errors: Record<string, string[]> }>(
      'PATCH',
      '/api/drivers/me/status',
      headers,
      {
        status: 'flying',
      },
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['status']);
  });
});

describe('currentPosition and GET /api/drivers-positions', () => {
  it("puts an online driver on his company's map, not on another company's", async () => {
    const { driver, socket } = await onlineDriver();
    expect(await send(socket, { long: 27.6, lat: 47.16, userId: 1, polygonId: 99 })).toEqual({
      ok: true,
    });
    const mine = (await positions()).find((p) => p.userId === driver.id);
    expect(mine).toMatchObject({
      indicativ: driver.car.indicativ,
      lat: 47.16,
      long: 27.6,
      is_busy: false,
      is_paused: false,
      on_offer: false,
      polygonId: null,
    });
    expect((await positions(stranger)).some((p) => p.userId === driver.id)).toBe(false);
    expect(
      (
        await api('GET', '/api/drivers-positions', {
          authorization: `Bearer ${(await t.login(driver)).token}`,
          token: '',
        })
      ).status,
    ).toBe(403);
  });

  it("moves the socket's own driver whatever userId the payload names", async () => {
    const a = await onlineDriver();
    const b = await onlineDriver();
    await send(b.socket, { long: 27.5, lat: 47.1 });
    expect(await send(a.socket, { long: 27.61, lat: 47.17, userId: b.driver.id })).toEqual({
      ok: true,
    });
    const all = await positions();
    expect(all.find((p) => p.userId === b.driver.id)).toMatchObject({ long: 27.5, lat: 47.1 });
    expect(all.find((p) => p.userId === a.driver.id)).toMatchObject({ long: 27.61, lat: 47.17 });
  });

  it('refuses malformed and out-of-range positions field by field and stores none', async () => {
    const { driver, socket } = await onlineDriver();
    expect(await send(socket, { long: 200, lat: 47 })).toMatchObject({
      ok: false,
      errors: { long: [expect.stringContaining('-180')] },
    });
    expect(await send(socket, { long: 27, lat: '47' })).toMatchObject({
      ok: false,
      errors: { lat: [expect.any(String)] },
    });
    expect(await send(socket, 'here')).toMatchObject({
      ok: false,
      errors: { position: [expect.any(String)] },
    });
    expect(await send(socket, { long: 27, lat: 47, orderId: -3 })).toMatchObject({
      ok: false,
      errors: { orderId: [expect.any(String)] },
    });
    expect((await positions()).some((p) => p.userId === driver.id)).toBe(false);
    await t.app.fleet.flush();
    const stored = await t.db
      .select()
      .from(driverPositions)
      .where(eq(driverPositions.driver_id, driver.id));
    expect(stored).toEqual([]);
  });

  it('answers seeded random payloads with ok or field errors, and stores only valid positions', async () => {
    const rng = seededRandom(0x17_17);
    const values = [
      null,
      true,
      'x',
      '47.1',
      [],
      {},
      0,
      -0,
      91,
      -181,
      1e308,
      Number.NaN,
      27.6,
      47.16,
      42,
    ];
    const any = () => values[Math.floor(rng() * values.length)];
    // Under the flood guard's 50 packets per 10 s per connection: several drivers.
    for (let d = 0; d < 4; d++) {
      const { driver, socket } = await onlineDriver();
      for (let i = 0; i < 40; i++) {
        const payload: Record<string, unknown> = {};
        for (const key of ['long', 'lat', 'orderId', 'userId', 'polygonId', 'extra']) {
          if (rng() < 0.8) payload[key] = any();
        }
        const answer = await send(socket, rng() < 0.1 ? any() : payload);
        const valid =
          typeof payload.long === 'number' &&
          Math.abs(payload.long) <= 180 &&
          typeof payload.lat === 'number' &&
          Math.abs(payload.lat) <= 90;
        if (answer.ok) expect(valid).toBe(true);
        else expect(Object.values(answer.errors).flat().length).toBeGreaterThan(0);
      }
      for (const p of await positions()) {
        if (p.userId !== driver.id) continue;
        expect(Math.abs(p.long)).toBeLessThanOrEqual(180);
        expect(Math.abs(p.lat)).toBeLessThanOrEqual(90);
      }
    }
  });

  it('refuses positions from a socket that is not a driver', async () => {
    const socket = await open(dispatcher.token);
    // The server registers no handler for a console socket: the ack never comes.
    const answer = await Promise.race([
      send(socket, { long: 27, lat: 47 }),
      new Promise((resolve) => setTimeout(() => resolve('no answer'), 300)),
    ]);
    expect(answer).toBe('no answer');
  });

  it('writes positions in one batch per flush: the last per driver, and every one to the history', async () => {
    const { driver, socket } = await onlineDriver();
    // The order he drives (a position names only an order he holds).
    const trip = await buildOrder(t.db, companyId, { state: 'assigned', driver_id: driver.id });
    await send(socket, { long: 27.55, lat: 47.15 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await send(socket, { long: 27.56, lat: 47.151, orderId: trip.id });
    await t.app.fleet.flush();
    const [last] = await t.db
      .select()
      .from(driverPositions)
      .where(eq(driverPositions.driver_id, driver.id));
    expect(last).toMatchObject({ long: 27.56, lat: 47.151, order_id: trip.id });
    const history = await t.db
      .select()
      .from(driverPositionHistory)
      .where(eq(driverPositionHistory.driver_id, driver.id));
    expect(history.map((row) => row.long).sort()).toEqual([27.55, 27.56]);
  });

  it('pushes batched deltas to the dispatchers, and the driver leaving when he goes offline', async () => {
    const watcher = await open(dispatcher.token);
    const outsider = await open(stranger.token);
    const seen: DriversPositionsPayload[] = [];
    const strangerSaw: DriversPositionsPayload[] = [];
    const states: DriverState[] = [];
    watcher.on('drivers_positions', (payload) => seen.push(payload));
    watcher.on('driver_state_updated', (state) => states.push(state));
    outsider.on('drivers_positions', (payload) => strangerSaw.push(payload));
    const { driver, headers, socket } = await onlineDriver();
    for (let i = 0; i < 5; i++) await send(socket, { long: 27.6 + i / 1000, lat: 47.16 });
    await expect
      .poll(() => seen.some((b) => b.positions.some((p) => p.userId === driver.id)), {
        timeout: 3_000,
      })
      .toBe(true);
    // Five positions within a second: one message, with the last one.
    const batches = seen.filter((b) => b.positions.some((p) => p.userId === driver.id));
    expect(batches).toHaveLength(1);
    expect(batches[0]?.positions.find((p) => p.userId === driver.id)?.long).toBeCloseTo(27.604);
    await api('PATCH', '/api/drivers/me/status', headers, { status: 'offline' });
    await expect
      .poll(() => seen.some((b) => b.gone.includes(driver.id)), { timeout: 3_000 })
      .toBe(true);
    expect(states.some((s) => s.driver_id === driver.id && !s.is_online)).toBe(true);
    expect(strangerSaw.some((b) => b.positions.some((p) => p.userId === driver.id))).toBe(false);
  });

  it("keeps the company's orders and the other drivers' positions from a driver's socket", async () => {
    const { socket } = await onlineDriver();
    const other = await onlineDriver();
    const watcher = await open(dispatcher.token);
    const driverHeard: string[] = [];
    socket.on('order_updated', () => driverHeard.push('order_updated'));
    socket.on('drivers_positions', () => driverHeard.push('drivers_positions'));
    const dispatcherHeard = new Promise((resolve) => watcher.once('order_updated', resolve));
    await t.postOrder(dispatcher);
    await send(other.socket, { long: 27.6, lat: 47.16 });
    await dispatcherHeard;
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // one fan-out tick
    expect(driverHeard).toEqual([]);
  });

  it("fills the top bar's drivers figures from the live state", async () => {
    const before = (
      await api<{ drivers_online: number; drivers_free: number }>(
        'GET',
        '/api/dispatcher-orders/live-statistics',
        dispatcher,
      )
    ).body;
    const { headers } = await onlineDriver();
    const during = (
      await api<{ drivers_online: number }>(
        'GET',
        '/api/dispatcher-orders/live-statistics',
        dispatcher,
      )
    ).body;
    expect(during.drivers_online).toBe(before.drivers_online + 1);
    await api('PATCH', '/api/drivers/me/status', headers, { status: 'offline' });
    const after = (
      await api<{ drivers_online: number }>(
        'GET',
        '/api/dispatcher-orders/live-statistics',
        dispatcher,
      )
    ).body;
    expect(after.drivers_online).toBe(before.drivers_online);
  });

  it('takes a silent driver offline, and keeps one who reports', async () => {
    const silent = await onlineDriver();
    const talking = await onlineDriver();
    await send(talking.socket, { long: 27.6, lat: 47.16 });
    await t.app.fleet.flush();
    await t.db.execute(
      sql`update users set last_activity_at = last_activity_at - interval '10 minutes' where id in (${silent.driver.id}, ${talking.driver.id})`,
    );
    await t.app.fleet.writes.takeSilentOffline(300);
    const own = (h: Headers) => api<DriverState>('GET', '/api/drivers/me/status', h);
    expect((await own(silent.headers)).body.is_online).toBe(false);
    expect((await own(talking.headers)).body.is_online).toBe(true);
  });
});

describe('PATCH /api/users/{id}/ban', () => {
  const ban = (id: number, body: unknown, headers: Headers = dispatcher) =>
    api<BanResult & { errors?: Record<string, string[]> }>(
      'PATCH',
      `/api/users/${id}/ban`,
      headers,
      body,
    );

  it('bans for a time with a reason, tells the driver, takes him offline, and refuses him online', async () => {
    const { driver, headers, socket } = await onlineDriver();
    const told: DriverState[] = [];
    socket.on('driver_state_updated', (state) => told.push(state));
    const before = Date.now();
    const answer = await ban(driver.id, { unit: 'hours', amount: 3, reason: 'Refuzuri repetate' });
    expect(answer.status).toBe(200);
    expect(answer.body.reason).toBe('Refuzuri repetate');
    const until = new Date(`${answer.body.date?.replace(' ', 'T')}Z`).getTime();
    expect(until - before).toBeGreaterThan(3 * 3_600_000 - 5_000);
    expect(until - before).toBeLessThan(3 * 3_600_000 + 5_000);
    await expect
      .poll(() => told.some((s) => s.ban_until === answer.body.date && !s.is_online))
      .toBe(true);
    const refused = await api<{ message: string }>('PATCH', '/api/drivers/me/status', headers, {
      status: 'online',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('blocat');
    const user = await api<User>('GET', `/api/users/${driver.id}`, dispatcher);
    expect(user.body).toMatchObject({
      ban_until: answer.body.date,
      ban_reason: 'Refuzuri repetate',
      is_online: false,
    });
  });

  it('bans forever until 2100-01-01 00:00:00, and an empty body unbans and clears the reason', async () => {
    const { driver, headers } = await onlineDriver();
    expect((await ban(driver.id, { ban_forever: true, reason: 'Fraudă' })).body).toEqual({
      date: '2100-01-01 00:00:00',
      reason: 'Fraudă',
    });
    expect(
      (await ban(driver.id, { ban_until: '2030-05-01 10:00:00', reason: 'Acte' })).body.date,
    ).toBe('2030-05-01 10:00:00');
    expect((await ban(driver.id, {})).body).toEqual({ date: null, reason: null });
    expect(
      (await api('PATCH', '/api/drivers/me/status', headers, { status: 'online' })).status,
    ).toBe(200);
  });

  it('requires a reason, a known unit and a driver of the caller’s companies', async () => {
    const { driver } = await onlineDriver();
    const noReason = await ban(driver.id, { unit: 'hours', amount: 3 });
    expect(noReason.status).toBe(422);
    const blank = await ban(driver.id, { unit: 'hours', amount: 3, reason: '   ' });
    expect(blank.status).toBe(422);
    expect(JSON.stringify(blank.body.errors)).toContain('Motivul blocării este obligatoriu.');
    expect((await ban(driver.id, { unit: 'weeks', amount: 1, reason: 'x' })).status).toBe(422);
    expect((await ban(driver.id, { unit: 'hours', amount: 3, reason: 'x' }, stranger)).status).toBe(
      404,
    );
    const colleague = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyId] });
    expect((await ban(colleague.id, { unit: 'hours', amount: 3, reason: 'x' })).status).toBe(404);
    const driverHeaders = await t.login(driver);
    expect((await ban(driver.id, {}, driverHeaders)).status).toBe(403);
    const state = await api<DriverState>('GET', '/api/drivers/me/status', driverHeaders);
    expect(state.body.ban_until).toBeNull();
  });
});

describe('zone statistics (GET /api/polygons/statistics, drivers-info)', () => {
  it('counts free and busy drivers per zone from their positions, and lists the free ones', async () => {
    const square = [
      { lat: 47.2, long: 27.7 },
      { lat: 47.2, long: 27.8 },
      { lat: 47.3, long: 27.8 },
      { lat: 47.3, long: 27.7 },
    ];
    const created = await api<{ id: number }>('POST', '/api/polygons', dispatcher, {
      name: 'Nord',
      paths: square,
    });
    expect(created.status).toBe(201);
    const zoneId = created.body.id;
    const inside = await onlineDriver();
    const paused = await onlineDriver('paused');
    await send(inside.socket, { long: 27.75, lat: 47.25 });
    await send(paused.socket, { long: 27.76, lat: 47.26 });
    const stats = await api<ZoneStatistics>('GET', '/api/polygons/statistics', dispatcher);
    expect(stats.body.find((z) => z.polygonId === zoneId)).toEqual({
      polygonId: zoneId,
      name: 'Nord',
      busyDrivers: 0,
      freeDrivers: 1,
    });
    expect((await positions()).find((p) => p.userId === inside.driver.id)?.polygonId).toBe(zoneId);
    const info = await api<DriversInfo>(
      'GET',
      `/api/statistics/drivers-info?polygon_id=${zoneId}`,
      dispatcher,
    );
    expect(info.body).toEqual([
      {
        userId: inside.driver.id,
        indicativ: inside.driver.car.indicativ,
        idle_from: inside.state.idle_from,
      },
    ]);
    expect(
      (await api('GET', `/api/statistics/drivers-info?polygon_id=${zoneId}`, stranger)).status,
    ).toBe(404);
    expect(
      (await api<ZoneStatistics>('GET', '/api/polygons/statistics', stranger)).body.some(
        (z) => z.polygonId === zoneId,
      ),
    ).toBe(false);
    // Leaving the zone: his zone follows his position.
    await send(inside.socket, { long: 27.5, lat: 47.1 });
    expect((await positions()).find((p) => p.userId === inside.driver.id)?.polygonId).toBeNull();
  });
});
