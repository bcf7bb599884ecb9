import { Writable } from 'node:stream';
import type {
  CreatedReportLink,
  DriverReport,
  DriverTripList,
  ReportLink,
} from '@common/driver-reports/driver-reports.schema';
import { REPORT_LINK_INVALID } from '@common/driver-reports/driver-reports.schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { driverReportTokens, orders } from '../../db/schema';
import { tokenDigest } from '../../lib/tokens';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrder } from '../../test/order-factory';

type Headers = { authorization: string };

let t: TestApp;
let companyA: number;
let manager: Headers;
let foreignManager: Headers;
let dispatcher: Headers;
let driver: { id: number; name: string; identifier: string | null };
let otherDriver: { id: number };
let foreignDriver: { id: number };
const driverOrders: number[] = [];
let otherDriverOrder: number;
let foreignCompanyOrder: number;
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'debug', LOGIN_MAX_FAILURES_PER_IP: '50' }, { logStream });
  companyA = (await buildCompany(t.db)).id;
  const companyB = (await buildCompany(t.db)).id;
  manager = await t.login(await buildUser(t.db, { roles: ['manager'], companyIds: [companyA] }));
  foreignManager = await t.login(
    await buildUser(t.db, { roles: ['manager'], companyIds: [companyB] }),
  );
  dispatcher = await t.login(
    await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyA] }),
  );
  // A driver of both companies: company A's views show only company A's orders of his.
  driver = await buildDriver(t.db, companyA, {
    name: 'Vasile Raport',
    companyIds: [companyA, companyB],
  });
  otherDriver = await buildDriver(t.db, companyA);
  foreignDriver = await buildDriver(t.db, companyB);
  // 32 trips: 31 finished cash, every third one paid, and one card; newest last.
  for (let i = 0; i < 32; i++) {
    const order = await buildOrder(t.db, companyA, {
      state: 'finished',
      driver_id: driver.id,
      payment_type: i === 31 ? 'card' : 'cash',
      address: `Strada Cursa ${i}`,
      created_at: `2026-11-${String(1 + Math.floor(i / 2)).padStart(2, '0')} ${i % 2 ? '10' : '08'}:00:00`,
    });
    if (i % 3 === 0)
      await t.db.update(orders).set({ is_paid: true, cost: 1500 }).where(eq(orders.id, order.id));
    driverOrders.push(order.id);
  }
  otherDriverOrder = (
    await buildOrder(t.db, companyA, { state: 'finished', driver_id: otherDriver.id })
  ).id;
  foreignCompanyOrder = (
    await buildOrder(t.db, companyB, { state: 'finished', driver_id: driver.id })
  ).id;
});
afterAll(() => t.close());

const get = (url: string, headers?: Headers) =>
  t.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });

const createLink = async (headers: Headers, driverId: number, days?: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/drivers/${driverId}/report-links`,
    headers,
    payload: days === undefined ? {} : { days },
  });

describe('driver order list (30 a page)', () => {
  it("lists the driver's trips of the caller's company, newest first, 30 a page", async () => {
    const first = await get(`/api/drivers/${driver.id}/orders`, manager);
    expect(first.statusCode).toBe(200);
    const page = first.json<DriverTripList>();
    expect(page.meta).toEqual({ total: 32, page: 1, per_page: 30 });
    expect(page.data.map((o) => o.id)).toEqual([...driverOrders].reverse().slice(0, 30));
    expect(page.data[0]).toMatchObject({ places: ['Strada Cursa 31'], payment_type: 'card' });
    const second = (
      await get(`/api/drivers/${driver.id}/orders?page=2`, manager)
    ).json<DriverTripList>();
    expect(second.data.map((o) => o.id)).toEqual([driverOrders[1], driverOrders[0]]);
    const ids = [...page.data, ...second.data].map((o) => o.id);
    expect(ids).not.toContain(otherDriverOrder);
    expect(ids).not.toContain(foreignCompanyOrder);
  });

  it('filters by payment type and payment status', async () => {
    const card = (
      await get(`/api/drivers/${driver.id}/orders?payment_type=card`, manager)
    ).json<DriverTripList>();
    expect(card.data.map((o) => o.id)).toEqual([driverOrders[31]]);
    const paid = (
      await get(`/api/drivers/${driver.id}/orders?is_paid=true`, manager)
    ).json<DriverTripList>();
    expect(paid.meta.total).toBe(11);
    expect(paid.data.every((o) => o.is_paid && o.cost === 1500)).toBe(true);
    const unpaidCash = (
      await get(`/api/drivers/${driver.id}/orders?is_paid=false&payment_type=cash`, manager)
    ).json<DriverTripList>();
    expect(unpaidCash.meta.total).toBe(20);
    const bad = await get(
      `/api/drivers/${driver.id}/orders?payment_type=gold&is_paid=maybe`,
      manager,
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['is_paid', 'payment_type']);
  });

  it("is for administrators, of their own company's drivers", async () => {
    expect((await get(`/api/drivers/${driver.id}/orders`)).statusCode).toBe(401);
    expect((await get(`/api/drivers/${driver.id}/orders`, dispatcher)).statusCode).toBe(403);
    expect((await get(`/api/drivers/${foreignDriver.id}/orders`, manager)).statusCode).toBe(404);
    // The foreign manager sees the shared driver's trips of his own company only.
    const foreign = (
      await get(`/api/drivers/${driver.id}/orders`, foreignManager)
    ).json<DriverTripList>();
    expect(foreign.data.map((o) => o.id)).toEqual([foreignCompanyOrder]);
  });
});

describe('driver report links (/driver/reports/{token})', () => {
  it("shows whoever holds the link that driver's trips, and nothing of anyone else", async () => {
    const created = await createLink(manager, driver.id, 7);
    expect(created.statusCode).toBe(201);
    const { link, path, url } = created.json<CreatedReportLink>();
    const token = path.replace('/driver/reports/', '');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.endsWith(path)).toBe(true);

    // Only the digest is stored, never the token itself.
    const [row] = await t.db
      .select()
      .from(driverReportTokens)
      .where(eq(driverReportTokens.id, link.id));
    expect(row?.token_hash).toBe(tokenDigest(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const report = await get(`/api/driver-reports/${token}?page=2`);
    expect(report.statusCode).toBe(200);
    const body = report.json<DriverReport>();
    expect(body.driver).toEqual({ name: 'Vasile Raport', indicativ: driver.identifier });
    expect(Object.keys(body).sort()).toEqual(['driver', 'expires_at', 'trips']);
    expect(body.trips.meta).toEqual({ total: 32, page: 2, per_page: 30 });
    const first = (await get(`/api/driver-reports/${token}`)).json<DriverReport>();
    const shown = [...first.trips.data, ...body.trips.data].map((o) => o.id);
    expect(shown.sort((a, b) => a - b)).toEqual([...driverOrders].sort((a, b) => a - b));
    expect(shown).not.toContain(otherDriverOrder);
    expect(shown).not.toContain(foreignCompanyOrder);

    // The list never carries the token.
    const list = await get(`/api/drivers/${driver.id}/report-links`, manager);
    expect(list.body).not.toContain(token);
    expect(list.json<ReportLink[]>()[0]).toMatchObject({ id: link.id, revoked_at: null });

    // The request log shows neither the token nor the path that holds it.
    expect(logLines.join('\n')).not.toContain(token);
    expect(logLines.join('\n')).toContain('/api/driver-reports/…');
  });

  it('answers 404 with a clear message once the link is revoked or expired, or never was', async () => {
    const { link, path } = (await createLink(manager, driver.id)).json<CreatedReportLink>();
    const token = path.split('/').pop() ?? '';
    expect((await get(`/api/driver-reports/${token}`)).statusCode).toBe(200);
    // Another company cannot revoke it.
    const foreignRevoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/drivers/${driver.id}/report-links/${link.id}`,
      headers: foreignManager,
    });
    expect(foreignRevoke.statusCode).toBe(404);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/drivers/${driver.id}/report-links/${link.id}`,
      headers: manager,
    });
    expect(revoked.statusCode).toBe(204);
    const gone = await get(`/api/driver-reports/${token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: REPORT_LINK_INVALID });

    const expiring = (await createLink(manager, driver.id)).json<CreatedReportLink>();
    await t.db
      .update(driverReportTokens)
      .set({ expires_at: sql`(now() at time zone 'utc') - interval '1 second'` })
      .where(eq(driverReportTokens.id, expiring.link.id));
    expect(
      (await get(`/api${expiring.path.replace('/driver/reports', '/driver-reports')}`)).statusCode,
    ).toBe(404);

    const never = await get('/api/driver-reports/not-a-real-token');
    expect(never.statusCode).toBe(404);
    expect(never.json()).toMatchObject({ message: REPORT_LINK_INVALID });
  });

  it('is made and listed by administrators of the driver’s company only', async () => {
    expect((await createLink(dispatcher, driver.id)).statusCode).toBe(403);
    expect((await createLink(manager, foreignDriver.id)).statusCode).toBe(404);
    expect((await get(`/api/drivers/${foreignDriver.id}/report-links`, manager)).statusCode).toBe(
      404,
    );
    const tooLong = await createLink(manager, driver.id, 1000);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toHaveProperty('days');
    // The other company's manager does not see company A's links of the shared driver.
    const foreignList = (await get(`/api/drivers/${driver.id}/report-links`, foreignManager)).json<
      ReportLink[]
    >();
    expect(foreignList).toEqual([]);
  });

  it('tells an address that keeps guessing tokens to wait', async () => {
    let last = 0;
    for (let i = 0; i < 52 && last !== 429; i++) {
      last = (await get(`/api/driver-reports/guess-${i}`)).statusCode;
    }
    expect(last).toBe(429);
  });
});
