import { bucharestDate } from '@common/lib/dates';
import type { DiscountCondition } from '@common/money/discounts.schema';
import type { DriverBalancePage, LedgerPage } from '@common/money/ledger.schema';
import type { Statement } from '@common/money/statements.schema';
import type { Polygon, Stand } from '@common/zones/zones.schema';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { balanceMismatches } from '../modules/ledger/ledger.repo';
import { createTestApp, type TestApp } from '../test/harness';
import { rowsOf } from './client';
import {
  cars,
  companies,
  companyUsers,
  contentPages,
  orderHistory,
  orderSearches,
  orders,
  users,
} from './schema';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './seed';

let t: TestApp;

/** The database's clock, UTC `YYYY-MM-DD HH:mm:ss` as the columns store it. */
async function dbNow(): Promise<string> {
  const [clock] = await t.db
    .select({ now: sql<string>`to_char(now() at time zone 'utc', 'YYYY-MM-DD HH24:MI:SS')` })
    .from(users)
    .limit(1);
  return clock?.now ?? '';
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('fills an empty database once, with the admin as user 1 and every package', async () => {
    expect(await seedDemoIfEmpty(t.db)).toBe(true);
    expect(await seedDemoIfEmpty(t.db)).toBe(false);

    const [admin] = await t.db.select().from(users).where(eq(users.id, 1));
    expect(admin?.email).toBe(DEMO_ACCOUNTS.admin);
    expect(admin?.roles).toEqual(['admin']);

    const packages = (await t.db.select({ p: companies.package_id }).from(companies))
      .map((r) => r.p)
      .sort();
    expect(packages).toEqual([1, 1, 2, 3]);

    const [{ drivers } = { drivers: 0 }] = await t.db
      .select({ drivers: sql<number>`count(*)::int` })
      .from(users)
      .innerJoin(cars, eq(cars.driver_id, users.id))
      .where(sql`'driver' = any(${users.roles})`);
    expect(drivers).toBeGreaterThanOrEqual(30);
    expect((await t.db.select().from(contentPages).where(eq(contentPages.id, 1))).length).toBe(1);
  });

  it('publishes the terms the sign-up links to, and leaves room for the pages written later', async () => {
    const terms = await t.app.inject({ method: 'GET', url: '/api/content/by-url/page/termeni' });
    expect(terms.statusCode).toBe(200);
    // The sequence moved past the id the privacy page was given (/content).
    const [page] = await t.db
      .insert(contentPages)
      .values({ title: 'Nouă', content: '<p>x</p>' })
      .returning({ id: contentPages.id });
    expect(page?.id).toBeGreaterThan(3);
  });

  it('lets every demo account log in with ogo-demo', async () => {
    for (const email of Object.values(DEMO_ACCOUNTS)) {
      await expect(t.login({ email, password: 'ogo-demo' })).resolves.toHaveProperty('token');
    }
  });
});

/** The history items each state's story leaves, in order (the demo is coherent). */
const HISTORY_OF_STATE: Record<string, string[]> = {
  created: ['created'],
  pending: ['created', 'moved_to_pending'],
  assigned: ['created', 'assigned'],
  finished: ['created', 'assigned', 'finished'],
  canceled: ['created', 'canceled'],
};

