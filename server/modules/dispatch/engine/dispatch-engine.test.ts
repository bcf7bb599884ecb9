import type { DispatchTrace, DriverOffer, DriverSearch } from '@common/dispatch/dispatch.schema';
import type { SearchItem } from '@common/dispatch/search-method.schema';
import { DEFAULT_SEARCH_ITEM } from '@common/dispatch/search-method.schema';
import type { DriverState, PositionAck } from '@common/drivers/drivers.schema';
import type { Order } from '@common/orders/orders.schema';
import type {
  ClientToServerEvents,
  OrderAcceptConfirmedPayload,
  OrderCanceledPayload,
  RemoveLiveOrderPayload,
  ServerToClientEvents,
} from '@common/realtime/events';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../../db/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Headers = { authorization: string; token: string };

/** The engine's clock: the tests move it; steps close when they call `tick`. */
// Starts at the real time: an order placed without a departure departs at the database's now.
let clock = Math.floor(Date.now() / 1000) * 1000;
let t: TestApp;
let url: string;
const sockets: ClientSocket[] = [];

const PICKUP = { lat: 47.16, long: 27.58 };
/** A square zone of ~2 km around the pickup. */
const ZONE = [
  { lat: 47.15, long: 27.565 },
  { lat: 47.15, long: 27.595 },
  { lat: 47.17, long: 27.595 },
  { lat: 47.17, long: 27.565 },
];

