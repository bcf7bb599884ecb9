import type { ErrorBody } from '@common/http/errors';
import {
  type OrdersReportPage,
  REPORT_SORTS,
  type ReportOrderRow,
} from '@common/reports/orders-report.schema';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrder } from '../../test/order-factory';
import { reportPage, reportRows, reportWhere } from './orders-report.repo';

type Headers = { authorization: string };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (headers: Headers, path: string) => t.app.inject({ method: 'GET', url: path, headers });

interface Seed {
  at: string;
  state?: 'created' | 'assigned' | 'finished' | 'canceled';
  cost?: number | null;
  discount?: number;
  driverId?: number | null;
  dispatcherId?: number | null;
  payment?: 'cash' | 'card' | 'protocol';
  source?: 'from_call' | 'from_app';
  /** Seconds of the call, answered to hung up. */
  call?: number;
  /** Seconds from placing to the driver and to the trip's start. */
  assign?: number;
  pickup?: number;
  indicativ?: string | null;
  billedTo?: number | null;
}

/** An order as the write path leaves it (test-only insert). */
async function order(companyId: number, s: Seed) {
  const row = await buildOrder(t.db, companyId, {
    state: s.state ?? 'finished',
    created_at: s.at,
    driver_id: s.driverId ?? null,
    dispatcher_id: s.dispatcherId ?? null,
    payment_type: s.payment ?? 'cash',
    car_indicativ: s.indicativ ?? null,
  });
  const cost = s.cost === undefined ? 2_000 : s.cost;
  const at = (seconds: number | undefined) =>
    seconds === undefined ? null : sql`${s.at}::timestamp + make_interval(secs => ${seconds})`;
  await t.db.execute(sql`update orders set start_at = ${s.at}::timestamp,
      departure_time = ${s.at}::timestamp, cost = ${cost},
      discount_amount = ${s.discount ?? null},
      discounted_cost = ${cost === null ? null : cost - (s.discount ?? 0)},
      source = ${s.source ?? 'from_call'}, protocol_company_id = ${s.billedTo ?? null},
      assigned_at = ${at(s.assign)}, trip_started_at = ${at(s.pickup)},
      call = ${
        s.call === undefined
          ? null
          : JSON.stringify({
              phone: row.phone,
              state: 'ended',
              started_at: s.at,
              ended_at: new Date(Date.parse(`${s.at.replace(' ', 'T')}Z`) + s.call * 1000)
                .toISOString()
                .slice(0, 19)
                .replace('T', ' '),
            })
      }::jsonb
    where id = ${row.id}`);
  return row.id;
}

async function company() {
  const { id } = await buildCompany(t.db);
  const dispatcher = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [id] });
  const driver = await buildDriver(t.db, id);
  return { id, dispatcher, driver, headers: await t.login(dispatcher) };
}

