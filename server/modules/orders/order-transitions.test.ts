import type { ErrorBody } from '@common/http/errors';
import { REFUSALS } from '@common/orders/orders.rules';
import type { Order } from '@common/orders/orders.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrder } from '../../test/order-factory';

/** State transitions through the API: each allowed move, each refusal as 409 with its message. */
let t: TestApp;
let companyId: number;
let me: Awaited<ReturnType<typeof buildUser>>;
let colleague: Awaited<ReturnType<typeof buildUser>>;
let driver: Awaited<ReturnType<typeof buildDriver>>;
let mine: { authorization: string };
let theirs: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t.db)).id;
  me = await buildUser(t.db, { name: 'Eu', roles: ['dispatcher'], companyIds: [companyId] });
  colleague = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyId] });
  driver = await buildDriver(t.db, companyId, { car: { indicativ: '777' } });
  mine = await t.login(me);
  theirs = await t.login(colleague);
});
afterAll(() => t.close());

const act = (method: 'PATCH' | 'POST' | 'DELETE', url: string, headers = mine, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const order = (state: Parameters<typeof buildOrder>[2] extends infer O ? O : never) =>
  buildOrder(t.db, companyId, { dispatcher_id: me.id, ...(state as object) });

describe('cancel (created or assigned only)', () => {
  it('cancels a created order with the reason, and refuses the second time', async () => {
    const { id } = await order({ state: 'created' });
    const first = await act('PATCH', `/api/orders/${id}/cancel`, mine, {
      reason_text: 'Clientul a renunțat',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json<Order>()).toMatchObject({
      state: 'canceled',
      cancellation_reason_type: 'dispatcher_canceled',
      cancellation_reason_text: 'Clientul a renunțat',
      cancelled_by_identifier: 'Eu',
    });
    const second = await act('PATCH', `/api/orders/${id}/cancel`);
    expect(second.statusCode).toBe(409);
    expect(second.json<ErrorBody>().message).toBe(REFUSALS.cancel);
  });

  it('refuses new, pending and finished orders', async () => {
    for (const state of ['new', 'pending', 'finished'] as const) {
      const { id } = await order({ state });
      expect((await act('PATCH', `/api/orders/${id}/cancel`)).statusCode, state).toBe(409);
    }
  });
});

describe('retry (own canceled or pending)', () => {
  it('puts an own canceled order back to created, out of the queue', async () => {
    const { id } = await order({ state: 'canceled', in_pending_queue: true });
    const response = await act('PATCH', `/api/orders/${id}/retry`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Order>()).toMatchObject({
      state: 'created',
      in_pending_queue: false,
      cancellation_reason_type: null,
    });
  });

  it("refuses a colleague's order and a created one", async () => {
    const { id } = await order({ state: 'canceled' });
    const response = await act('PATCH', `/api/orders/${id}/retry`, theirs);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().message).toBe(REFUSALS.retry);
    expect(
      (await act('PATCH', `/api/orders/${(await order({ state: 'created' })).id}/retry`))
        .statusCode,
    ).toBe(409);
  });
});

describe('move to the pending queue', () => {
  it('moves an own created order once', async () => {
    const { id } = await order({ state: 'created' });
    expect(
      (await act('PATCH', `/api/orders/${id}/move-to-pending`)).json<Order>().in_pending_queue,
    ).toBe(true);
    expect((await act('PATCH', `/api/orders/${id}/move-to-pending`)).statusCode).toBe(409);
    expect(
      (
        await act(
          'PATCH',
          `/api/orders/${(await order({ state: 'created' })).id}/move-to-pending`,
          theirs,
        )
      ).statusCode,
    ).toBe(409);
  });
});

describe('manual assignment (canceled or pending, no driver)', () => {
  it('sets the driver and finishes the order', async () => {
    const { id } = await order({ state: 'pending' });
    const response = await act('PATCH', `/api/orders/${id}/set-driver-and-finish`, mine, {
      driverId: driver.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Order>()).toMatchObject({
      state: 'finished',
      driver_id: driver.id,
      car_indicativ: '777',
      manually_assigned: true,
      driver: { id: driver.id, indicativ: '777', make: 'Dacia' },
    });
  });

  it('refuses a created order, an order with a driver, and a driver of another company', async () => {
    expect(
      (
        await act(
          'PATCH',
          `/api/orders/${(await order({ state: 'created' })).id}/set-driver-and-finish`,
          mine,
          { driverId: driver.id },
        )
      ).statusCode,
    ).toBe(409);
    const withDriver = await order({ state: 'canceled', driver_id: driver.id });
    expect(
      (
        await act('PATCH', `/api/orders/${withDriver.id}/set-driver-and-finish`, mine, {
          driverId: driver.id,
        })
      ).statusCode,
    ).toBe(409);
    const foreignDriver = await buildDriver(t.db, (await buildCompany(t.db)).id);
    const foreign = await act(
      'PATCH',
      `/api/orders/${(await order({ state: 'pending' })).id}/set-driver-and-finish`,
      mine,
      {
        driverId: foreignDriver.id,
      },
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json<ErrorBody>().errors?.driverId).toEqual(['Șoferul nu a fost găsit.']);
    const none = await act(
      'PATCH',
      `/api/orders/${(await order({ state: 'pending' })).id}/set-driver-and-finish`,
      mine,
      {},
    );
    expect(none.json<ErrorBody>().errors?.driverId).toEqual(['Please select driver']);
  });

  it('lets exactly one of many racing assignments win', async () => {
    const { id } = await order({ state: 'pending' });
    const drivers = await Promise.all(
      Array.from({ length: 4 }, () => buildDriver(t.db, companyId)),
    );
    const answers = await Promise.all(
      drivers.map((d) =>
        act('PATCH', `/api/orders/${id}/set-driver-and-finish`, mine, { driverId: d.id }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
  });
});

describe('duplicate (any order that is not new)', () => {
  it('copies into a new order with the current departure time and answers its id', async () => {
    const source = await order({ state: 'finished', address: 'Copou 11' });
    const response = await act('POST', `/api/orders/${source.id}/duplicate`, theirs);
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: number }>();
    const copy = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: theirs })
    ).json<Order>();
    expect(copy).toMatchObject({
      state: 'new',
      address: 'Copou 11',
      dispatcher_id: colleague.id,
      driver_id: null,
    });
    expect(copy.places.map((p) => p.name)).toEqual(['Copou 11']);
    expect(Date.parse(`${copy.departure_time.replace(' ', 'T')}Z`)).toBeGreaterThan(
      Date.now() - 60_000,
    );
    expect((await act('POST', `/api/orders/${id}/duplicate`)).statusCode).toBe(409);
  });

  it('does not duplicate twice for a retried Idempotency-Key', async () => {
    const source = await order({ state: 'canceled' });
    const headers = { ...mine, 'idempotency-key': 'dup-key-00001' };
    const a = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${source.id}/duplicate`,
      headers,
    });
    const b = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${source.id}/duplicate`,
      headers,
    });
    expect(a.json<{ id: number }>().id).toBe(b.json<{ id: number }>().id);
  });
});

describe('always in call', () => {
  it('is removed once', async () => {
    const { id } = await order({ state: 'created', always_in_call: true });
    expect(
      (await act('DELETE', `/api/orders/${id}/always-in-call`)).json<Order>().always_in_call,
    ).toBe(false);
    expect((await act('DELETE', `/api/orders/${id}/always-in-call`)).statusCode).toBe(409);
  });
});
