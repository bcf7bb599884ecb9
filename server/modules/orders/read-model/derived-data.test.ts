import type { Order } from '@common/orders/orders.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../../../db/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * What an order's row embeds from elsewhere stays true in the cached lists.
 * Every list is read (and cached, for 60 s here) before the change, so only the change stream
 * can make it right: a client renamed on one order shows renamed on the client's other orders,
 * in the tabs and in GET /api/orders, at once.
 */
let t: TestApp;
let me: { authorization: string };

type Page = { data: Order[] };
const get = async <T>(url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: me });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
};
const clientNameIn = async (url: string, id: number) =>
  (await get<Page>(url)).data.find((order) => order.id === id)?.client?.name;
const lists = ['/api/dispatcher-orders/live?per_page=100', '/api/orders?per_page=100'];
const namesEverywhere = (id: number) => Promise.all(lists.map((url) => clientNameIn(url, id)));

const PHONE = '0744 222 333';
const place = (client_name: string) =>
  t.postOrder(me, {
    places: [{ name: 'Strada Lăpușneanu 7', lat: 47.168, long: 27.58 }],
    phone: PHONE,
    client_name,
  });

beforeAll(async () => {
  t = await createTestApp({ CONSOLE_CACHE_MS: '60000' });
  const taxi = await buildCompany(t.db, { name: 'Taxi Derivat' });
  me = await t.login(await buildUser(t.db, { roles: ['dispatcher'], companyIds: [taxi.id] }));
});

afterAll(() => t.close());

describe("the client's other orders in the cached lists", () => {
  it('show a rename made on one order at once (PATCH update-name)', async () => {
    const first = await place('Ion Popescu');
    const second = await place('Ion Popescu');
    expect(await namesEverywhere(first.id)).toEqual(['Ion Popescu', 'Ion Popescu']);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${second.id}/update-name`,
      headers: me,
      payload: { name: 'Ion Vasilescu' },
    });
    expect(response.statusCode).toBe(200);
    expect(await namesEverywhere(first.id)).toEqual(['Ion Vasilescu', 'Ion Vasilescu']);
  });

  it('show the name a new order for the same phone gives the client at once', async () => {
    const first = await place('Maria Ionescu');
    expect(await namesEverywhere(first.id)).toEqual(['Maria Ionescu', 'Maria Ionescu']);
    await place('Maria Georgescu');
    expect(await namesEverywhere(first.id)).toEqual(['Maria Georgescu', 'Maria Georgescu']);
  });
});
