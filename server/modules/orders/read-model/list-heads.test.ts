import { ListOrdersQuerySchema, type Order } from '@common/orders/orders.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { buildCompany, buildUser } from '../../../db/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { follow, HEAD_SPARE, type Head } from './list-heads';
import { listOrdersQueries } from './order-list.repo';

/**
 * Page 1 of GET /api/orders comes from list heads followed in memory (list-heads.ts): whatever
 * is placed or changed through the API, page 1 of every list is exactly what reading it
 * directly gives.
 */
const key = (id: number, second: number) => ({
  id,
  created_at: `2026-11-25 10:00:${String(second).padStart(2, '0')}`,
});
const order = (id: number, second: number, state: Order['state']) =>
  ({ ...key(id, second), state }) as Order;
const liveOnly = (o: Order) => o.state === 'created';
const head = (ids: [number, number][], more: boolean, limit = 2): Head => ({
  keys: ids.map(([id, second]) => key(id, second)),
  limit,
  more,
  matches: liveOnly,
});
const idsOf = (h: Head) => h.keys.map((k) => k.id);

describe('follow', () => {
  it('puts an order that joins the list at its place by time, then id', () => {
    const h = head(
      [
        [9, 50],
        [7, 40],
        [8, 30],
      ],
      true,
    );
    expect(idsOf(follow(h, order(10, 55, 'created')))).toEqual([10, 9, 7, 8]);
    expect(idsOf(follow(h, order(6, 40, 'created')))).toEqual([9, 7, 6, 8]);
    expect(idsOf(follow(h, order(11, 35, 'created')))).toEqual([9, 7, 11, 8]);
  });

  it('leaves the head as it is for an order older than its last while the list holds more', () => {
    const h = head([[9, 50]], true);
    expect(follow(h, order(3, 10, 'created'))).toBe(h);
    // …but a head holding the whole list takes it.
    expect(idsOf(follow({ ...h, more: false }, order(3, 10, 'created')))).toEqual([9, 3]);
  });

  it('lets go of the oldest order beyond page 1 and its spare, and knows the list holds more', () => {
    const full = head(
      Array.from({ length: 2 + HEAD_SPARE }, (_, i) => [100 - i, 59 - i] as [number, number]),
      false,
    );
    const next = follow(full, order(200, 59, 'created'));
    expect(next.keys).toHaveLength(2 + HEAD_SPARE);
    expect(next.keys[0]?.id).toBe(200);
    expect(next.keys.at(-1)?.id).toBe(100 - HEAD_SPARE);
    expect(next.more).toBe(true);
  });

  it('takes out an order that left the list, and keeps the same head for what changes nothing', () => {
    const h = head(
      [
        [9, 50],
        [7, 40],
      ],
      true,
    );
    expect(idsOf(follow(h, order(7, 40, 'canceled')))).toEqual([9]);
    expect(follow(h, order(7, 40, 'created'))).toBe(h); // still in: its row changed, not the list
    expect(follow(h, order(5, 45, 'canceled'))).toBe(h); // never in
  });
});

let t: TestApp;
let companyId: number;
let otherCompanyId: number;
let dispatcherId: number;
let driverId: number;
let headers: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await buildCompany(t.db)).id;
  otherCompanyId = (await buildCompany(t.db)).id;
  const dispatcher = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyId] });
  dispatcherId = dispatcher.id;
  driverId = (await buildUser(t.db, { roles: ['driver'], companyIds: [companyId] })).id;
  headers = await t.login(dispatcher);
  // Orders of the last hours, several in the same second, of every state and both payments.
  await t.db.execute(sql`insert into orders (state, phone, created_by_company_id,
      processed_by_company_id, address, created_at, closed_at, payment_type, dispatcher_id)
    select (array['created', 'finished', 'canceled', 'pending'])[1 + g % 4], '+40744000000',
      ${companyId}, ${companyId}, 'Strada ' || g,
      (now() at time zone 'utc') - make_interval(secs => 3600 + (g / 3) * 60),
      case when g % 4 in (1, 2) then now() at time zone 'utc' end,
      case when g % 5 = 0 then 'card' else 'cash' end,
      case when g % 2 = 0 then ${dispatcherId}::int end
    from generate_series(1, 120) g`);
}, 60_000);
afterAll(() => t.close());