beforeAll(async () => {
  // A poll that never comes during a test: steps run when the test ticks the clock.
  t = await createTestApp({ DISPATCH_POLL_MS: '10000' }, { clock: () => clock });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

const api = async <T>(
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
  path: string,
  headers: { authorization: string },
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

/** Every event a socket received, by name. */
function recorder(socket: ClientSocket) {
  const seen: Record<string, unknown[]> = {};
  socket.onAny((event: string, payload: unknown) => {
    seen[event] = [...(seen[event] ?? []), payload];
  });
  return seen;
}

async function open(token: string) {
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
  return { socket, seen: recorder(socket) };
}

/** Waits until `check` holds (events cross a real socket). */
async function until(check: () => boolean, what: string, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A company with its zone, a dispatcher (with his socket) and, optionally, a search method. */
async function company(items?: SearchItem[]) {
  const c = await buildCompany(t.db, { lat: PICKUP.lat, lng: PICKUP.long });
  const user = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [c.id] });
  const dispatcher = await t.login(user);
  const zone = await api<{ id: number }>('POST', '/api/polygons', dispatcher, {
    name: `Centru ${c.id}`,
    paths: ZONE,
  });
  expect(zone.status).toBe(201);
  if (items) {
    const method = await api<{ id: number }>('POST', '/api/search-methods', dispatcher, {
      definitions: { items },
    });
    expect(method.status).toBe(201);
    const interval = await api('POST', '/api/search-intervals', dispatcher, {
      search_method_id: method.body.id,
    });
    expect(interval.status).toBe(201);
  }
  const console = await open(dispatcher.token);
  return { id: c.id, dispatcher, console };
}

/** A driver of the company, online at a point, with his socket. */
async function driver(companyId: number, at: { lat: number; long: number }) {
  const d = await buildDriver(t.db, companyId);
  const headers = await t.login(d);
  const status = await api<DriverState>('PATCH', '/api/drivers/me/status', headers, {
    status: 'online',
  });
  expect(status.status).toBe(200);
  const { socket, seen } = await open(headers.token);
  const ack = await new Promise<PositionAck>((resolve) =>
    socket.emit('currentPosition', { ...at, orderId: null }, resolve),
  );
  expect(ack.ok).toBe(true);
  return { id: d.id, indicativ: d.car.indicativ, headers, socket, seen };
}
type Driver = Awaited<ReturnType<typeof driver>>;

const offersOf = (d: Driver) => (d.seen.order_available ?? []) as DriverOffer[];
const removedOf = (d: Driver) => (d.seen.remove_live_order ?? []) as RemoveLiveOrderPayload[];

const near = (metres: number) => ({ lat: PICKUP.lat + metres / 111_195, long: PICKUP.long });

async function place(headers: Headers, fields: Record<string, unknown> = {}) {
  return t.postOrder(headers, {
    place: true,
    places: [{ name: 'Strada Lungă 1', ...PICKUP }],
    ...fields,
  });
}

const order = async (headers: Headers, id: number) =>
  (await api<Order>('GET', `/api/orders/${id}`, headers)).body;

const accept = (d: Driver, orderId: number, time = 4) =>
  api<{ answer: string }>('POST', '/accept-order', d.headers, { orderId, time, userId: 1 });

/** Moves the engine's clock past the step and runs what is due. */
async function elapse(seconds: number) {
  // What this node started (a placing's first step) ends first, as it would in real time.
  await t.app.dispatch.idle();
  clock += seconds * 1000;
  await t.app.dispatch.tick();
  await t.app.dispatch.idle();
}

const item = (overrides: Partial<SearchItem> = {}): SearchItem => ({
  ...DEFAULT_SEARCH_ITEM,
  ...overrides,
});

describe('the dispatch engine', () => {
  it('offers a placed order to the free drivers of its zone, nearest first, and says why the others were not', async () => {
    const c = await company();
    const close = await driver(c.id, near(200));
    const far = await driver(c.id, near(900));
    const outside = await driver(c.id, near(5_000));
    const paused = await driver(c.id, near(100));
    await api('PATCH', '/api/drivers/me/status', paused.headers, { status: 'paused' });

    const placed = await place(c.dispatcher);
    await until(() => offersOf(close).length === 1 && offersOf(far).length === 1, 'the offers');
    expect(offersOf(close)[0]).toMatchObject({
      orderId: placed.id,
      kind: 'offer',
      address: 'Strada Lungă 1',
    });
    expect(offersOf(close)[0]).not.toHaveProperty('phone');
    expect(offersOf(outside)).toEqual([]);
    expect(offersOf(paused)).toEqual([]);
    // Before anyone answers, the search's drivers read as not viewed, not accepted, not refused.
    const early = await api<DriverSearch>(
      'GET',
      `/order-drivers?orderId=${placed.id}`,
      c.dispatcher,
    );
    expect(early.status).toBe(200);
    expect(early.body.drivers).toContainEqual(
      expect.objectContaining({ viewed: false, accepted: false, refused: false }),
    );

    const trace = await api<DispatchTrace>(
      'GET',
      `/api/orders/${placed.id}/dispatch-trace`,
      c.dispatcher,
    );
    const step = trace.body.entries.find((e) => e.kind === 'step');
    const details = step?.details as {
      offered: { driver_id: number; rank: number }[];
      skipped: { driver_id: number; skipped: string }[];
      item: SearchItem;
    };
    expect(details.item.search_type).toBe('by_zone');
    expect(details.offered.map((o) => [o.driver_id, o.rank])).toEqual([
      [close.id, 1],
      [far.id, 2],
    ]);
    expect(details.skipped).toContainEqual(
      expect.objectContaining({ driver_id: paused.id, skipped: 'paused' }),
    );
    const sent = (c.console.seen.order_sent_to_driver ?? []) as {
      orderId: number;
      driverIds: number[];
    }[];
    await until(
      () => ((c.console.seen.order_sent_to_driver ?? []) as unknown[]).length > 0,
      'order_sent_to_driver',
    );
    expect(sent[0]).toEqual({ orderId: placed.id, driverIds: [close.id, far.id] });
  });

  it('confirms the best accepted driver once the step time has passed, and tells everyone', async () => {
    const c = await company();
    const close = await driver(c.id, near(150));
    const far = await driver(c.id, near(700));
    const placed = await place(c.dispatcher);
    await until(() => offersOf(close).length === 1 && offersOf(far).length === 1, 'the offers');

    close.socket.emit('order_viewed', { orderId: placed.id });
    expect((await accept(far, placed.id, 7)).status).toBe(200);
    expect((await accept(close, placed.id, 4)).status).toBe(200);
    // Accepted, but confirmed only when the search time has passed.
    expect((await order(c.dispatcher, placed.id)).state).toBe('created');
    const search = await api<DriverSearch>(
      'GET',
      `/order-drivers?orderId=${placed.id}`,
      c.dispatcher,
    );
    expect(search.body.params).toEqual({ search_order_by: 'by_distance', search_type: 'by_zone' });
    expect(search.body.drivers.map((d) => [d.driver.id, d.accepted])).toEqual(
      expect.arrayContaining([
        [close.id, true],
        [far.id, true],
      ]),
    );

    await elapse(6);
    const assigned = await order(c.dispatcher, placed.id);
    expect(assigned).toMatchObject({
      state: 'assigned',
      trip_state: 'waiting_driver',
      driver_id: close.id,
      car_indicativ: close.indicativ,
      waiting_driver_time: 4,
    });
    expect(assigned.assigned_at).not.toBeNull();
    await until(() => (close.seen.order_accept_confirmed ?? []).length === 1, 'the confirmation');
    expect(
      (close.seen.order_accept_confirmed as OrderAcceptConfirmedPayload[])[0]?.order.phone,
    ).toBe('+40744555666');
    await until(() => removedOf(far).length === 1, 'the loser told');
    expect(removedOf(far)[0]).toEqual({ orderId: placed.id, reason: 'taken' });
    await until(() => (c.console.seen.order_driver_found ?? []).length === 1, 'order_driver_found');
    expect(t.app.fleet.index.get(close.id)?.is_busy).toBe(true);
    const trace = await api<DispatchTrace>(
      'GET',
      `/api/orders/${placed.id}/dispatch-trace`,
      c.dispatcher,
    );
    expect(trace.body.entries.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['step', 'viewed', 'accepted', 'confirmed']),
    );
  });

  it('drives the trip to its end: arrived, started, finished, and the driver is free again', async () => {
    const c = await company();
    const d = await driver(c.id, near(100));
    const placed = await place(c.dispatcher);
    await until(() => offersOf(d).length === 1, 'the offer');
    await accept(d, placed.id);
    await elapse(6);
    const trip = (step: string) =>
      api<Order>('POST', `/api/drivers/me/orders/${placed.id}/${step}`, d.headers);
    expect((await trip('finish')).status).toBe(409); // not started yet
    expect((await trip('arrived')).body.trip_state).toBe('waiting_client');
    const started = await trip('start');
    expect(started.body).toMatchObject({ trip_state: 'started' });
    expect(started.body.trip_started_at).not.toBeNull();
    const finished = await trip('finish');
    expect(finished.body.state).toBe('finished');
    expect(finished.body.trip_finished_at).not.toBeNull();
    expect(t.app.fleet.index.get(d.id)?.is_busy).toBe(false);
    // Another driver cannot touch it.
    const other = await driver(c.id, near(300));
    expect(
      (await api('POST', `/api/drivers/me/orders/${placed.id}/arrived`, other.headers)).status,
    ).toBe(404);
  });

  it('a driver cancel ends the trip with `driverId~reason` and frees him', async () => {
    const c = await company();
    const d = await driver(c.id, near(100));
    const placed = await place(c.dispatcher);
    await until(() => offersOf(d).length === 1, 'the offer');
    await accept(d, placed.id);
    await elapse(6);
    const canceled = await api<Order>(
      'POST',
      `/api/drivers/me/orders/${placed.id}/cancel`,
      d.headers,
      {
        reason: 'Pană',
      },
    );
    expect(canceled.body).toMatchObject({
      state: 'canceled',
      cancellation_reason_type: 'driver_canceled',
      cancellation_reason_text: `${d.id}~Pană`,
    });
    expect(t.app.fleet.index.get(d.id)?.is_busy).toBe(false);
  });

  it('cancels with no_drivers_found when the steps run out, and the console is told', async () => {
    const c = await company();
    const placed = await place(c.dispatcher);
    await elapse(6);
    const canceled = await order(c.dispatcher, placed.id);
    expect(canceled).toMatchObject({
      state: 'canceled',
      cancellation_reason_type: 'no_drivers_found',
    });
    await until(
      () =>
        ((c.console.seen.order_canceled ?? []) as OrderCanceledPayload[]).some(
          (e) => e.order.id === placed.id && e.reason === 'no_drivers_found',
        ),
      'order_canceled no_drivers_found',
    );
  });

  it('moves to the next step at once when every offered driver refused, and never offers a refuser again', async () => {
    const c = await company([
      item({ search_time: 30 }),
      item({ search_type: 'by_radius', search_limit: 3_000 }),
    ]);
    const refuser = await driver(c.id, near(100));
    const later = await driver(c.id, near(4_000)); // outside the zone, inside 3 km? no: 4 km
    const inRadius = await driver(c.id, near(2_500));
    const placed = await place(c.dispatcher);
    await until(() => offersOf(refuser).length === 1, 'the first offer');
    const refused = await api('POST', '/refuse-order', refuser.headers, { orderId: placed.id });
    expect(refused.status).toBe(200);
    // All refused: the second step opens without waiting the 30 s.
    await until(() => offersOf(inRadius).length === 1, 'the second step');
    expect(offersOf(refuser)).toHaveLength(1);
    expect(offersOf(later)).toEqual([]);
    const trace = await api<DispatchTrace>(
      'GET',
      `/api/orders/${placed.id}/dispatch-trace`,
      c.dispatcher,
    );
    const second = trace.body.entries.filter((e) => e.kind === 'step')[1]?.details as {
      skipped: { driver_id: number; skipped: string }[];
    };
    expect(second.skipped).toContainEqual(
      expect.objectContaining({ driver_id: refuser.id, skipped: 'refused_before' }),
    );
    // An answer to an offer already closed is refused clearly.
    expect((await accept(refuser, placed.id)).status).toBe(409);
  });

  it('by_rotation offers one driver at a time, the next when he refuses', async () => {
    const c = await company([item({ notification_method: 'by_rotation', search_time: 20 })]);
    const first = await driver(c.id, near(100));
    const second = await driver(c.id, near(400));
    const placed = await place(c.dispatcher);
    await until(() => offersOf(first).length === 1, 'the first slot');
    expect(offersOf(second)).toEqual([]);
    await api('POST', '/refuse-order', first.headers, { orderId: placed.id });
    await until(() => offersOf(second).length === 1, 'the second slot');
    // A rotation's accept confirms without waiting for the slot's end.
    await accept(second, placed.id);
    await until(() => (second.seen.order_accept_confirmed ?? []).length === 1, 'the confirmation');
    expect((await order(c.dispatcher, placed.id)).driver_id).toBe(second.id);
  });

  it('notifies only the selected drivers when the order names them (custom_driver_ids)', async () => {
    const c = await company();
    const chosen = await driver(c.id, near(800));
    const nearer = await driver(c.id, near(50));
    const placed = await place(c.dispatcher, { custom_driver_ids: [chosen.id] });
    await until(() => offersOf(chosen).length === 1, 'the chosen driver offered');
    expect(offersOf(chosen)[0]?.orderId).toBe(placed.id);
    expect(offersOf(nearer)).toEqual([]);
  });

  it('notify selected drivers searches again among those only, and needs at least one of the company', async () => {
    const c = await company();
    const nearer = await driver(c.id, near(50));
    const chosen = await driver(c.id, near(900));
    const placed = await place(c.dispatcher);
    await until(() => offersOf(nearer).length === 1, 'the first search');
    const none = await api<{ errors: Record<string, string[]> }>(
      'PATCH',
      `/api/orders/${placed.id}/notify-drivers`,
      c.dispatcher,
      { driver_ids: [] },
    );
    expect(none.status).toBe(422);
    expect(none.body.errors.driver_ids).toEqual(['Vă rugăm să selectați soferi']);
    const stranger = await company();
    const foreign = await driver(stranger.id, near(60));
    const wrong = await api('PATCH', `/api/orders/${placed.id}/notify-drivers`, c.dispatcher, {
      driver_ids: [foreign.id],
    });
    expect(wrong.status).toBe(422);
    expect(
      (
        await api('PATCH', `/api/orders/${placed.id}/notify-drivers`, stranger.dispatcher, {
          driver_ids: [foreign.id],
        })
      ).status,
    ).toBe(404);

    const notified = await api<Order>(
      'PATCH',
      `/api/orders/${placed.id}/notify-drivers`,
      c.dispatcher,
      {
        driver_ids: [chosen.id],
      },
    );
    expect(notified.status).toBe(200);
    expect(notified.body).toMatchObject({ state: 'created', custom_driver_ids: [chosen.id] });
    // The first search offered him too (by zone); the new one offers him alone, a second time.
    await until(() => offersOf(chosen).length === 2, 'the chosen driver offered again');
    // The first search's offer is over: the nearer driver can no longer take it.
    expect((await accept(nearer, placed.id)).status).toBe(409);
    expect((await accept(chosen, placed.id)).status).toBe(200);
    await elapse(6);
    expect((await order(c.dispatcher, placed.id)).driver_id).toBe(chosen.id);
  });

  it('stops the search when the dispatcher cancels, and the offered drivers are told', async () => {
    const c = await company();
    const d = await driver(c.id, near(100));
    const placed = await place(c.dispatcher);
    await until(() => offersOf(d).length === 1, 'the offer');
    const canceled = await api('PATCH', `/api/orders/${placed.id}/cancel`, c.dispatcher, {});
    expect(canceled.status).toBe(200);
    await until(() => removedOf(d).length === 1, 'the withdrawal');
    expect(removedOf(d)[0]).toEqual({ orderId: placed.id, reason: 'canceled' });
    expect((await accept(d, placed.id)).status).toBe(409);
  });

  it('retry starts a new search, and a pinned order is taken from the pending queue at once', async () => {
    const c = await company();
    const placed = await place(c.dispatcher);
    await elapse(6); // nobody: canceled
    const d = await driver(c.id, near(100));
    const retried = await api<Order>('PATCH', `/api/orders/${placed.id}/retry`, c.dispatcher, {});
    expect(retried.body.state).toBe('created');
    await until(() => offersOf(d).length === 1, 'the new search offered');

    const moved = await api<Order>(
      'PATCH',
      `/api/orders/${placed.id}/move-to-pending`,
      c.dispatcher,
      {},
    );
    expect(moved.body.in_pending_queue).toBe(true);
    await until(
      () => removedOf(d).some((r) => r.reason === 'pending'),
      'the offer moved to the queue',
    );
    const mine = await api<DriverOffer[]>('GET', '/api/drivers/me/offers', d.headers);
    expect(mine.body).toContainEqual(
      expect.objectContaining({ orderId: placed.id, kind: 'pending' }),
    );
    expect((await accept(d, placed.id)).status).toBe(200);
    expect(await order(c.dispatcher, placed.id)).toMatchObject({
      state: 'assigned',
      driver_id: d.id,
    });
  });

  it('bans a driver who refused too often under an active ban rule, and resets the idle time of another under a reset rule', async () => {
    const banRule = {
      active: true,
      type: 'ban' as const,
      drivers: { from: 1, to: 1 },
      count: 2,
      reset_interval: 30,
    };
    const c = await company([item({ ban_conditions: banRule })]);
    const d = await driver(c.id, near(100));
    for (let i = 0; i < 2; i++) {
      const placed = await place(c.dispatcher);
      await until(() => offersOf(d).some((o) => o.orderId === placed.id), 'the offer');
      expect((await api('POST', '/refuse-order', d.headers, { orderId: placed.id })).status).toBe(
        200,
      );
    }
    const state = await api<DriverState>('GET', '/api/drivers/me/status', d.headers);
    expect(state.body.is_online).toBe(false);
    expect(state.body.ban_reason).toBe('Refuzuri repetate de comenzi');
    // Banned for reset_interval minutes from the engine's clock.
    expect(state.body.ban_until).toBe(
      new Date(clock + 30 * 60_000).toISOString().slice(0, 19).replace('T', ' '),
    );

    const resetRule = { ...banRule, type: 'reset' as const, count: 1 };
    const r = await company([item({ ban_conditions: resetRule })]);
    const other = await driver(r.id, near(100));
    const before = t.app.fleet.index.get(other.id)?.idle_from;
    await new Promise((resolve) => setTimeout(resolve, 1100)); // idle_from has whole seconds
    const placed = await place(r.dispatcher);
    await until(() => offersOf(other).length === 1, 'the offer');
    await api('POST', '/refuse-order', other.headers, { orderId: placed.id });
    const after = t.app.fleet.index.get(other.id);
    expect(after?.is_online).toBe(true);
    expect(after?.idle_from).not.toBe(before);
  });

  it("a refusal outside the rule's ranks does not count", async () => {
    const rule = {
      active: true,
      type: 'ban' as const,
      drivers: { from: 1, to: 1 },
      count: 1,
      reset_interval: 30,
    };
    const c = await company([item({ ban_conditions: rule })]);
    await driver(c.id, near(50));
    const second = await driver(c.id, near(400));
    const placed = await place(c.dispatcher);
    await until(() => offersOf(second).length === 1, 'the offer');
    await api('POST', '/refuse-order', second.headers, { orderId: placed.id });
    expect(t.app.fleet.index.get(second.id)?.ban_until).toBeNull();
  });

  it("pending shows the order in the drivers' pending list; pending_pinned keeps it in the queue when nobody took it", async () => {
    const c = await company([
      item({ notification_method: 'pending' }),
      item({ notification_method: 'pending_pinned' }),
    ]);
    const d = await driver(c.id, near(100));
    const placed = await place(c.dispatcher);
    await until(() => offersOf(d).length === 1, 'the offer');
    expect(offersOf(d)[0]?.kind).toBe('pending');
    await elapse(6);
    await elapse(6);
    expect(await order(c.dispatcher, placed.id)).toMatchObject({
      state: 'pending',
      in_pending_queue: true,
    });
    await until(
      () => (c.console.seen.pending_orders_updated ?? []).length > 0,
      'pending_orders_updated',
    );
    await until(() => (d.seen.pending_orders_updated ?? []).length > 0, 'the drivers told');
    expect((await accept(d, placed.id)).status).toBe(200);
    expect((await order(c.dispatcher, placed.id)).driver_id).toBe(d.id);
  });

  it("follows the first search interval in order: moving another to the top changes the next order's method", async () => {
    const c = await company([item({ search_type: 'by_zone' })]);
    const radius = await api<{ id: number }>('POST', '/api/search-methods', c.dispatcher, {
      definitions: { items: [item({ search_type: 'by_radius', search_limit: 2_000 })] },
    });
    const created = await api<{ id: number }>('POST', '/api/search-intervals', c.dispatcher, {
      search_method_id: radius.body.id,
    });
    const intervals = await api<{ id: number }[]>('GET', '/api/search-intervals', c.dispatcher);
    const stepOf = async (orderId: number) => {
      const trace = await api<DispatchTrace>(
        'GET',
        `/api/orders/${orderId}/dispatch-trace`,
        c.dispatcher,
      );
      return trace.body.entries.find((e) => e.kind === 'step')?.details as {
        item: SearchItem;
        interval_id: number;
      };
    };
    const first = await place(c.dispatcher);
    await t.app.dispatch.idle();
    expect((await stepOf(first.id)).item.search_type).toBe('by_zone');
    const ids = intervals.body.map((i) => i.id);
    const sorted = await api('POST', '/api/search-intervals/sort', c.dispatcher, {
      ids: [created.body.id, ...ids.filter((id) => id !== created.body.id)],
    });
    expect(sorted.status).toBeLessThan(300);
    const next = await place(c.dispatcher);
    await t.app.dispatch.idle();
    const step = await stepOf(next.id);
    expect(step.item.search_type).toBe('by_radius');
    expect(step.interval_id).toBe(created.body.id);
  });

  it('searches for a booking only its lead time before the departure', async () => {
    const c = await company();
    const d = await driver(c.id, near(100));
    const departure = clock + 24 * 3600_000;
    const placed = await place(c.dispatcher, {
      departure_time: new Date(departure).toISOString().slice(0, 19).replace('T', ' '),
    });
    await elapse(60);
    expect(offersOf(d)).toEqual([]);
    expect((await order(c.dispatcher, placed.id)).state).toBe('created');
    await elapse(24 * 3600 - 15 * 60 - 60); // DISPATCH_PREBOOK_MINUTES (15) before it
    await until(() => offersOf(d).length === 1, 'the booking offered');
    expect(offersOf(d)[0]?.orderId).toBe(placed.id);
  });

  it('never gives one driver two active orders, and keeps each company to its own searches', async () => {
    const c = await company([item({ notification_method: 'by_rotation' })]);
    const d = await driver(c.id, near(100));
    const first = await place(c.dispatcher);
    const second = await place(c.dispatcher);
    await until(() => offersOf(d).length >= 1, 'an offer');
    const [a, b] = await Promise.all([accept(d, first.id), accept(d, second.id)]);
    expect([a.status, b.status]).toContain(200);
    await elapse(6);
    await elapse(6);
    const states = [await order(c.dispatcher, first.id), await order(c.dispatcher, second.id)];
    expect(states.filter((o) => o.state === 'assigned' && o.driver_id === d.id)).toHaveLength(1);

    const stranger = await company();
    expect(
      (await api('GET', `/order-drivers?orderId=${first.id}`, stranger.dispatcher)).status,
    ).toBe(404);
    expect(
      (await api('GET', `/api/orders/${first.id}/dispatch-trace`, stranger.dispatcher)).status,
    ).toBe(404);
    const foreign = await driver(stranger.id, near(50));
    expect((await accept(foreign, second.id)).status).toBe(409);
    expect((await api('POST', '/accept-order', c.dispatcher, { orderId: first.id })).status).toBe(
      403,
    );
  });
});
