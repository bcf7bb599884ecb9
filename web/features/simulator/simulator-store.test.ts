import type { DriverOffer, DriverOrder } from '@common/dispatch/dispatch.schema';
import type { DriverState, DriverStatus } from '@common/drivers/drivers.schema';
import type { Order } from '@common/orders/orders.schema';
import type { User } from '@common/users/users.schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildOrder } from '../../test/order-fixtures';
import {
  createSimulatorStore,
  type DriverSocketHandlers,
  type SimulatorTransport,
} from './simulator-store';
import { startPosition } from './start-position';

const driver = (id: number): User => ({
  id,
  name: `Șofer ${id}`,
  email: `sofer${id}@ogo.local`,
  phone: null,
  identifier: String(id),
  roles: ['driver'],
  company_ids: [1],
  is_online: false,
  ban_until: null,
  ban_reason: null,
  default_car: null,
  created_at: '2026-01-01 00:00:00',
  current_location: null,
  current_polygon_id: null,
  is_busy: false,
  is_paused: false,
  high_priority: false,
  balance: 0,
});

const state = (driverId: number, status: DriverStatus, seq: number): DriverState => ({
  driver_id: driverId,
  is_online: status !== 'offline',
  is_paused: status === 'paused',
  is_busy: false,
  high_priority: false,
  ban_until: null,
  ban_reason: null,
  idle_from: null,
  seq,
});

const offer = (orderId: number, kind: DriverOffer['kind'] = 'offer'): DriverOffer => ({
  orderId,
  kind,
  address: 'Strada Lăpușneanu 12',
  places: [{ name: 'Strada Lăpușneanu 12', lat: 47.16, long: 27.59 }],
  comment: null,
  options: [],
  payment_type: 'cash',
  cost: null,
  distance_m: 420,
  expires_ms: Date.now() + 6_000,
});

const driverOrder = (id: number): DriverOrder => ({
  id,
  state: 'assigned',
  trip_state: 'waiting_driver',
  phone: '+40740000001',
  client_name: 'Ana',
  address: 'Strada Lăpușneanu 12',
  places: [{ name: 'Strada Lăpușneanu 12', lat: 47.16, long: 27.59 }],
  comment: null,
  options: [],
  payment_type: 'cash',
  cost: null,
  waiting_driver_time: 3,
  assigned_at: '2026-01-01 10:00:00',
  trip_started_at: null,
});

const TRIP_ANSWER: Record<string, Partial<Order>> = {
  arrived: { state: 'assigned', trip_state: 'waiting_client' },
  start: { state: 'assigned', trip_state: 'started', trip_started_at: '2026-01-01 10:05:00' },
  finish: { state: 'finished', trip_state: 'started' },
  cancel: { state: 'canceled', trip_state: null },
};
const tripAnswer = (id: number, step: string): Order => buildOrder({ id, ...TRIP_ANSWER[step] });

