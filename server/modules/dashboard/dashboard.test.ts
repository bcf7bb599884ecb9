import type {
  Announcement,
  CommonStatistics,
  Incident,
  OrdersChart,
} from '@common/dashboard/dashboard.schema';
import type { ErrorBody } from '@common/http/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrder } from '../../test/order-factory';

/** The admin dashboard and its common statistics; docs/ADMINISTRATION.md "Dashboard". */

type Headers = { authorization: string };
let t: TestApp;
let admin: Headers;
let dispatcher: Headers;
let manager: Headers;
let foreign: Headers;
let platform: Headers;
let driver: Headers;
let driverId: number;
let protocolUser: Headers;
let companyA: number;
let companyB: number;

beforeAll(async () => {
  t = await createTestApp();
  companyA = (await buildCompany(t.db)).id;
  companyB = (await buildCompany(t.db)).id;
  const protocol = await buildCompany(t.db, { type: 'protocol', parent_company_id: companyA });
  dispatcher = await t.login(
    await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyA] }),
  );
  admin = dispatcher;
  manager = await t.login(await buildUser(t.db, { roles: ['manager'], companyIds: [companyA] }));
  foreign = await t.login(await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyB] }));
  platform = await t.login(await buildUser(t.db, { roles: ['admin'], companyIds: [] }));
  const driverUser = await buildDriver(t.db, companyA);
  driverId = driverUser.id;
  driver = await t.login(driverUser);
  await buildDriver(t.db, companyA);
  await buildDriver(t.db, companyA, { disabled: true });
  await buildDriver(t.db, companyB);
  protocolUser = await t.login(
    await buildUser(t.db, { roles: ['company'], companyIds: [protocol.id] }),
  );
});
afterAll(() => t.close());