describe('demo orders (order #35 was finished before it was created)', () => {
  it('has every state, with times in order and none in the future', async () => {
    const rows = await t.db.select().from(orders).orderBy(asc(orders.id));
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((row) => row.state))).toEqual(new Set(Object.keys(HISTORY_OF_STATE)));
    const [clock] = await t.db
      .select({ now: sql<string>`to_char(now() at time zone 'utc', 'YYYY-MM-DD HH24:MI:SS')` })
      .from(users)
      .limit(1);
    const now = clock?.now ?? '';

    for (const row of rows) {
      const where = `order #${row.id} (${row.state})`;
      // created ≤ assigned ≤ trip started ≤ trip finished ≤ closed ≤ now; UTC text sorts as time.
      const steps = [
        row.created_at,
        row.assigned_at,
        row.trip_started_at,
        row.trip_finished_at,
        row.closed_at,
      ].filter((value): value is string => value !== null);
      expect(steps, where).toEqual([...steps].sort());
      const last = steps.at(-1) ?? '';
      expect(last <= now, `${where} ends in the future`).toBe(true);
      expect(row.updated_at >= last && row.updated_at <= now, `${where} updated_at`).toBe(true);
      expect(row.start_at, where).toBe(row.created_at);

      const driven = row.state === 'assigned' || row.state === 'finished';
      expect(row.driver_id !== null, `${where} driver`).toBe(driven);
      expect(row.assigned_at !== null, `${where} assigned_at`).toBe(driven);
      expect(row.trip_started_at !== null, `${where} trip_started_at`).toBe(
        row.state === 'finished',
      );
      expect(row.trip_finished_at !== null, `${where} trip_finished_at`).toBe(
        row.state === 'finished',
      );
      expect(row.closed_at !== null, `${where} closed_at`).toBe(
        row.state === 'finished' || row.state === 'canceled',
      );
      if (row.state === 'finished') expect(row.closed_at, where).toBe(row.trip_finished_at);
      expect(row.cancellation_reason_type !== null, `${where} reason`).toBe(
        row.state === 'canceled',
      );
      expect(row.in_pending_queue, where).toBe(row.state === 'pending');
    }
  });

  it("has the history items that go with each order's state, at the order's times", async () => {
    const rows = await t.db.select().from(orders).orderBy(asc(orders.id));
    const items = await t.db.select().from(orderHistory).orderBy(asc(orderHistory.id));
    for (const row of rows) {
      const where = `order #${row.id} (${row.state})`;
      const own = items.filter((item) => item.order_id === row.id);
      expect(
        own.map((item) => item.type),
        where,
      ).toEqual(HISTORY_OF_STATE[row.state]);
      const times = own.map((item) => item.timestamp);
      expect(times, `${where} history in time order`).toEqual([...times].sort());
      const at = (type: string) => own.find((item) => item.type === type)?.timestamp;
      expect(at('created'), where).toBe(row.created_at);
      if (row.assigned_at) expect(at('assigned'), where).toBe(row.assigned_at);
      if (row.state === 'finished') expect(at('finished'), where).toBe(row.trip_finished_at);
      if (row.state === 'canceled') expect(at('canceled'), where).toBe(row.closed_at);
      for (const item of own) expect(item.initiator, where).not.toBe('');
      if (row.driver_id !== null) {
        expect(own.find((item) => item.type === 'assigned')?.details, where).toMatchObject({
          driver_id: row.driver_id,
          indicativ: row.car_indicativ,
        });
      }
    }
  });
});

describe("demo orders under way (a fresh start showed yesterday's orders still searching)", () => {
  it('has only recent live orders, each handled by the engine: bookings, the pending queue, trips', async () => {
    const nowMs = Date.parse(`${await dbNow()}Z`);
    const hourAgo = nowMs - 3_600_000;
    const rows = await t.db.select().from(orders).orderBy(asc(orders.id));
    const searches = await t.db.select().from(orderSearches);
    const searchOf = new Map(searches.map((search) => [search.order_id, search]));
    const live = rows.filter((row) => row.state !== 'finished' && row.state !== 'canceled');
    expect(live.length).toBeGreaterThan(0);
    for (const row of live) {
      const where = `order #${row.id} (${row.state}, created ${row.created_at})`;
      expect(Date.parse(`${row.created_at}Z`), where).toBeGreaterThan(hourAgo);
      const search = searchOf.get(row.id);
      if (row.state === 'created') {
        // A booking: it departs later, and its search starts 15 min before that, not yet.
        const departs = Date.parse(`${row.departure_time}Z`);
        expect(departs, where).toBeGreaterThan(nowMs + 15 * 60_000);
        expect(search?.state, where).toBe('running');
        expect(search?.due_ms, where).toBe(departs - 15 * 60_000);
      }
      // A pending order's search exists, so a driver can take it from the queue.
      if (row.state === 'pending') expect(search, where).toBeDefined();
    }
    // Ids follow creation, as they would in a real day.
    const created = rows.map((row) => row.created_at);
    expect(created).toEqual([...created].sort());
  });
});