const LISTS = [
  '',
  '&states=finished,canceled',
  '&state=created',
  '&payment_method=card',
  `&dispatcher_id=${0}`, // replaced by the dispatcher's id below
  '&states=created,pending&payment_method=cash',
];
const lists = () => LISTS.map((list) => list.replace('=0', `=${dispatcherId}`));

const firstPage = async (filter: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/orders?per_page=5${filter}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Order[] }>().data.map((o) => o.id);
};

const direct = (filter: string) =>
  listOrdersQueries(
    t.db,
    { kind: 'companies', processedBy: [companyId], billedTo: [] },
    ListOrdersQuerySchema.parse(Object.fromEntries(new URLSearchParams(`per_page=5${filter}`))),
  ).pageIds();

async function expectEveryListAsRead() {
  for (const filter of lists())
    expect(await firstPage(filter), filter).toEqual(await direct(filter));
}

const place = async (payment_type = 'cash') =>
  (await t.postOrder(headers, { payment_type, place: true })).id;

const patch = async (url: string, payload: object) => {
  const response = await t.app.inject({ method: 'PATCH', url, headers, payload });
  expect(response.statusCode, response.body).toBe(200);
};

describe('GET /api/orders page 1', () => {
  it('follows orders placed, closed and edited through the API, as a direct read does', async () => {
    await expectEveryListAsRead();
    const placed = [await place(), await place('card'), await place()];
    await expectEveryListAsRead();
    await patch(`/api/orders/${placed[0]}/cancel`, { reason_text: 'Clientul a renunțat' });
    await expectEveryListAsRead();
    await patch(`/api/orders/${placed[1]}/cancel`, { reason_text: null });
    await patch(`/api/orders/${placed[2]}`, { payment_type: 'card' });
    await expectEveryListAsRead();
    // An older order (below every head) leaves the live lists and joins the closed ones.
    const [older] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from orders where processed_by_company_id = ${companyId}
        and state = 'pending' order by created_at desc, id desc offset 6 limit 1`),
    );
    await patch(`/api/orders/${older?.id}/set-driver-and-finish`, { driverId });
    await expectEveryListAsRead();
  });

  it('reads a list again when more orders left its first page than it keeps in spare', async () => {
    await expectEveryListAsRead();
    const live = await firstPage('&state=created');
    const more = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from orders where processed_by_company_id = ${companyId}
        and state = 'created' order by created_at desc, id desc limit ${5 + HEAD_SPARE + 2}`),
    ).map((row) => row.id);
    expect(more.slice(0, 5)).toEqual(live);
    for (const id of more) await patch(`/api/orders/${id}/cancel`, { reason_text: null });
    await expectEveryListAsRead();
  });

  it('shows another company’s orders in none of its lists', async () => {
    const before = await Promise.all(lists().map(firstPage));
    const other = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [otherCompanyId] });
    await t.postOrder(await t.login(other), {
      phone: '0744 555 777',
      client_name: 'Ion',
      places: [{ name: 'Strada Scurtă 2', lat: 47.16, long: 27.58 }],
      place: true,
    });
    expect(await Promise.all(lists().map(firstPage))).toEqual(before);
  });

  it('is kept in memory: an order written to the database directly shows only once it is read again', async () => {
    await expectEveryListAsRead();
    const before = await firstPage('');
    await t.db.execute(sql`insert into orders (state, phone, created_by_company_id,
        processed_by_company_id, address) values ('created', '+40744000001', ${companyId},
        ${companyId}, 'Strada Directă 1')`);
    // Not told (direct database edits wait for the TTL)…
    expect(await firstPage('')).toEqual(before);
    // …while an order placed through the API shows at once.
    const placed = await place();
    expect(await firstPage('')).toEqual([placed, ...before.slice(0, 4)]);
  });
});
