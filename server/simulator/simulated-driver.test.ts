import { deleteAccessToken } from '@common/auth/auth.api';
import {
  getMyOffers,
  getMyOrders,
  tripArrived,
  tripCancel,
  tripFinish,
  tripStart,
} from '@common/dispatch/dispatch.api';
import type { DriverOffer, DriverOrder } from '@common/dispatch/dispatch.schema';
import { setDriverStatus } from '@common/drivers/drivers.api';
import type { CurrentPosition, DriverState } from '@common/drivers/drivers.schema';
import type { Endpoint } from '@common/http/define-endpoint';
import type { Order } from '@common/orders/orders.schema';
import type { DriverAnswerAck, ServerToClientEvents } from '@common/realtime/events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerEvent, DriverApi, DriverEventName, DriverLink } from './driver-link';
import { type Area, driverChoices, driverRandom, type LatLng, metresBetween } from './movement';
import {
  ARRIVED_WITHIN_M,
  createSimulatedDriver,
  DRIVER_CANCEL_REASON,
  type SimulatedDriverOptions,
} from './simulated-driver';

/**
 * One simulated driver's answers and trips, against a fake socket and a fake API on
 * a fake clock: what he sends and when is the whole contract (docs/DRIVER-API.md).
 */
const IASI: Area = { center: { lat: 47.1585, lng: 27.6014 }, radiusM: 4_000 };
const ORDER_ID = 77;
const DESTINATION = { name: 'Palas', lat: 47.1552, long: 27.5876 };

const NAMES = new Map<Endpoint, string>([
  [setDriverStatus, 'status'],
  [deleteAccessToken, 'logout'],
  [getMyOrders, 'orders'],
  [getMyOffers, 'offers'],
  [tripArrived, 'arrived'],
  [tripStart, 'start'],
  [tripFinish, 'finish'],
  [tripCancel, 'cancel'],
]);

interface Sent {
  at: number;
  what: string;
  payload: unknown;
}

function world(options: Partial<SimulatedDriverOptions> = {}) {
  const sent: Sent[] = [];
  const positions: CurrentPosition[] = [];
  const listeners = new Map<string, (payload: unknown) => void>();
  const myOrders: DriverOrder[] = [];
  const answers: Partial<Record<AnswerEvent, DriverAnswerAck>> = {};
  let seq = 0;
  const record = (what: string, payload: unknown) =>
    sent.push({ at: Date.now(), what, payload: payload ?? null });

  const link = (): DriverLink => ({
    connected: true,
    on: (event, listener) => listeners.set(event, listener as (payload: unknown) => void),
    onConnect: (listener) => queueMicrotask(listener),
    onConnectError: () => undefined,
    position: async (payload) => {
      positions.push(payload);
      return { ok: true };
    },
    answer: async (event, payload) => {
      record(event, payload);
      return answers[event] ?? { ok: true };
    },
    acknowledge: (event, payload) => record(event, payload),
    reconnect: () => undefined,
    close: () => undefined,
  });

  const api: DriverApi = async (endpoint, request) => {
    const what = NAMES.get(endpoint) ?? endpoint.path;
    if (what === 'status') {
      const { status } = (request as { body: { status: string } }).body;
      record(`status:${status}`, null);
      const state: DriverState = {
        driver_id: 7,
        is_online: status !== 'offline',
        is_paused: status === 'paused',
        is_busy: false,
        high_priority: false,
        ban_until: null,
        ban_reason: null,
        idle_from: null,
        seq: ++seq,
      };
      return state as never;
    }
    if (what === 'orders') return myOrders as never;
    if (what === 'offers') return [] as never;
    if (what === 'logout') return null as never;
    record(what, request);
    return { id: ORDER_ID } as Order as never;
  };

  const driver = createSimulatedDriver({
    baseUrl: 'http://sim.invalid',
    driver: { id: 7, name: 'Ion Popa', indicativ: '107' },
    area: IASI,
    random: driverRandom(5, 0),
    choices: driverChoices(5, 0),
    intervalMs: 5_000,
    newSession: async () => ({ token: 'token-7', expires_at: '2100-01-01 00:00:00' }),
    log: { info: () => undefined, warn: () => undefined, debug: () => undefined },
    acceptProbability: 1,
    cancelProbability: 0,
    link,
    api,
    ...options,
  });

  const emit = <E extends DriverEventName>(
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ) => {
    const listener = listeners.get(event);
    if (!listener) throw new Error(`nobody listens to ${event}`);
    listener(payload[0]);
  };
  const where = (): LatLng => driver.snapshot().model.position;
  const offer = (pickup: LatLng, orderId = ORDER_ID): DriverOffer => ({
    orderId,
    kind: 'offer',
    address: 'Strada Lăpușneanu 10',
    places: [{ name: 'Lăpușneanu 10', lat: pickup.lat, long: pickup.lng }],
    comment: null,
    options: [],
    payment_type: 'cash',
    cost: null,
    distance_m: 1200,
    expires_ms: Date.now() + 10_000,
  });
  const order = (pickup: LatLng, places = 2, tripState = 'waiting_driver'): DriverOrder => ({
    id: ORDER_ID,
    state: 'assigned',
    trip_state: tripState,
    phone: '+40744000111',
    client_name: null,
    address: 'Strada Lăpușneanu 10',
    places: [{ name: 'Lăpușneanu 10', lat: pickup.lat, long: pickup.lng }, DESTINATION].slice(
      0,
      places,
    ),
    comment: null,
    options: [],
    payment_type: 'cash',
    cost: null,
    waiting_driver_time: 3,
    assigned_at: null,
    trip_started_at: null,
  });
  const kinds = () => sent.map((s) => s.what).filter((w) => !w.startsWith('status'));
  return { driver, sent, positions, emit, where, offer, order, kinds, myOrders, answers };
}