describe('demo zones and stands (they were empty on first start)', () => {
  const read = async <T>(email: string, url: string) => {
    const headers = await t.login({ email });
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };

  it("gives the taxi company Iași's neighbourhoods and stands, and the courier company Cluj's", async () => {
    const taxiZones = await read<Polygon[]>(DEMO_ACCOUNTS.dispatcher, '/api/polygons');
    expect(taxiZones.map((zone) => zone.name)).toEqual(
      expect.arrayContaining(['Centru', 'Copou', 'Tătărași', 'Nicolina', 'Păcurari']),
    );
    for (const zone of taxiZones) {
      expect(zone.isVisible, zone.name).toBe(true);
      for (const corner of zone.paths) {
        // Around Iași, not somewhere a typo put it.
        expect(corner.lat, zone.name).toBeGreaterThan(47.12);
        expect(corner.lat, zone.name).toBeLessThan(47.2);
        expect(corner.long, zone.name).toBeGreaterThan(27.52);
        expect(corner.long, zone.name).toBeLessThan(27.64);
      }
    }
    const stands = await read<Stand[]>(DEMO_ACCOUNTS.dispatcher, '/api/stands');
    expect(stands.map((stand) => stand.name)).toContain('Gara');
    const courierZones = await read<Polygon[]>(DEMO_ACCOUNTS.courier, '/api/polygons');
    expect(courierZones.map((zone) => zone.name)).toContain('Gheorgheni');
    for (const corner of courierZones.flatMap((zone) => zone.paths)) {
      expect(Math.abs(corner.lat - 46.77)).toBeLessThan(0.05);
      expect(Math.abs(corner.long - 23.6)).toBeLessThan(0.07);
    }
  });

  it("lists them in 'Statistici zone' for the taxi and courier consoles", async () => {
    const statisticsRows = async (email: string) => {
      const headers = await t.login({ email });
      return async () => {
        const stats = await t.app.inject({
          method: 'GET',
          url: '/api/polygons/statistics',
          headers,
        });
        expect(stats.statusCode).toBe(200);
        return stats.json<unknown[]>().length;
      };
    };
    const taxi = await statisticsRows(DEMO_ACCOUNTS.dispatcher);
    const courier = await statisticsRows(DEMO_ACCOUNTS.courier);
    // Seeded here after the app started (npm start seeds before it): the app's zone index
    // reads them at its next poll.
    await vi.waitFor(async () => expect(await taxi()).toBeGreaterThanOrEqual(5), {
      timeout: 15_000,
      interval: 250,
    });
    expect(await courier()).toBeGreaterThanOrEqual(1);
  }, 20_000);
});

