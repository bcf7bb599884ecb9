import { ORDER_COUNT_CAP, type Order } from '@common/orders/orders.schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../../db/factories';
import { orders } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { buildOrder } from '../../../test/order-factory';

/** The four tabs, their counters and the top bar statistics. */
let t: TestApp;
let companyId: number;
let me: Awaited<ReturnType<typeof buildUser>>;
let headers: { authorization: string };
let foreignOrderId: number;
const ids = (body: { data: Order[] }) => body.data.map((o) => o.id);

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t.db)).id;
  const otherCompany = (await buildCompany(t.db)).id;
  me = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyId] });
  const colleague = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyId] });
  headers = await t.login(me);
  const d1 = await buildDriver(t.db, companyId, { car: { indicativ: '512' } });
  const d2 = await buildDriver(t.db, companyId);
  // Online through the drivers' own path (the top bar counts the live state).
  for (const driver of [d1, d2]) {
    const driverHeaders = await t.login(driver);
    const online = await t.app.inject({
      method: 'PATCH',
      url: '/api/drivers/me/status',
      headers: { authorization: driverHeaders.authorization },
      payload: { status: 'online' },
    });
    expect(online.statusCode).toBe(200);
  }

  // Deliberately interleaved: own and colleague orders, every tab, another company, an old one.
  await buildOrder(t.db, companyId, {
    state: 'created',
    dispatcher_id: colleague.id,
    address: 'Strada Păcurari 10',
  });
  await buildOrder(t.db, companyId, {
    state: 'assigned',
    dispatcher_id: me.id,
    driver_id: d1.id,
    car_indicativ: '512',
    address: 'Bulevardul Independenței 3',
  });
  await buildOrder(t.db, companyId, {
    state: 'pending',
    dispatcher_id: colleague.id,
    address: 'Ștefan cel Mare 1',
  });
  await buildOrder(t.db, companyId, {
    state: 'created',
    dispatcher_id: me.id,
    always_in_call: true,
    address: 'Copou 4',
  });
  await buildOrder(t.db, companyId, {
    state: 'finished',
    dispatcher_id: me.id,
    address: 'Tătărași 9',
  });
  await buildOrder(t.db, companyId, {
    state: 'canceled',
    dispatcher_id: colleague.id,
    address: 'Nicolina 2',
  });
  await buildOrder(t.db, companyId, {
    state: 'finished',
    closed_at: '2020-01-01 10:00:00',
    created_at: '2020-01-01 09:00:00',
  });
  foreignOrderId = (
    await buildOrder(t.db, otherCompany, {
      state: 'created',
      always_in_call: true,
      address: 'Strada Altă Firmă',
    })
  ).id;
});
afterAll(() => t.close());

const tab = async (name: string, query = '') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/dispatcher-orders/${name}${query}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Order[]; meta: { total: number } }>();
};