/** A server in memory: one token per driver, the calls made, and the socket's positions. */
function fakeServer() {
  const calls: string[] = [];
  const positions: { token: string; long: number; lat: number }[] = [];
  const pushes = new Map<string, (state: DriverState) => void>();
  const handlers = new Map<string, DriverSocketHandlers>();
  const dispatch = { offers: [] as DriverOffer[], orders: [] as DriverOrder[] };
  let seq = 0;
  let refuseOnline: string | null = null;
  const transport: SimulatorTransport = {
    openSession: async (driverId) => {
      calls.push(`session ${driverId}`);
      return `token-${driverId}`;
    },
    readStatus: async (token) => state(Number(token.slice(6)), 'offline', seq++),
    setStatus: async (token, status, keepalive) => {
      calls.push(`${token} ${status}${keepalive ? ' keepalive' : ''}`);
      if (status === 'online' && refuseOnline) throw new Error(refuseOnline);
      return state(Number(token.slice(6)), status, ++seq);
    },
    endSession: async (token, keepalive) => {
      calls.push(`${token} logout${keepalive ? ' keepalive' : ''}`);
    },
    readOffers: async () => dispatch.offers,
    readOrders: async () => dispatch.orders,
    accept: async (token, orderId, minutes) => {
      calls.push(`${token} accept ${orderId} ${minutes}`);
    },
    refuse: async (token, orderId) => {
      calls.push(`${token} refuse ${orderId}`);
    },
    trip: async (token, orderId, step) => {
      calls.push(`${token} ${step} ${orderId}`);
      return tripAnswer(orderId, step);
    },
    cancelTrip: async (token, orderId, reason) => {
      calls.push(`${token} cancel ${orderId} ${reason}`);
      return tripAnswer(orderId, 'cancel');
    },
    readConversations: async () => [],
    readMessages: async () => [],
    sendMessage: async () => {
      throw new Error('not in these tests');
    },
    markRead: async () => {},
    connect: (token, on) => {
      pushes.set(token, on.state);
      handlers.set(token, on);
      return {
        viewed: (orderId) => calls.push(`${token} viewed ${orderId}`),
        delivered: (read) => calls.push(`${token} delivered ${read.interlocutor_id}`),
        connected: true,
        sendPosition: async (position) => {
          positions.push({ token, ...position });
          return { ok: true };
        },
        close: () => calls.push(`${token} disconnect`),
      };
    },
  };
  return {
    transport,
    calls,
    positions,
    dispatch,
    on: (token: string) => handlers.get(token) as DriverSocketHandlers,
    push: (token: string, status: DriverStatus) =>
      pushes.get(token)?.({ ...state(Number(token.slice(6)), status, ++seq) }),
    refuseOnline: (message: string | null) => {
      refuseOnline = message;
    },
  };
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const IASI = { lat: 47.1585, lng: 27.6014 };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the /simulator drivers', () => {
  it('acts as the driver: his own session, online through his status, a position every 5 s', async () => {
    const server = fakeServer();
    const store = createSimulatorStore(server.transport);
    store.add(driver(7), { lat: 47.16, lng: 27.6 });
    await flush();
    expect(server.calls).toEqual(['session 7']);
    expect(store.getSnapshot()[0]?.status).toBe('offline');
    // Offline: nothing goes out.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.positions).toEqual([]);

    await store.setOnline(7, true);
    expect(server.calls).toContain('token-7 online');
    expect(store.getSnapshot()[0]?.status).toBe('online');
    // At once, then every 5 s.
    expect(server.positions).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.positions).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.positions).toHaveLength(4);
    expect(server.positions[0]).toEqual({ token: 'token-7', long: 27.6, lat: 47.16 });
  });

  it('sends a dragged position at once', async () => {
    const server = fakeServer();
    const store = createSimulatorStore(server.transport);
    store.add(driver(8), IASI);
    await flush();
    await store.setOnline(8, true);
    server.positions.length = 0;
    store.move(8, { lat: 47.17, lng: 27.58 });
    await flush();
    expect(server.positions).toEqual([{ token: 'token-8', long: 27.58, lat: 47.17 }]);
    expect(store.getSnapshot()[0]?.position).toEqual({ lat: 47.17, lng: 27.58 });
  });

  it('shows a refusal in the server’s words and stays offline (a banned driver, 409)', async () => {
    const server = fakeServer();
    const store = createSimulatorStore(server.transport);
    store.add(driver(9), IASI);
    await flush();
    server.refuseOnline('Șoferul este blocat.');
    await store.setOnline(9, true);
    expect(store.getSnapshot()[0]).toMatchObject({
      status: 'offline',
      pending: false,
      error: 'Șoferul este blocat.',
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.positions).toEqual([]);
  });

  it("lists his companies' pending queue only while he can take from it: read again as his status changes", async () => {
    const server = fakeServer();
    let atWork = false;
    const setStatus = server.transport.setStatus;
    server.transport.setStatus = async (token, status, keepalive) => {
      const answer = await setStatus(token, status, keepalive);
      atWork = status === 'online';
      return answer;
    };
    // As the server answers: the queue for a driver online and free, nothing otherwise.
    server.transport.readOffers = async () => (atWork ? [offer(41, 'pending')] : []);
    const store = createSimulatorStore(server.transport);
    store.add(driver(12), IASI);
    await flush();
    const listed = () => store.getSnapshot()[0]?.offers.map((o) => o.offer.orderId);
    expect(listed()).toEqual([]);

    await store.setOnline(12, true);
    await flush();
    expect(listed()).toEqual([41]);
    // Offline (his toggle, or the server taking him offline) he can take nothing: it leaves.
    await store.setOnline(12, false);
    await flush();
    expect(listed()).toEqual([]);
    await store.setOnline(12, true);
    await flush();
    expect(listed()).toEqual([41]);
    atWork = false;
    server.push('token-12', 'offline');
    await flush();
    expect(listed()).toEqual([]);
  });

  it('follows the server: a ban that takes him offline stops his positions', async () => {
    const server = fakeServer();
    const store = createSimulatorStore(server.transport);
    store.add(driver(10), IASI);
    await flush();
    await store.setOnline(10, true);
    server.push('token-10', 'offline');
    expect(store.getSnapshot()[0]?.status).toBe('offline');
    server.positions.length = 0;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.positions).toEqual([]);
  });

  it('takes a removed driver offline and ends his session; closing the page does so for all', async () => {
    const server = fakeServer();
    const store = createSimulatorStore(server.transport);
    store.add(driver(1), IASI);
    store.add(driver(2), IASI);
    store.add(driver(3), IASI);
    await flush();
    await store.setOnline(1, true);
    await store.setOnline(2, true);
    server.calls.length = 0;
    await store.remove(1);
    expect(server.calls).toEqual(['token-1 offline', 'token-1 logout', 'token-1 disconnect']);
    expect(store.getSnapshot().map((v) => v.driver.id)).toEqual([2, 3]);

    server.calls.length = 0;
    await store.closeAll(true);
    expect(server.calls.sort()).toEqual([
      'token-2 disconnect',
      'token-2 logout keepalive',
      'token-2 offline keepalive',
      'token-3 disconnect',
      'token-3 logout keepalive',
    ]);
    expect(store.getSnapshot()).toEqual([]);
    server.positions.length = 0;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.positions).toEqual([]);
  });

  it("starts from the users list's view when the server cannot tell his status yet", async () => {
    const server = fakeServer();
    server.transport.readStatus = async () => {
      throw new Error('Șoferul nu a fost găsit.');
    };
    const store = createSimulatorStore(server.transport);
    store.add({ ...driver(5), is_online: true }, IASI);
    store.add(driver(6), IASI);
    await flush();
    expect(store.getSnapshot().map((v) => [v.status, v.error])).toEqual([
      ['online', null],
      ['offline', null],
    ]);
  });

  it('shows why a driver could not be acted as (no session)', async () => {
    const server = fakeServer();
    server.transport.openSession = async () => {
      throw new Error('Șoferul nu a fost găsit.');
    };
    const store = createSimulatorStore(server.transport);
    store.add(driver(11), IASI);
    await flush();
    expect(store.getSnapshot()[0]).toMatchObject({
      status: null,
      error: 'Șoferul nu a fost găsit.',
    });
  });

  it('picks a driver once', async () => {
    const server = fakeServer();
    const store = createSimulatorStore(server.transport);
    store.add(driver(4), IASI);
    store.add(driver(4), IASI);
    await flush();
    expect(server.calls).toEqual(['session 4']);
    expect(store.getSnapshot()).toHaveLength(1);
  });
});

