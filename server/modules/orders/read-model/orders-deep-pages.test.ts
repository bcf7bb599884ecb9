import { ListOrdersQuerySchema, type Order } from '@common/orders/orders.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { buildCompany, buildUser } from '../../../db/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { listOrdersQueries } from './order-list.repo';
import { DEEP_OFFSET, SLACK } from './page-windows';

/**
 * Deep pages of GET /api/orders come from page windows (page-windows.ts): whatever is placed or
 * changed through the API, a deep page is exactly what reading it directly gives.
 */
let t: TestApp;
let companyId: number;
let headers: { authorization: string };
const PER_PAGE = 15;
const PAGE = Math.ceil(DEEP_OFFSET / PER_PAGE) + 2;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t.db)).id;
  headers = await t.login(
    await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyId] }),
  );
  // Four orders a minute over the last days, several in the same second; a third still live.
  await t.db.execute(sql`insert into orders (state, phone, created_by_company_id, processed_by_company_id, address, created_at, closed_at)
    select case when g % 3 = 0 then 'created' when g % 7 = 0 then 'canceled' else 'finished' end,
      '+40744000000', ${companyId}, ${companyId}, 'Strada ' || g,
      (now() at time zone 'utc') - make_interval(secs => (g / 4) * 60),
      case when g % 3 = 0 then null else now() at time zone 'utc' end
    from generate_series(1, ${DEEP_OFFSET * 2}) g`);
}, 60_000);
afterAll(() => t.close());

const page = async (filter = '') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/orders?page=${PAGE}&per_page=${PER_PAGE}${filter}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Order[] }>().data.map((order) => order.id);
};

const direct = async (states?: string[]) =>
  rowsOf<{ id: number }>(
    await t.db.execute(sql`select id from orders where processed_by_company_id = ${companyId}
      ${states ? sql`and state = any(${sql.param(states)}::text[])` : sql``}
      order by created_at desc, id desc limit ${PER_PAGE} offset ${(PAGE - 1) * PER_PAGE}`),
  ).map((row) => row.id);

const place = async () => (await t.postOrder(headers, { place: true })).id;

/**
 * The filtered page as a direct read has it, once this node followed every change: the
 * engine may cancel a placed order (nobody to offer it to) between the two reads.
 */
const followsDirect = (filter: string, states: string[]) =>
  expect
    .poll(async () => {
      const [listed, read] = [await page(filter), await direct(states)];
      return listed.join() === read.join() ? 'same' : `${listed.join()} ≠ ${read.join()}`;
    })
    .toBe('same');

describe('GET /api/orders deep pages', () => {
  it('reads a window, the orders above a key and those between two keys as the list has them', async () => {
    // Several orders share a second: the keys order them by time, then id.
    const listed = rowsOf<{ id: number; created_at: string }>(
      await t.db.execute(sql`select id, created_at::text from orders
        where processed_by_company_id = ${companyId}
        order by created_at desc, id desc limit 400`),
    );
    const at = (offset: number) => listed[offset] as { id: number; created_at: string };
    const ids = (from: number, to: number) => listed.slice(from, to).map((order) => order.id);
    const reads = listOrdersQueries(
      t.db,
      { kind: 'companies', processedBy: [companyId], billedTo: [] },
      ListOrdersQuerySchema.parse({}),
    );
    const window = await reads.window(300, 50);
    expect(Array.from(window.ids)).toEqual(ids(300, 350));
    expect(window).toMatchObject({ from: 300, first: at(300), top: at(0) });
    expect(window.head).toEqual(ids(0, 32));
    expect(await reads.above(at(5), 10)).toEqual(listed.slice(0, 5));
    // Newer than offset 300, not newer than offset 100: offsets 299 down to 100, nearest first.
    expect(await reads.between(at(300), at(100), 20)).toEqual(listed.slice(280, 300).reverse());
    expect((await reads.between(at(300), at(100), 500)).length).toBe(200);
  });

  it('shifts by the orders placed since it was read, as a direct read does', async () => {
    expect(await page()).toEqual(await direct());
    for (let i = 0; i < 3; i++) {
      await place();
      expect(await page()).toEqual(await direct());
    }
  });

  it('reads a list of several states as one walk per state, in the list’s order', async () => {
    const listed = rowsOf<{ id: number; created_at: string }>(
      await t.db.execute(sql`select id, created_at::text from orders
        where processed_by_company_id = ${companyId} and state in ('finished', 'canceled')
        order by created_at desc, id desc limit 100`),
    );
    const at = (offset: number) => listed[offset] as { id: number; created_at: string };
    const reads = listOrdersQueries(
      t.db,
      { kind: 'companies', processedBy: [companyId], billedTo: [] },
      ListOrdersQuerySchema.parse({ states: 'finished,canceled', page: '3', per_page: '15' }),
    );
    expect(await reads.pageIds()).toEqual(listed.slice(30, 45).map((order) => order.id));
    expect(await reads.total()).toBe(
      rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from orders
          where processed_by_company_id = ${companyId} and state in ('finished', 'canceled')`),
      )[0]?.n,
    );
    expect(await reads.above(at(7), 50)).toEqual(listed.slice(0, 7));
    expect(await reads.between(at(60), at(20), 25)).toEqual(listed.slice(35, 60).reverse());
  });

  it('follows more orders placed than the window had rows before the page, as a direct read does', async () => {
    expect(await page()).toEqual(await direct());
    for (let batch = 0; batch < (SLACK * 3) / 2 / 25; batch++) {
      for (let i = 0; i < 25; i++) await place();
      expect(await page()).toEqual(await direct());
    }
  }, 60_000);

  it('follows orders that move into a states filter (a cancellation), as a direct read does', async () => {
    const closed = '&states=finished,canceled';
    const states = ['finished', 'canceled'];
    await followsDirect(closed, states);
    const placed = await place(); // not in the filter until canceled
    await followsDirect(closed, states);
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${placed}/cancel`,
      headers,
      payload: { reason_text: 'Clientul a renunțat' },
    });
    // The engine may have canceled it already ('Șoferii nu au fost găsiți').
    expect([200, 409]).toContain(cancel.statusCode);
    const [older] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from orders where processed_by_company_id = ${companyId}
        and state = 'created' order by created_at desc, id desc offset 40 limit 1`),
    );
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${older?.id}/cancel`,
      headers,
      payload: { reason_text: null },
    });
    await followsDirect(closed, states);
  });
});