describe('dispatcher tabs', () => {
  it('live lists created, pending and assigned orders, own first', async () => {
    const live = await tab('live');
    expect(live.data.map((o) => o.state).sort()).toEqual([
      'assigned',
      'created',
      'created',
      'pending',
    ]);
    expect(live.meta.total).toBe(4);
    const ownCount = live.data.filter((o) => o.dispatcher_id === me.id).length;
    expect(live.data.slice(0, ownCount).every((o) => o.dispatcher_id === me.id)).toBe(true);
    expect(live.data.some((o) => o.address === 'Strada Altă Firmă')).toBe(false);
  });

  it('in-call lists the orders kept in a call, of this company only', async () => {
    const inCall = await tab('in-call');
    expect(inCall.data.map((o) => o.address)).toEqual(['Copou 4']);
  });

  it('finished and canceled list the last 24 hours', async () => {
    expect((await tab('finished')).data.map((o) => o.address)).toEqual(['Tătărași 9']);
    expect((await tab('canceled')).data.map((o) => o.address)).toEqual(['Nicolina 2']);
  });

  it('searches the call sign exactly or the address as a case- and accent-insensitive substring', async () => {
    expect((await tab('live', '?search=512')).data.map((o) => o.car_indicativ)).toEqual(['512']);
    expect((await tab('live', '?search=51')).data).toEqual([]);
    expect((await tab('live', '?search=stefan')).data.map((o) => o.address)).toEqual([
      'Ștefan cel Mare 1',
    ]);
    expect((await tab('live', '?search=PACURARI')).data.map((o) => o.address)).toEqual([
      'Strada Păcurari 10',
    ]);
  });

  it('orders each tab newest first: Confirmate by creation, Final by closing time', async () => {
    const company = (await buildCompany(t.db)).id;
    const dispatcher = await t.login(
      await buildUser(t.db, { roles: ['dispatcher'], companyIds: [company] }),
    );
    const minutesAgo = (minutes: number) =>
      new Date(Date.now() - minutes * 60_000).toISOString().replace('T', ' ').slice(0, 19);
    // Inserted out of order, so neither the id nor the insertion order gives the answer.
    for (const [name, created] of [
      ['B', 20],
      ['A', 5],
      ['C', 40],
    ] as const) {
      await buildOrder(t.db, company, { address: name, created_at: minutesAgo(created) });
    }
    for (const [name, closed] of [
      ['Y', 30],
      ['X', 10],
      ['Z', 50],
    ] as const) {
      await buildOrder(t.db, company, {
        state: 'finished',
        address: name,
        created_at: minutesAgo(100 - closed), // the later created closed first
        closed_at: minutesAgo(closed),
      });
    }
    const addresses = async (name: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/dispatcher-orders/${name}`,
        headers: dispatcher,
      });
      return response.json<{ data: Order[] }>().data.map((o) => o.address);
    };
    expect(await addresses('live')).toEqual(['A', 'B', 'C']);
    expect(await addresses('finished')).toEqual(['X', 'Y', 'Z']);
  });

  it('pages', async () => {
    const first = await tab('live', '?per_page=3&page=1');
    const second = await tab('live', '?per_page=3&page=2');
    expect(first.data).toHaveLength(3);
    expect(second.data).toHaveLength(1);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(4);
  });
});

describe('counters', () => {
  it('counts the four tabs (statistics)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/dispatcher-orders/statistics',
      headers,
    });
    expect(response.json()).toEqual({ in_call: 1, live: 4, finished: 1, canceled: 1 });
  });

  // Busy is the drivers' durable state, which the dispatch engine sets; the order
  // d1 holds here was written straight into the table, so he counts as free.
  it('gives the top bar its 24 h orders, cancellations and drivers online, busy, free', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/dispatcher-orders/live-statistics',
      headers,
    });
    expect(response.json()).toEqual({
      orders_24h: 6,
      canceled_24h: 1,
      drivers_online: 2,
      drivers_busy: 0,
      drivers_free: 2,
    });
  });
});

describe('GET /api/orders filters', () => {
  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/orders${query}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<{
      data: Order[];
      meta: { total: number; page: number; per_page: number; total_capped?: boolean };
    }>();
  };

  it('filters by states joined by comma and pages with meta.total', async () => {
    const closed = await list('?states=finished,canceled&per_page=2');
    expect(closed.meta).toEqual({ total: 3, page: 1, per_page: 2 });
    expect(closed.data.every((o) => o.state === 'finished' || o.state === 'canceled')).toBe(true);
  });

  it('filters by day (Bucharest dates) and dispatcher', async () => {
    expect((await list('?date_from=2020-01-01&date_to=2020-01-01')).meta.total).toBe(1);
    expect((await list(`?dispatcher_id=${me.id}`)).meta.total).toBe(3);
  });

  it('refuses bad filters with field messages', async () => {
    for (const perPage of ['many', '0']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/orders?states=flying&per_page=${perPage}&date_from=yesterday`,
        headers,
      });
      expect(response.statusCode).toBe(422);
      expect(
        Object.keys(response.json<{ errors: Record<string, string[]> }>().errors).sort(),
      ).toEqual(['date_from', 'per_page', 'states.0']);
    }
  });

  it('cuts a page size above the cap to 100 rows instead of refusing it', async () => {
    const many = await buildCompany(t.db);
    const manyHeaders = await t.login(
      await buildUser(t.db, { roles: ['dispatcher'], companyIds: [many.id] }),
    );
    await t.db.execute(sql`insert into orders (state, phone, created_by_company_id, processed_by_company_id, address, closed_at)
      select 'finished', '+40744000000', ${many.id}, ${many.id}, 'Strada ' || g, now() at time zone 'utc'
      from generate_series(1, 120) g`);
    for (const url of [
      '/api/orders?per_page=500',
      '/api/dispatcher-orders/finished?per_page=500',
      '/api/orders-for-report?per_page=500',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: manyHeaders });
      expect(response.statusCode, url).toBe(200);
      const body = response.json<{ data: unknown[]; meta?: { per_page: number } }>();
      expect(body.data, url).toHaveLength(100);
      if (body.meta) expect(body.meta.per_page, url).toBe(100);
    }
  });

  it('gives the dashboard its recent orders (orders-for-report)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/orders-for-report?per_page=7',
      headers,
    });
    const rows = response.json<{ data: { orderId: number; placeName: string; state: string }[] }>()
      .data;
    expect(rows).toHaveLength(7);
    expect(rows[0]).toMatchObject({ placeName: 'Nicolina 2', state: 'canceled' });
  });

  it("leaves another company's orders out of orders-for-report", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/orders-for-report?per_page=100',
      headers,
    });
    const reported = response
      .json<{ data: { orderId: number }[] }>()
      .data.map((row) => row.orderId)
      .sort((a, b) => a - b);
    const own = (
      await t.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.processed_by_company_id, companyId))
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);
    expect(reported).not.toContain(foreignOrderId);
    expect(reported).toEqual(own);
  });

  it('counts a big result only up to the cap and says so (no full count per request)', async () => {
    const big = await buildCompany(t.db);
    const bigUser = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [big.id] });
    await t.db.execute(sql`insert into orders (state, phone, created_by_company_id, processed_by_company_id, address, closed_at)
      select 'finished', '+40744000000', ${big.id}, ${big.id}, 'Strada ' || g, now() at time zone 'utc'
      from generate_series(1, ${ORDER_COUNT_CAP + 50}) g`);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/orders?per_page=15&page=3',
      headers: await t.login(bigUser),
    });
    const body = response.json<{
      data: Order[];
      meta: { total: number; total_capped?: boolean };
    }>();
    expect(body.meta).toMatchObject({ total: ORDER_COUNT_CAP, total_capped: true });
    expect(body.data).toHaveLength(15);
    expect((await list('?states=canceled')).meta.total_capped).toBeUndefined();
  });
});