const get = async <T>(url: string, headers: Headers) => {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const statistics = (headers: Headers) => get<CommonStatistics>('/api/statistics/common', headers);
const chart = (headers: Headers, range: string) =>
  get<OrdersChart>(`/api/statistics/orders-chart?range=${range}`, headers);

/** Today in Bucharest, and a day `days` before it, as the database counts them. */
async function bucharestDay(days = 0): Promise<string> {
  const result = await t.db.execute(
    sql`select to_char((now() at time zone 'Europe/Bucharest')::date - ${days}::int, 'YYYY-MM-DD') as day`,
  );
  return (result as unknown as { rows: { day: string }[] }).rows[0]?.day ?? '';
}

describe('common statistics', () => {
  it("counts the caller's drivers, clients and orders, never another company's", async () => {
    const before = await statistics(dispatcher);
    expect(before).toMatchObject({ driversCount: 2, driversOnlineCount: 0, driversBusyCount: 0 });
    const first = await t.postOrder(dispatcher, { phone: '0744 100 001' });
    await t.postOrder(dispatcher, { phone: '0744 100 002' });
    await t.postOrder(foreign, { phone: '0744 100 003' });
    const canceled = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${first.id}/cancel`,
      headers: dispatcher,
      payload: {},
    });
    expect(canceled.statusCode).toBe(200);
    const after = await statistics(dispatcher);
    expect(after.ordersTodayCount - before.ordersTodayCount).toBe(2);
    expect(after.canceledOrdersTodayCount - before.canceledOrdersTodayCount).toBe(1);
    expect(after.ordersTotalCount - before.ordersTotalCount).toBe(2);
    expect(after.clientsCount - before.clientsCount).toBe(2);
    expect(await statistics(manager)).toEqual(after);
    const theirs = await statistics(foreign);
    expect(theirs).toMatchObject({ driversCount: 1, clientsCount: 1, ordersTodayCount: 1 });
    // The platform admin sees every company.
    const all = await statistics(platform);
    expect(all.ordersTotalCount).toBe(after.ordersTotalCount + theirs.ordersTotalCount);
    expect(all.driversCount).toBe(3);
  });

  it('is for the console only: a driver is refused, a stranger is asked to log in', async () => {
    for (const url of ['/api/statistics/common', '/api/statistics/orders-chart']) {
      expect((await t.app.inject({ method: 'GET', url, headers: driver })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('orders chart (from order_daily_counts)', () => {
  it("counts a placed order on today's point, as a phone order, for its company only", async () => {
    const today = await bucharestDay();
    const before = await chart(dispatcher, '1m');
    expect(before.granularity).toBe('day');
    expect(before.points.at(-1)?.date).toBe(today);
    const theirsBefore = await chart(foreign, '1m');
    await t.postOrder(dispatcher, { phone: '0744 100 004' });
    const after = await chart(dispatcher, '1m');
    expect(after.points.at(-1)).toEqual({
      date: today,
      online: before.points.at(-1)?.online,
      phone: (before.points.at(-1)?.phone ?? 0) + 1,
    });
    expect(await chart(foreign, '1m')).toEqual(theirsBefore);
  });

  it('counts a duplicated order too (the write path that copies an order)', async () => {
    const source = await t.postOrder(dispatcher, { phone: '0744 100 005' });
    const before = (await chart(dispatcher, '1m')).points.at(-1)?.phone ?? 0;
    const copy = await post(`/api/orders/${source.id}/duplicate`, dispatcher);
    expect(copy.statusCode, copy.body).toBe(201);
    expect((await chart(dispatcher, '1m')).points.at(-1)?.phone).toBe(before + 1);
  });

  it('cuts each range at its start and draws long ranges by month', async () => {
    const company = (await buildCompany(t.db)).id;
    const me = await t.login(
      await buildUser(t.db, { roles: ['dispatcher'], companyIds: [company] }),
    );
    const days = {
      d40: await bucharestDay(40),
      d200: await bucharestDay(200),
      d800: await bucharestDay(800),
    };
    await t.db.execute(sql`insert into order_daily_counts (company_id, day, online, phone) values
      (${company}, ${days.d40}::date, 3, 1),
      (${company}, ${days.d200}::date, 5, 2),
      (${company}, ${days.d800}::date, 7, 4)`);
    const sum = (c: OrdersChart) =>
      c.points.reduce((acc, p) => ({ online: acc.online + p.online, phone: acc.phone + p.phone }), {
        online: 0,
        phone: 0,
      });
    const month = await chart(me, '1m');
    expect(month.points.length).toBeGreaterThanOrEqual(28);
    expect(month.points.length).toBeLessThanOrEqual(31);
    expect(sum(month)).toEqual({ online: 0, phone: 0 });
    const six = await chart(me, '6m');
    expect(six.granularity).toBe('day');
    expect(six.points.find((p) => p.date === days.d40)).toEqual({
      date: days.d40,
      online: 3,
      phone: 1,
    });
    expect(sum(six)).toEqual({ online: 3, phone: 1 });
    const year = await chart(me, 'year');
    expect(year.granularity).toBe('month');
    expect(year.points.length).toBe(12);
    expect(year.points.every((p) => p.date.endsWith('-01'))).toBe(true);
    expect(sum(year)).toEqual({ online: 8, phone: 3 });
    const all = await chart(me, 'all');
    expect(all.granularity).toBe('month');
    expect(all.points[0]?.date).toBe(`${days.d800.slice(0, 7)}-01`);
    expect(sum(all)).toEqual({ online: 15, phone: 7 });
    const ytd = await chart(me, 'ytd');
    expect(ytd.points[0]?.date).toBe(`${(await bucharestDay()).slice(0, 4)}-01-01`);
    // Nobody else sees these counts.
    expect(sum(await chart(foreign, 'all')).online).toBeLessThan(15);
  });

  it('refuses an unknown range with the field and its message', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/statistics/orders-chart?range=week',
      headers: dispatcher,
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<ErrorBody>().errors ?? {})).toEqual(['range']);
  });
});

describe('announcements', () => {
  it("are posted to the company's console, counted while active, and archived", async () => {
    const before = (await statistics(dispatcher)).announcesCount;
    const created = await post('/api/announcements', dispatcher, {
      title: '  Drum închis  ',
      message: 'Strada Palas e închisă până la ora 18.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const note = created.json<Announcement>();
    expect(note).toMatchObject({ title: 'Drum închis', company_id: companyA, expires_at: null });
    expect(note.author_name).toMatch(/Utilizator/);
    expect(
      (await get<Announcement[]>('/api/announcements', protocolUser)).map((a) => a.id),
    ).not.toContain(note.id);
    expect((await get<Announcement[]>('/api/announcements', manager)).map((a) => a.id)).toContain(
      note.id,
    );
    expect(
      (await get<Announcement[]>('/api/announcements', foreign)).map((a) => a.id),
    ).not.toContain(note.id);
    expect((await statistics(dispatcher)).announcesCount).toBe(before + 1);

    expect((await post(`/api/announcements/${note.id}/archive`, foreign)).statusCode).toBe(404);
    const archived = await post(`/api/announcements/${note.id}/archive`, manager);
    expect(archived.statusCode).toBe(200);
    expect(
      (await get<Announcement[]>('/api/announcements', dispatcher)).map((a) => a.id),
    ).not.toContain(note.id);
    expect((await statistics(dispatcher)).announcesCount).toBe(before);
  });

  it('stops counting an announcement once it expires', async () => {
    const before = (await statistics(foreign)).announcesCount;
    const created = await post('/api/announcements', foreign, {
      title: 'Azi',
      message: 'Doar azi.',
      expires_at: '2099-01-01 00:00:00',
    });
    expect(created.statusCode).toBe(201);
    expect((await statistics(foreign)).announcesCount).toBe(before + 1);
    await t.db.execute(
      sql`update announcements set expires_at = (now() at time zone 'utc') - interval '1 minute' where id = ${created.json<Announcement>().id}`,
    );
    expect((await statistics(foreign)).announcesCount).toBe(before);
  });

  it('refuses bad input field by field, and writers other than the console staff', async () => {
    const bad = await post('/api/announcements', dispatcher, {
      title: ' ',
      message: '',
      expires_at: '2020-01-01 10:00:00',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<ErrorBody>().errors ?? {}).sort()).toEqual(['message', 'title']);
    const past = await post('/api/announcements', dispatcher, {
      title: 'Vechi',
      message: 'Expirat deja',
      expires_at: '2020-01-01 10:00:00',
    });
    expect(past.statusCode).toBe(422);
    expect(past.json<ErrorBody>().errors).toEqual({
      expires_at: ['Data expirării trebuie să fie în viitor.'],
    });
    const body = { title: 'X', message: 'Y' };
    expect((await post('/api/announcements', driver, body)).statusCode).toBe(403);
    expect((await post('/api/announcements', protocolUser, body)).statusCode).toBe(403);
    // The platform admin belongs to no company: there is no one to tell.
    expect((await post('/api/announcements', platform, body)).statusCode).toBe(403);
  });
});

describe('incidents', () => {
  it('are reported on an order, counted while open, and resolved', async () => {
    const before = (await statistics(admin)).incidentsCount;
    const order = await t.postOrder(dispatcher, { phone: '0744 100 006' });
    const created = await post('/api/incidents', dispatcher, {
      description: 'Clientul a uitat o geantă în mașină.',
      order_id: order.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const incident = created.json<Incident>();
    expect(incident).toMatchObject({
      order_id: order.id,
      company_id: companyA,
      source: 'dispatcher',
      state: 'open',
      resolved_at: null,
    });
    expect((await statistics(manager)).incidentsCount).toBe(before + 1);
    expect((await get<Incident[]>('/api/incidents', foreign)).map((i) => i.id)).not.toContain(
      incident.id,
    );
    expect((await get<Incident[]>('/api/incidents', dispatcher)).map((i) => i.id)).toContain(
      incident.id,
    );

    expect((await post(`/api/incidents/${incident.id}/resolve`, foreign)).statusCode).toBe(404);
    const resolved = await post(`/api/incidents/${incident.id}/resolve`, manager);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json<Incident>()).toMatchObject({ state: 'resolved' });
    expect(resolved.json<Incident>().resolved_at).not.toBeNull();
    expect((await statistics(dispatcher)).incidentsCount).toBe(before);
    expect((await get<Incident[]>('/api/incidents', dispatcher)).map((i) => i.id)).not.toContain(
      incident.id,
    );
    expect(
      (await get<Incident[]>('/api/incidents?state=resolved', dispatcher)).map((i) => i.id),
    ).toContain(incident.id);
  });

  it("refuses another company's order as unknown, and bad input field by field", async () => {
    const theirs = await t.postOrder(foreign, { phone: '0744 100 007' });
    const response = await post('/api/incidents', dispatcher, {
      description: 'Ceva',
      order_id: theirs.id,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual({ order_id: ['Comanda nu există.'] });
    const bad = await post('/api/incidents', dispatcher, { description: '', order_id: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<ErrorBody>().errors ?? {}).sort()).toEqual([
      'description',
      'order_id',
    ]);
    expect((await post('/api/incidents', driver, { description: 'x' })).statusCode).toBe(403);
    const free = await post('/api/incidents', dispatcher, { description: 'Șofer fără ecuson.' });
    expect(free.statusCode).toBe(201);
    expect(free.json<Incident>()).toMatchObject({ order_id: null, company_id: companyA });
  });
});

describe("a driver's incident (docs/DRIVER-API.md)", () => {
  it('is reported on his own trip and seen by his company, never on a trip of another', async () => {
    const trip = await buildOrder(t.db, companyA, { state: 'finished', driver_id: driverId });
    const other = await buildOrder(t.db, companyA, { state: 'finished' });
    const url = '/api/drivers/me/incidents';
    const created = await post(url, driver, { description: 'Pană pe drum.', order_id: trip.id });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Incident>()).toMatchObject({
      source: 'driver',
      driver_id: driverId,
      company_id: companyA,
      order_id: trip.id,
    });
    expect((await get<Incident[]>('/api/incidents', manager)).map((i) => i.id)).toContain(
      created.json<Incident>().id,
    );
    const refused = await post(url, driver, { description: 'Nu e a mea.', order_id: other.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorBody>().errors).toEqual({ order_id: ['Comanda nu există.'] });
    expect((await post(url, dispatcher, { description: 'x' })).statusCode).toBe(403);
  });
});