/** A point `metres` north of `from` (a pickup near the driver). */
const north = (from: LatLng, metres: number): LatLng => ({
  lat: from.lat + metres / 111_195,
  lng: from.lng,
});

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-03-02T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Starts him and lets the first tick (session, socket, online, first position) happen. */
async function started(w: ReturnType<typeof world>) {
  w.driver.start();
  await vi.advanceTimersByTimeAsync(10);
  expect(w.sent.map((s) => s.what)).toContain('status:online');
  return w;
}

describe('a simulated driver answers offers', () => {
  it('looks at an offer 1–3 s, says he saw it, then accepts with his minutes to the pickup', async () => {
    const w = await started(world());
    const pickup = north(w.where(), 2_900);
    const offeredAt = Date.now();
    w.emit('order_available', w.offer(pickup));
    await vi.advanceTimersByTimeAsync(999);
    expect(w.kinds()).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_100);
    expect(w.kinds()).toEqual(['order_viewed', 'accept_order']);
    const [viewed, accepted] = w.sent.filter((s) => !s.what.startsWith('status'));
    expect(viewed?.payload).toEqual({ orderId: ORDER_ID });
    // 2.9 km at 35 km/h is 5 minutes (rounded up); he may have driven a little meanwhile.
    const { time } = (accepted?.payload ?? { time: 0 }) as { time: number };
    expect(time).toBeGreaterThanOrEqual(4);
    expect(time).toBeLessThanOrEqual(6);
    expect((viewed?.at ?? 0) - offeredAt).toBeGreaterThanOrEqual(1_000);
    expect((viewed?.at ?? 0) - offeredAt).toBeLessThanOrEqual(3_000);
    expect(w.driver.snapshot().awaiting).toEqual([ORDER_ID]);
  });

  it('refuses when his draw says no (acceptProbability 0)', async () => {
    const w = await started(world({ acceptProbability: 0 }));
    w.emit('order_available', w.offer(north(w.where(), 500)));
    await vi.advanceTimersByTimeAsync(3_100);
    expect(w.kinds()).toEqual(['order_viewed', 'refuse_order']);
    expect(w.driver.snapshot().refused).toBe(1);
  });

  it('drops his pending answer when the offer is removed (remove_live_order)', async () => {
    const w = await started(world());
    w.emit('order_available', w.offer(north(w.where(), 500)));
    await vi.advanceTimersByTimeAsync(500);
    w.emit('remove_live_order', { orderId: ORDER_ID, reason: 'taken' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(w.kinds()).toEqual([]);
  });

  it('leaves pending-queue offers to the dispatchers, and answers an offer once', async () => {
    const w = await started(world());
    const pickup = north(w.where(), 500);
    w.emit('order_available', { ...w.offer(pickup, 5), kind: 'pending' });
    w.emit('order_available', w.offer(pickup));
    w.emit('order_available', w.offer(pickup));
    await vi.advanceTimersByTimeAsync(3_100);
    expect(w.kinds()).toEqual(['order_viewed', 'accept_order']);
  });

  it('forgets an accepted offer the server refused (409 in the acknowledgement)', async () => {
    const w = await started(world());
    w.answers.accept_order = { ok: false, message: 'Oferta nu mai este valabilă.' };
    w.emit('order_available', w.offer(north(w.where(), 500)));
    await vi.advanceTimersByTimeAsync(3_100);
    expect(w.driver.snapshot().awaiting).toEqual([]);
  });
});

describe('a simulated driver reads his messages', () => {
  it('says a message arrived at once and reads it 4 s later; his own are no news', async () => {
    const w = await started(world());
    const message = {
      id: 30,
      company_id: 3,
      sender_id: 12,
      user_id: 7,
      title: null,
      message: 'Treci pe la dispecerat',
      type: 'chat' as const,
      order_id: null,
      broadcast_id: null,
      is_read: false,
      delivered_at: null,
      read_at: null,
      created_at: '2026-03-02 08:00:00',
    };
    w.emit('message received', message);
    w.emit('message received', { ...message, id: 31, sender_id: 7, user_id: 12 });
    const acks = () => w.sent.filter((s) => s.what.startsWith('message'));
    expect(acks().map((s) => [s.what, s.payload])).toEqual([
      ['messageDelivered', { interlocutor_id: 12, company_id: 3 }],
    ]);
    await vi.advanceTimersByTimeAsync(3_900);
    expect(acks()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(acks().map((s) => s.what)).toEqual(['messageDelivered', 'messageRead']);
  });
});

describe('a simulated driver drives his order to the end (trip)', () => {
  it('to the pickup, arrived within 50 m, a few seconds, start, to the last place, finish, roams', async () => {
    const w = await started(world());
    const pickup = north(w.where(), 1_500);
    w.emit('order_available', w.offer(pickup));
    await vi.advanceTimersByTimeAsync(3_100);
    w.emit('order_accept_confirmed', { orderId: ORDER_ID, order: w.order(pickup) });
    // 1.5 km at 20–50 km/h, a position every 5 s: at most 5 minutes.
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    const arrived = w.sent.find((s) => s.what === 'arrived');
    expect(arrived?.payload).toEqual({ params: { id: ORDER_ID } });
    // He reports the order in his positions while he drives it.
    expect(w.positions.some((p) => p.orderId === ORDER_ID)).toBe(true);
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(w.kinds()).toEqual(['order_viewed', 'accept_order', 'arrived', 'start', 'finish']);
    const at = (what: string) => w.sent.find((s) => s.what === what)?.at ?? 0;
    // 'Waits a few seconds' at the pickup.
    expect(at('start') - at('arrived')).toBeGreaterThanOrEqual(3_000);
    expect(at('start') - at('arrived')).toBeLessThanOrEqual(10_000);
    const snapshot = w.driver.snapshot();
    expect(snapshot.trip).toBeNull();
    expect(snapshot.finished).toBe(1);
    // His last report on the order was at its last place; roaming again after, with no order.
    const onOrder = w.positions.filter((p) => p.orderId === ORDER_ID);
    const end = { lat: DESTINATION.lat, lng: DESTINATION.long };
    expect(metresBetween(IASI, toLatLng(onOrder.at(-1)), end)).toBeLessThanOrEqual(
      ARRIVED_WITHIN_M,
    );
    expect(w.positions.at(-1)?.orderId).toBeNull();
    expect(snapshot.model.status).not.toBe('offline');
  });

  it('arrives within ARRIVED_WITHIN_M of the pickup, never before', async () => {
    const w = await started(world());
    const pickup = north(w.where(), 2_000);
    w.emit('order_accept_confirmed', { orderId: ORDER_ID, order: w.order(pickup) });
    for (let i = 0; i < 200 && !w.kinds().includes('arrived'); i++) {
      await vi.advanceTimersByTimeAsync(5_000);
    }
    const last = w.positions.at(-1);
    expect(last && metresBetween(IASI, toLatLng(last), pickup)).toBeLessThanOrEqual(
      ARRIVED_WITHIN_M,
    );
    expect(last?.orderId).toBe(ORDER_ID);
  });

  it('a one-place order ends 2–6 km from the pickup', async () => {
    const w = await started(world());
    const pickup = north(w.where(), 300);
    w.emit('order_accept_confirmed', { orderId: ORDER_ID, order: w.order(pickup, 1) });
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    expect(w.kinds()).toEqual(['arrived', 'start', 'finish']);
    const end = toLatLng(w.positions.filter((p) => p.orderId === ORDER_ID).at(-1));
    const metres = metresBetween(IASI, end, pickup);
    expect(metres).toBeGreaterThanOrEqual(2_000 - ARRIVED_WITHIN_M);
    expect(metres).toBeLessThanOrEqual(6_000 + ARRIVED_WITHIN_M);
  });

  it('now and then cancels at the pickup: Clientul nu răspunde', async () => {
    const w = await started(world({ cancelProbability: 1 }));
    const pickup = north(w.where(), 400);
    w.emit('order_accept_confirmed', { orderId: ORDER_ID, order: w.order(pickup) });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(w.kinds()).toEqual(['arrived', 'cancel']);
    expect(w.sent.find((s) => s.what === 'cancel')?.payload).toEqual({
      params: { id: ORDER_ID },
      body: { reason: DRIVER_CANCEL_REASON },
    });
    expect(w.driver.snapshot()).toMatchObject({ trip: null, canceled: 1 });
  });

  it('stops and roams when his order is canceled (order_canceled)', async () => {
    const w = await started(world());
    const pickup = north(w.where(), 3_000);
    w.emit('order_accept_confirmed', { orderId: ORDER_ID, order: w.order(pickup) });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(w.driver.snapshot().trip?.leg).toBe('to_pickup');
    w.emit('order_canceled', {
      reason: 'dispatcher_canceled',
      order: { id: ORDER_ID } as Order,
      seq: 9,
    });
    expect(w.driver.snapshot().trip).toBeNull();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(w.kinds()).toEqual([]);
    expect(w.positions.at(-1)?.orderId).toBeNull();
  });

  it('resumes his order after a (re)connection, from its trip state', async () => {
    const w = world();
    w.myOrders.push(w.order(north(IASI.center, 100), 2, 'started'));
    await started(w);
    await vi.advanceTimersByTimeAsync(10);
    expect(w.driver.snapshot().trip?.leg).toBe('to_destination');
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    expect(w.kinds()).toEqual(['finish']);
  });

  it('answers and drives the same way for the same seed', async () => {
    const run = async () => {
      const w = await started(world({ acceptProbability: 0.5 }));
      for (let i = 0; i < 6; i++) {
        w.emit('order_available', w.offer(north(w.where(), 800), 100 + i));
        await vi.advanceTimersByTimeAsync(4_000);
        w.emit('remove_live_order', { orderId: 100 + i, reason: 'taken' });
      }
      await w.driver.stop();
      return w.sent.map((s) => [s.what, s.at - (w.sent[0]?.at ?? 0)]);
    };
    const first = await run();
    vi.setSystemTime(Date.parse('2026-03-02T08:00:00Z'));
    expect(await run()).toEqual(first);
    expect(first.filter(([what]) => what === 'accept_order').length).toBeGreaterThan(0);
    expect(first.filter(([what]) => what === 'refuse_order').length).toBeGreaterThan(0);
  });
});

function toLatLng(position: CurrentPosition | undefined): LatLng {
  return { lat: position?.lat ?? 0, lng: position?.long ?? 0 };
}
