import type { SavedAddress } from '@common/clients/clients.schema';
import type { Order } from '@common/orders/orders.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';

/** The address history and the user-addresses service; personal data stays in its tenant. */
let t: TestApp;
let headers: { authorization: string };
let foreign: { authorization: string };
let order: Order;

beforeAll(async () => {
  t = await createTestApp();
  const a = await buildCompany(t.db);
  headers = await t.login(await buildUser(t.db, { roles: ['dispatcher'], companyIds: [a.id] }));
  foreign = await t.login(
    await buildUser(t.db, { roles: ['dispatcher'], companyIds: [(await buildCompany(t.db)).id] }),
  );
  const body = (name: string) => ({
    phone: '0722 111 222',
    client_name: 'Ion',
    places: [{ name, lat: 47.16, long: 27.58, bloc: 'C1', scara: '2', reper: 'lângă școală' }],
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: body('Strada Sărărie 20'),
  });
  order = (
    await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: body('Strada Sărărie 20'),
    })
  ).json<Order>();
  await t.app.inject({ method: 'POST', url: '/api/orders', headers, payload: body('Palas Mall') });
});
afterAll(() => t.close());

describe('client address history', () => {
  it("remembers a client's addresses once each, newest first, with bloc/scara/reper", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/dispatcher-orders/${order.client_id}/address-history`,
      headers,
    });
    const addresses = response.json<SavedAddress[]>();
    expect(addresses.map((a) => a.name)).toEqual(['Palas Mall', 'Strada Sărărie 20']);
    expect(addresses[1]).toMatchObject({
      bloc: 'C1',
      scara: '2',
      reper: 'lângă școală',
      is_internal: false,
    });
  });

  it('finds them by phone in any format through the user-addresses service', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/user-addresses/addresses/+40722111222',
      headers,
    });
    expect(response.json<SavedAddress[]>()).toHaveLength(2);
    const national = await t.app.inject({
      method: 'GET',
      url: '/user-addresses/addresses/0722111222',
      headers,
    });
    expect(national.json<SavedAddress[]>()).toHaveLength(2);
  });

  it('never answers another company', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/dispatcher-orders/${order.client_id}/address-history`,
          headers: foreign,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/user-addresses/addresses/0722111222',
          headers: foreign,
        })
      ).json(),
    ).toEqual([]);
  });

  it('deletes an address from the history', async () => {
    const [first] = (
      await t.app.inject({
        method: 'GET',
        url: `/api/dispatcher-orders/${order.client_id}/address-history`,
        headers,
      })
    ).json<SavedAddress[]>();
    const url = `/api/dispatcher-orders/${order.client_id}/address-history-delete/${first?.id}`;
    expect((await t.app.inject({ method: 'PATCH', url, headers: foreign })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url, headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'PATCH', url, headers })).statusCode).toBe(404);
    const left = await t.app.inject({
      method: 'GET',
      url: `/api/dispatcher-orders/${order.client_id}/address-history`,
      headers,
    });
    expect(left.json<SavedAddress[]>().map((a) => a.name)).toEqual(['Strada Sărărie 20']);
  });

  it('deletes a saved address through the user-addresses service, only in its company', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: {
        phone: '0733 222 333',
        client_name: 'Maria',
        places: [
          { name: 'Strada Vasile Lupu 7', lat: 47.17, long: 27.6 },
          { name: 'Gara Iași', lat: 47.1656, long: 27.5675 },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const saved = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/user-addresses/addresses/0733222333', headers })
      ).json<SavedAddress[]>();
    const target = (await saved()).find((a) => a.name === 'Gara Iași');
    expect(target).toBeDefined();
    const url = `/user-addresses/addresses/${target?.id}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: foreign })).statusCode).toBe(404);
    expect((await saved()).map((a) => a.name).sort()).toEqual([
      'Gara Iași',
      'Strada Vasile Lupu 7',
    ]);
    expect((await t.app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(404);
    expect((await saved()).map((a) => a.name)).toEqual(['Strada Vasile Lupu 7']);
  });
});

describe('GET /api/clients/lookup (the order forms’ typed number)', () => {
  it('finds the client’s name and notes by a number typed in any format, in its tenant only', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/update-name`,
      headers,
      payload: { name: 'Ion Pop', about: 'Vorbește tare' },
    });
    const lookup = (phone: string, as = headers) =>
      t.app.inject({ method: 'GET', url: `/api/clients/lookup?phone=${phone}`, headers: as });
    const found = await lookup('0722%20111%20222');
    expect(found.json()).toEqual({
      client: { id: order.client_id, name: 'Ion Pop', about: 'Vorbește tare' },
      blocked: false,
      blocked_reason: null,
    });
    const empty = { client: null, blocked: false, blocked_reason: null };
    expect((await lookup('0722111222', foreign)).json()).toEqual(empty);
    expect((await lookup('072211')).json()).toEqual(empty);
    expect((await lookup('nu-e-numar')).json()).toEqual(empty);
  });

  it('says a number is blocked, and why to those who manage the list', async () => {
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/blocked-phone',
      headers,
      payload: { phone: '0755 000 111', reason: 'Comenzi false' },
    });
    expect(blocked.statusCode).toBe(201);
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/clients/lookup?phone=0755000111',
      headers,
    });
    expect(found.json()).toEqual({ client: null, blocked: true, blocked_reason: 'Comenzi false' });
  });
});