describe('demo delivery companies (their orders were all canceled, no couriers)', () => {
  it('gives the courier company and the restaurant couriers and a search method of their own', async () => {
    for (const email of [DEMO_ACCOUNTS.courier, DEMO_ACCOUNTS.restaurant]) {
      const headers = await t.login({ email });
      const intervals = await t.app.inject({
        method: 'GET',
        url: '/api/search-intervals',
        headers,
      });
      expect(intervals.json<unknown[]>(), email).toHaveLength(1);
      const [company] = await t.db
        .select({ id: companyUsers.company_id })
        .from(companyUsers)
        .innerJoin(users, eq(users.id, companyUsers.user_id))
        .where(eq(users.email, email));
      const [{ couriers } = { couriers: 0 }] = await t.db
        .select({ couriers: sql<number>`count(*)::int` })
        .from(users)
        .innerJoin(companyUsers, eq(companyUsers.user_id, users.id))
        .where(
          sql`'driver' = any(${users.roles}) and ${companyUsers.company_id} = ${company?.id ?? 0}`,
        );
      expect(couriers, email).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('demo dashboard', () => {
  it("counts the demo's orders in the chart and shows its notes", async () => {
    const headers = await t.login({ email: DEMO_ACCOUNTS.dispatcher });
    const stats = await t.app.inject({ method: 'GET', url: '/api/statistics/common', headers });
    const [{ total } = { total: -1 }] = await t.db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders);
    expect(stats.json()).toMatchObject({
      ordersTotalCount: total,
      announcesCount: 2,
      incidentsCount: 1,
    });
    const chart = await t.app.inject({
      method: 'GET',
      url: '/api/statistics/orders-chart?range=6m',
      headers,
    });
    const points = chart.json<{ points: { online: number; phone: number }[] }>().points;
    expect(points.reduce((sum, p) => sum + p.online + p.phone, 0)).toBe(total);
    expect(points.some((p) => p.online > 0)).toBe(true);
  });
});

describe('demo discounts', () => {
  it("offers the taxi company's discounts on the order form, the protocol one only on its rides", async () => {
    const headers = await t.login({ email: DEMO_ACCOUNTS.dispatcher });
    const list = await t.app.inject({ method: 'GET', url: '/api/discounts', headers });
    const names = list.json<{ data: DiscountCondition[] }>().data.map((d) => d.name);
    expect(names).toEqual(
      expect.arrayContaining(['Client fidel 10%', 'Protocol Corporate 15%', 'Campanie 5,00 RON']),
    );
    const protocolHeaders = await t.login({ email: DEMO_ACCOUNTS.protocol });
    const forProtocol = await t.app.inject({
      method: 'GET',
      url: '/api/discounts/applicable',
      headers: protocolHeaders,
    });
    expect(forProtocol.json<{ data: DiscountCondition[] }>().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Protocol Corporate 15%', compensate_driver: true }),
      ]),
    );
    const byPhone = await t.app.inject({
      method: 'GET',
      url: '/api/discounts/applicable?phone=0744000111',
      headers,
    });
    expect(
      byPhone
        .json<{ data: DiscountCondition[] }>()
        .data.map((d) => d.name)
        .sort(),
    ).toEqual(['Campanie 5,00 RON', 'Client fidel 10%']);
  });
});

describe('demo protocol statement', () => {
  it('bills the protocol company its finished demo rides, and shows them to its own user', async () => {
    const headers = await t.login({ email: DEMO_ACCOUNTS.protocol });
    const [company] = rowsOf<{ id: number; rides: string | number }>(
      await t.db.execute(sql`select c.id, (select count(*) from orders o
          where o.protocol_company_id = c.id and o.state = 'finished') as rides
        from companies c where c.type = 'protocol'`),
    );
    expect(Number(company?.rides)).toBeGreaterThan(0);
    // The demo's day may straddle a month's first hours: count this month's and the last.
    const now = bucharestDate(new Date()).slice(0, 7);
    const [year, month] = now.split('-').map(Number) as [number, number];
    const previous =
      month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
    let rides = 0;
    for (const m of [now, previous]) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/protocol-statements/${company?.id}?month=${m}`,
        headers,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const statement = answer.json<Statement>();
      expect(statement.totals.billed).toBe(statement.rides.reduce((sum, r) => sum + r.billed, 0));
      rides += statement.rides.length;
    }
    expect(rides).toBe(Number(company?.rides));
  });
});

describe('demo ledger', () => {
  it('gives every taxi driver weeks of entries, the finished orders their commission, and sums that hold', async () => {
    const headers = await t.login({ email: DEMO_ACCOUNTS.manager });
    const balances = await t.app.inject({
      method: 'GET',
      url: '/api/driver-balances?per_page=100',
      headers,
    });
    const page = balances.json<DriverBalancePage>();
    expect(page.meta.total).toBe(32);
    // The demo fleet keeps working: nobody starts below the company's minimum.
    expect(page.data.every((row) => !row.below_min && row.last_entry_at !== null)).toBe(true);
    const finished = await t.db.execute(sql`select count(*)::int as n from orders o
      where o.state = 'finished' and o.driver_id is not null and o.cost is not null
        and not exists (select 1 from ledger_entries e where e.order_id = o.id and e.kind = 'commission')`);
    expect((finished as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    const transfers = await t.app.inject({
      method: 'GET',
      url: '/api/ledger-entries?kind=transfer_in',
      headers,
    });
    expect(transfers.json<LedgerPage>().meta.total).toBe(2);
    expect(await balanceMismatches(t.db)).toEqual([]);
  });
});