/** Every row of a report, page after page. */
async function allRows(headers: Headers, query: string) {
  const rows: ReportOrderRow[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await get(headers, `/api/reports/orders?${query}&per_page=4&page=${page}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<OrdersReportPage>();
    rows.push(...body.data);
    if (rows.length >= body.meta.total) return { rows, body };
  }
}

describe('orders report', () => {
  it('filters by Bucharest days, states, driver, dispatcher, payment and source; totals sum the whole set', async () => {
    const c = await company();
    const mine = { driverId: c.driver.id, dispatcherId: c.dispatcher.id };
    const ids = {
      // 01.11.2026 00:30 in Bucharest.
      first: await order(c.id, { at: '2026-10-31 22:30:00', ...mine, cost: 3_000, discount: 500 }),
      card: await order(c.id, { at: '2026-11-10 09:00:00', ...mine, payment: 'card', cost: 4_000 }),
      app: await order(c.id, { at: '2026-11-12 09:00:00', source: 'from_app', cost: 1_500 }),
      canceled: await order(c.id, { at: '2026-11-15 09:00:00', state: 'canceled', ...mine }),
      // 30.11.2026 23:59:59 in Bucharest.
      last: await order(c.id, { at: '2026-11-30 21:59:59', ...mine, cost: null }),
    };
    // 31.10 23:59 and 01.12 00:00 in Bucharest.
    await order(c.id, { at: '2026-10-31 21:59:00' });
    await order(c.id, { at: '2026-11-30 22:00:00' });
    const month = 'date_from=2026-11-01&date_to=2026-11-30';

    const { rows, body } = await allRows(c.headers, month);
    expect(rows.map((r) => r.orderId)).toEqual([
      ids.last,
      ids.canceled,
      ids.app,
      ids.card,
      ids.first,
    ]);
    // Finished fares only; a discounted one counts what the client paid.
    expect(body.totals).toEqual({
      orders: 5,
      finished: 4,
      canceled: 1,
      fare: 2_500 + 4_000 + 1_500,
    });
    expect(rows.find((r) => r.orderId === ids.first)?.fare).toBe(2_500);

    const filtered = async (query: string) =>
      (await allRows(c.headers, `${month}&${query}`)).rows.map((r) => r.orderId).sort();
    expect(await filtered('states=canceled')).toEqual([ids.canceled]);
    expect(await filtered(`driver_id=${c.driver.id}&payment_method=card`)).toEqual([ids.card]);
    expect(await filtered(`dispatcher_id=${c.dispatcher.id}`)).toEqual(
      [ids.first, ids.card, ids.canceled, ids.last].sort(),
    );
    expect(await filtered('source=from_app')).toEqual([ids.app]);
    // 11:00 in Bucharest is 09:00 UTC in November.
    expect(await filtered('time_from=10:30&time_to=11:30')).toEqual(
      [ids.card, ids.app, ids.canceled].sort(),
    );
  });

  it('measures the call, the time to a driver and to the pickup, and sorts by each, missing values lowest', async () => {
    const c = await company();
    const a = await order(c.id, { at: '2026-11-02 08:00:00', call: 95, assign: 40, pickup: 400 });
    const b = await order(c.id, { at: '2026-11-02 09:00:00', call: 30, assign: 120, pickup: 200 });
    const none = await order(c.id, { at: '2026-11-02 10:00:00', state: 'canceled' });
    const { rows } = await allRows(c.headers, 'date_from=2026-11-02&date_to=2026-11-02');
    expect(rows.find((r) => r.orderId === a)).toMatchObject({
      callDuration: 95,
      time_to_assign: 40,
      time_to_pickup: 400,
    });
    expect(rows.find((r) => r.orderId === none)).toMatchObject({
      callDuration: null,
      time_to_assign: null,
      time_to_pickup: null,
    });
    const sorted = async (sort: string, dir: string) =>
      (
        await allRows(c.headers, `date_from=2026-11-02&date_to=2026-11-02&sort=${sort}&dir=${dir}`)
      ).rows.map((r) => r.orderId);
    expect(await sorted('callDuration', 'desc')).toEqual([a, b, none]);
    expect(await sorted('time_to_assign', 'asc')).toEqual([none, a, b]);
    expect(await sorted('time_to_pickup', 'desc')).toEqual([a, b, none]);
  });

  it("shows a dispatcher his company's orders, a protocol client the rides billed to him, the admin any company", async () => {
    const c = await company();
    const other = await company();
    const protocol = await buildCompany(t.db, { type: 'protocol', parent_company_id: c.id });
    const client = await t.login(
      await buildUser(t.db, { roles: ['company'], companyIds: [protocol.id] }),
    );
    const admin = await t.login(await buildUser(t.db, { roles: ['admin'], companyIds: [] }));
    const own = await order(c.id, { at: '2026-11-03 08:00:00' });
    const billed = await order(c.id, { at: '2026-11-03 09:00:00', billedTo: protocol.id });
    const theirs = await order(other.id, { at: '2026-11-03 10:00:00' });
    const day = 'date_from=2026-11-03&date_to=2026-11-03';
    const ids = async (headers: Headers, query = day) =>
      (await allRows(headers, query)).rows.map((r) => r.orderId).sort();
    expect(await ids(c.headers)).toEqual([own, billed].sort());
    expect(await ids(client)).toEqual([billed]);
    expect(await ids(admin, `${day}&company_id=${other.id}`)).toEqual([theirs]);
    // Naming another company narrows, never widens.
    expect(await ids(c.headers, `${day}&company_id=${other.id}`)).toEqual([]);
    const file = await get(client, `/api/reports/orders/export?${day}&format=csv`);
    const lines: string[][] = parse(file.rawPayload, { bom: true, delimiter: ';' });
    expect(lines.slice(1).map((l) => Number(l[0]))).toEqual([billed]);
  });

  it('refuses a sort, a state or a day it does not know, on its field', async () => {
    const c = await company();
    for (const [query, field] of [
      ['sort=price', 'sort'],
      ['states=lost', 'states.0'],
      ['date_from=2026-02-30', 'date_from'],
    ] as const) {
      const answer = await get(c.headers, `/api/reports/orders?${query}`);
      expect(answer.statusCode).toBe(422);
      expect(Object.keys(answer.json<ErrorBody>().errors ?? {})).toEqual([field]);
    }
  });
});

describe('orders report export', () => {
  it('reads every row a batch at a time in each sort, exactly as the pages show them', async () => {
    const c = await company();
    for (let i = 0; i < 11; i += 1)
      await order(c.id, {
        at: `2026-11-04 0${Math.floor(i / 3)}:00:00`,
        cost: i % 4 === 0 ? null : 1_000 + (i % 3) * 100,
        call: i % 2 ? 30 + i : undefined,
        indicativ: i % 3 ? `1${i % 2}` : null,
      });
    const filters = { date_from: '2026-11-04', date_to: '2026-11-04' };
    const where = reportWhere({ kind: 'companies', processedBy: [c.id], billedTo: [] }, filters);
    for (const sort of REPORT_SORTS)
      for (const dir of ['asc', 'desc'] as const) {
        const paged = await reportPage(t.db, where, { sort, dir }, { limit: 100, offset: 0 });
        const batched: number[] = [];
        for await (const row of reportRows(t.db, where, { sort, dir }, 3))
          batched.push(row.orderId);
        expect(batched, `${sort} ${dir}`).toEqual(paged.map((r) => r.orderId));
        expect(new Set(batched).size).toBe(11);
      }
  });

  it('sends CSV and XLSX that read back as the rows, named by their days', async () => {
    const c = await company();
    const id = await order(c.id, {
      at: '2026-11-05 08:15:00',
      cost: 4_250,
      discount: 250,
      call: 61,
      indicativ: '=1+1',
    });
    const query = 'date_from=2026-11-05&date_to=2026-11-05';
    const csv = await get(c.headers, `/api/reports/orders/export?${query}&format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="comenzi_2026-11-05_2026-11-05.csv"',
    );
    const lines: string[][] = parse(csv.rawPayload, { bom: true, delimiter: ';' });
    expect(lines).toHaveLength(2);
    expect(lines[1]?.slice(0, 3)).toEqual([String(id), '05.11.2026 10:15', '61']);
    expect(lines[1]?.[7]).toBe("'=1+1");
    expect(lines[1]?.[8]).toBe('40,00');

    const xlsx = await get(c.headers, `/api/reports/orders/export?${query}&format=xlsx`);
    const rows = await readSheet(xlsx.rawPayload, 1, { trim: false });
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[0]).toBe(id);
    expect(rows[1]?.[7]).toBe('=1+1');
    expect(rows[1]?.[8]).toBe(40);
  });
});
