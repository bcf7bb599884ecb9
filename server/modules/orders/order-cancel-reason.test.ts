import type { ErrorBody } from '@common/http/errors';
import { CANCEL_REASON_MESSAGES, type Order } from '@common/orders/orders.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrder } from '../../test/order-factory';

/** The dispatcher's cancel reason (a type from the list and a text), and the trip's arrival time. */
let t: TestApp;
let companyId: number;
let me: { authorization: string };
let stranger: { authorization: string };
let driverHeaders: { authorization: string };
let driverId: number;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t.db)).id;
  const otherCompany = (await buildCompany(t.db)).id;
  me = await t.login(
    await buildUser(t.db, { name: 'Eu', roles: ['dispatcher'], companyIds: [companyId] }),
  );
  stranger = await t.login(
    await buildUser(t.db, { roles: ['dispatcher'], companyIds: [otherCompany] }),
  );
  const driver = await buildDriver(t.db, companyId);
  driverId = driver.id;
  driverHeaders = await t.login(driver);
});
afterAll(() => t.close());

const cancel = (id: number, payload?: object, headers = me) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/orders/${id}/cancel`,
    headers,
    ...(payload ? { payload } : {}),
  });
const history = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/order-history/${id}`, headers: me })).json<
    { type: string; details: Record<string, unknown> | null }[]
  >();

describe('cancel with a reason', () => {
  it('stores the chosen type and the text, and the history tells them', async () => {
    const { id } = await buildOrder(t.db, companyId, { state: 'created' });
    const response = await cancel(id, {
      reason_type: 'client_unreachable',
      reason_text: '  Nu răspunde la telefon  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Order>()).toMatchObject({
      state: 'canceled',
      cancellation_reason_type: 'client_unreachable',
      cancellation_reason_text: 'Nu răspunde la telefon',
      cancelled_by_identifier: 'Eu',
    });
    const canceled = (await history(id)).find((item) => item.type === 'canceled');
    expect(canceled?.details).toEqual({
      reason_type: 'client_unreachable',
      reason: 'Nu răspunde la telefon',
    });
    // The canceled tab shows it with its reason.
    const tab = await t.app.inject({
      method: 'GET',
      url: '/api/dispatcher-orders/canceled',
      headers: me,
    });
    const row = tab.json<{ data: Order[] }>().data.find((order) => order.id === id);
    expect(row?.cancellation_reason_type).toBe('client_unreachable');
  });

  it('takes a type alone, and no body still means a dispatcher cancel', async () => {
    const first = await buildOrder(t.db, companyId, { state: 'assigned', driver_id: driverId });
    const typed = await cancel(first.id, { reason_type: 'duplicate_order' });
    expect(typed.json<Order>()).toMatchObject({
      cancellation_reason_type: 'duplicate_order',
      cancellation_reason_text: null,
    });
    const second = await buildOrder(t.db, companyId, { state: 'created' });
    expect((await cancel(second.id)).json<Order>().cancellation_reason_type).toBe(
      'dispatcher_canceled',
    );
  });

  it('refuses an unknown or a system type, and "Alt motiv" without a text, field by field', async () => {
    const { id } = await buildOrder(t.db, companyId, { state: 'created' });
    for (const reason_type of ['no_drivers_found', 'driver_canceled', 'whatever']) {
      const refused = await cancel(id, { reason_type });
      expect(refused.statusCode, reason_type).toBe(422);
      expect(refused.json<ErrorBody>().errors).toEqual({
        reason_type: [CANCEL_REASON_MESSAGES.invalidType],
      });
    }
    const other = await cancel(id, { reason_type: 'dispatcher_canceled', reason_text: '   ' });
    expect(other.statusCode).toBe(422);
    expect(other.json<ErrorBody>().errors).toEqual({
      reason_text: [CANCEL_REASON_MESSAGES.textRequired],
    });
    const long = await cancel(id, { reason_type: 'client_canceled', reason_text: 'x'.repeat(301) });
    expect(Object.keys(long.json<ErrorBody>().errors ?? {})).toEqual(['reason_text']);
    // Nothing was stored by the refusals.
    const order = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: me });
    expect(order.json<Order>().state).toBe('created');
  });

  it('keeps its tenant and its roles: another company answers 404, a driver 403', async () => {
    const { id } = await buildOrder(t.db, companyId, { state: 'created' });
    expect((await cancel(id, { reason_type: 'client_canceled' }, stranger)).statusCode).toBe(404);
    expect((await cancel(id, { reason_type: 'client_canceled' }, driverHeaders)).statusCode).toBe(
      403,
    );
    const order = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: me });
    expect(order.json<Order>().state).toBe('created');
  });
});

describe('the trip phase', () => {
  it('tells when the driver arrived at the client', async () => {
    const { id } = await buildOrder(t.db, companyId, {
      state: 'assigned',
      driver_id: driverId,
      trip_state: 'waiting_driver',
    });
    const before = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: me });
    expect(before.json<Order>().arrived_at).toBeNull();
    const arrived = await t.app.inject({
      method: 'POST',
      url: `/api/drivers/me/orders/${id}/arrived`,
      headers: driverHeaders,
    });
    expect(arrived.statusCode).toBe(200);
    expect(arrived.json<Order>()).toMatchObject({ trip_state: 'waiting_client' });
    expect(arrived.json<Order>().arrived_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