describe('the /simulator offers and trips', () => {
  it('reads his offers and orders on connect, so a reload keeps them', async () => {
    const server = fakeServer();
    server.dispatch.offers = [offer(5), offer(6)];
    server.dispatch.orders = [driverOrder(6)];
    const store = createSimulatorStore(server.transport);
    store.add(driver(7), IASI);
    await flush();
    server.on('token-7').connected();
    await flush();
    const view = store.getSnapshot()[0];
    // An order already his is not also an offer.
    expect(view?.offers.map((o) => o.offer.orderId)).toEqual([5]);
    expect(view?.orders.map((o) => o.id)).toEqual([6]);
  });

  it('shows an offer as it arrives, tells the server he saw it, and accepts with his minutes', async () => {
    const server = fakeServer();
    const store = createSimulatorStore(server.transport);
    store.add(driver(7), IASI);
    await flush();
    server.on('token-7').offer?.(offer(5));
    expect(server.calls).toContain('token-7 viewed 5');
    expect(store.getSnapshot()[0]?.offers[0]).toMatchObject({ answer: 'open', minutes: null });

    await store.accept(7, 5, 4);
    expect(server.calls).toContain('token-7 accept 5 4');
    // His until the step's time has passed and the server confirms.
    expect(store.getSnapshot()[0]?.offers[0]).toMatchObject({ answer: 'accepted', minutes: 4 });

    server.on('token-7').confirmed?.(driverOrder(5));
    expect(store.getSnapshot()[0]?.offers).toEqual([]);
    expect(store.getSnapshot()[0]?.orders.map((o) => o.id)).toEqual([5]);
  });

  it('drops an offer on refusal and when the server withdraws it', async () => {
    const server = fakeServer();
    const store = createSimulatorStore(server.transport);
    store.add(driver(7), IASI);
    await flush();
    server.on('token-7').offer?.(offer(5));
    server.on('token-7').offer?.(offer(6));
    await store.refuse(7, 5);
    expect(server.calls).toContain('token-7 refuse 5');
    expect(store.getSnapshot()[0]?.offers.map((o) => o.offer.orderId)).toEqual([6]);
    server.on('token-7').offerGone?.({ orderId: 6, reason: 'taken' });
    expect(store.getSnapshot()[0]?.offers).toEqual([]);
    // A confirmed order the dispatcher cancels leaves his card (order_canceled).
    server.on('token-7').confirmed?.(driverOrder(8));
    server.on('token-7').canceled?.(8);
    expect(store.getSnapshot()[0]?.orders).toEqual([]);
  });

  it('keeps an offer open and says why when the accept is refused', async () => {
    const server = fakeServer();
    server.transport.accept = async () => {
      throw new Error('Oferta nu mai este deschisă.');
    };
    const store = createSimulatorStore(server.transport);
    store.add(driver(7), IASI);
    await flush();
    server.on('token-7').offer?.(offer(5));
    await store.accept(7, 5, 3);
    expect(store.getSnapshot()[0]).toMatchObject({
      error: 'Oferta nu mai este deschisă.',
      offers: [{ answer: 'open' }],
    });
  });

  it('walks the trip: arrived, started, finished; a cancel sends his reason', async () => {
    const server = fakeServer();
    server.dispatch.orders = [driverOrder(5), driverOrder(6)];
    const store = createSimulatorStore(server.transport);
    store.add(driver(7), IASI);
    await flush();
    server.on('token-7').connected();
    await flush();
    await store.trip(7, 5, 'arrived');
    expect(store.getSnapshot()[0]?.orders[0]?.trip_state).toBe('waiting_client');
    await store.trip(7, 5, 'start');
    expect(store.getSnapshot()[0]?.orders[0]?.trip_state).toBe('started');
    await store.trip(7, 5, 'finish');
    expect(store.getSnapshot()[0]?.orders.map((o) => o.id)).toEqual([6]);
    await store.cancelTrip(7, 6, 'Pană');
    expect(server.calls).toContain('token-7 cancel 6 Pană');
    expect(store.getSnapshot()[0]?.orders).toEqual([]);
    expect(store.getSnapshot()[0]?.tripPending).toBeNull();
  });
});

describe('startPosition', () => {
  it('starts a driver where he last was, longitude first on the wire', () => {
    expect(startPosition({ current_location: [27.59, 47.15] }, IASI, 0)).toEqual({
      lat: 47.15,
      lng: 27.59,
    });
  });

  it('else near the company, each picked driver at his own spot', () => {
    const spots = [0, 1, 2, 3, 4].map((n) => startPosition({ current_location: null }, IASI, n));
    expect(new Set(spots.map((s) => `${s.lat},${s.lng}`)).size).toBe(5);
    for (const spot of spots) {
      expect(Math.abs(spot.lat - IASI.lat)).toBeLessThan(0.01);
      expect(Math.abs(spot.lng - IASI.lng)).toBeLessThan(0.015);
    }
  });
});
