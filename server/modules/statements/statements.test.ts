import type { ErrorBody } from '@common/http/errors';
import { bucharestDate } from '@common/lib/dates';
import type { Statement, StatementClients } from '@common/money/statements.schema';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrder } from '../../test/order-factory';

type Headers = { authorization: string };

/** A date cell read back, to the second (an XLSX date is a fraction of a day). */
const toSecond = (cell: unknown) =>
  new Date(Math.round((cell as Date).getTime() / 1000) * 1000).toISOString();

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });

interface Ride {
  finishedAt: string | null;
  cost?: number | null;
  discount?: number | null;
  state?: 'finished' | 'canceled';
  billedTo: number | null;
  passenger?: string;
}

/** A ride of the fleet, inserted as the finish leaves it (test-only path). */
async function ride(fleetId: number, r: Ride) {
  const order = await buildOrder(t.db, fleetId, {
    state: r.state ?? 'finished',
    payment_type: r.billedTo === null ? 'cash' : 'protocol',
    client_name: r.passenger ?? 'Pasager',
  });
  const cost = r.cost === undefined ? 2_500 : r.cost;
  const discount = r.discount ?? null;
  await t.db.execute(sql`update orders set protocol_company_id = ${r.billedTo},
    trip_finished_at = ${r.finishedAt}::timestamp, cost = ${cost},
    discount_amount = ${discount},
    discounted_cost = ${cost === null ? null : cost - (discount ?? 0)}
    where id = ${order.id}`);
  return order.id;
}

/** A fleet with two protocol clients, a manager, a dispatcher, and each client's user. */
async function fleet() {
  const { id } = await buildCompany(t.db, { name: 'Taxi Statement' });
  const client = await buildCompany(t.db, {
    name: 'Firma Ștefănescu & Fiii',
    type: 'protocol',
    parent_company_id: id,
  });
  const idle = await buildCompany(t.db, {
    name: 'Alt Client',
    type: 'protocol',
    parent_company_id: id,
  });
  const login = async (roles: ('manager' | 'dispatcher' | 'company')[], companyId = id) =>
    t.login(await buildUser(t.db, { roles, companyIds: [companyId] }));
  return {
    id,
    client: client.id,
    idle: idle.id,
    manager: await login(['manager']),
    dispatcher: await login(['dispatcher']),
    clientUser: await login(['company'], client.id),
    idleUser: await login(['company'], idle.id),
  };
}

describe('protocol statements', () => {
  it('bills a client its finished rides that ended in the month on the Bucharest clock, and nothing else', async () => {
    const f = await fleet();
    const inMonth = [
      // 01.11.2026 00:30 in Bucharest (winter time, UTC+2).
      await ride(f.id, { finishedAt: '2026-10-31 22:30:00', billedTo: f.client, cost: 3_210 }),
      await ride(f.id, {
        finishedAt: '2026-11-15 10:00:00',
        billedTo: f.client,
        cost: 5_000,
        discount: 500,
      }),
      // A ride without a fare counts as 0.
      await ride(f.id, { finishedAt: '2026-11-20 10:00:00', billedTo: f.client, cost: null }),
      // 30.11.2026 23:59:59 in Bucharest.
      await ride(f.id, { finishedAt: '2026-11-30 21:59:59', billedTo: f.client, cost: 1_001 }),
    ];
    // 31.10 23:59 and 01.12 00:00 in Bucharest; canceled; another client's; nobody's.
    await ride(f.id, { finishedAt: '2026-10-31 21:59:00', billedTo: f.client });
    await ride(f.id, { finishedAt: '2026-11-30 22:00:00', billedTo: f.client });
    await ride(f.id, { finishedAt: '2026-11-10 10:00:00', billedTo: f.client, state: 'canceled' });
    await ride(f.id, { finishedAt: '2026-11-10 10:00:00', billedTo: null });

    const answer = await get(f.manager, `/api/protocol-statements/${f.client}?month=2026-11`);
    expect(answer.statusCode, answer.body).toBe(200);
    const statement = answer.json<Statement>();
    expect(statement.rides.map((r) => r.order_id)).toEqual(inMonth);
    expect(statement.rides.map((r) => [r.cost, r.discount, r.billed])).toEqual([
      [3_210, 0, 3_210],
      [5_000, 500, 4_500],
      [null, 0, 0],
      [1_001, 0, 1_001],
    ]);
    expect(statement.totals).toEqual({ rides: 4, cost: 9_211, discount: 500, billed: 8_711 });
    expect(statement.client).toMatchObject({ id: f.client, name: 'Firma Ștefănescu & Fiii' });
    expect(statement.company).toMatchObject({ id: f.id, name: 'Taxi Statement' });

    // The list: every client of the fleet, the idle one too, its sums those of its statement.
    const list = await get(f.dispatcher, '/api/protocol-statements?month=2026-11');
    expect(list.statusCode, list.body).toBe(200);
    const clients = list.json<StatementClients>();
    expect(clients.clients.map((c) => [c.company_id, c.rides, c.billed])).toEqual([
      [f.idle, 0, 0],
      [f.client, 4, 8_711],
    ]);
    expect(clients.totals).toEqual(statement.totals);

    // Summer time: 01.04.2026 00:30 in Bucharest is 31.03 21:30 UTC (UTC+3).
    const april = await ride(f.id, { finishedAt: '2026-03-31 21:30:00', billedTo: f.client });
    const inApril = await get(f.manager, `/api/protocol-statements/${f.client}?month=2026-04`);
    expect(inApril.json<Statement>().rides.map((r) => r.order_id)).toEqual([april]);
  });

  it("lets a client's own users, the fleet's console and the platform admin read it, and nobody else", async () => {
    const f = await fleet();
    const other = await fleet();
    const admin = await t.login(await buildUser(t.db, { roles: ['admin'], companyIds: [] }));
    const driver = await t.login(await buildDriver(t.db, f.id));
    const url = `/api/protocol-statements/${f.client}?month=2026-11`;
    for (const reader of [f.manager, f.dispatcher, f.clientUser, admin])
      expect((await get(reader, url)).statusCode).toBe(200);
    // Another client of the same fleet, another fleet: as if the client did not exist.
    for (const stranger of [f.idleUser, other.manager, other.clientUser]) {
      const answer = await get(stranger, url);
      expect(answer.statusCode).toBe(404);
      expect(answer.json<ErrorBody>().message).toBe('Compania nu a fost găsită.');
    }
    expect((await get(driver, url)).statusCode).toBe(403);
    // A protocol client reads his own statement, never the list of the fleet's clients.
    expect((await get(f.clientUser, '/api/protocol-statements?month=2026-11')).statusCode).toBe(
      403,
    );
    // A company that is not a protocol client has no statement.
    expect(
      (await get(f.manager, `/api/protocol-statements/${f.id}?month=2026-11`)).statusCode,
    ).toBe(404);
    // The platform admin names the fleet; a manager cannot name another one.
    const listed = await get(admin, `/api/protocol-statements?month=2026-11&company_id=${f.id}`);
    expect(listed.json<StatementClients>().clients.map((c) => c.company_id)).toEqual([
      f.idle,
      f.client,
    ]);
    expect(
      (await get(other.manager, `/api/protocol-statements?month=2026-11&company_id=${f.id}`))
        .statusCode,
    ).toBe(403);
  });

  it("bills a ride a dispatcher records by hand ('set driver and finish') in the month it is recorded", async () => {
    const f = await fleet();
    const driver = await buildDriver(t.db, f.id);
    const order = await buildOrder(t.db, f.id, { state: 'canceled', payment_type: 'protocol' });
    await t.db.execute(sql`update orders set protocol_company_id = ${f.client}, cost = ${2_000}
      where id = ${order.id}`);
    const finished = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/set-driver-and-finish`,
      headers: f.dispatcher,
      payload: { driverId: driver.id },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    const month = bucharestDate(new Date()).slice(0, 7);
    const answer = await get(f.clientUser, `/api/protocol-statements/${f.client}?month=${month}`);
    expect(answer.json<Statement>().rides.map((r) => [r.order_id, r.billed])).toEqual([
      [order.id, 2_000],
    ]);
  });

  it('refuses a month or a format it does not know, on its field', async () => {
    const f = await fleet();
    for (const [query, field] of [
      ['month=2026-13', 'month'],
      ['month=11.2026', 'month'],
      ['', 'month'],
    ] as const) {
      const answer = await get(f.manager, `/api/protocol-statements/${f.client}?${query}`);
      expect(answer.statusCode).toBe(422);
      expect(Object.keys(answer.json<ErrorBody>().errors ?? {})).toEqual([field]);
    }
    const pdf = await get(
      f.manager,
      `/api/protocol-statements/${f.client}/export?month=2026-11&format=pdf`,
    );
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json<ErrorBody>().errors?.format).toEqual(['Formatul este csv sau xlsx.']);
  });

  it('exports the statement as CSV and XLSX that read back as its rows and totals', async () => {
    const f = await fleet();
    await ride(f.id, {
      finishedAt: '2026-11-02 08:15:00',
      billedTo: f.client,
      cost: 4_250,
      discount: 250,
      passenger: '=cmd|"/c calc"!A1; Țică',
    });
    await ride(f.id, { finishedAt: '2026-11-03 18:40:00', billedTo: f.client, cost: 1_999 });
    const base = `/api/protocol-statements/${f.client}/export?month=2026-11`;

    const csv = await get(f.clientUser, `${base}&format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="decont_Firma_Stefanescu_Fiii_2026-11.csv"',
    );
    const lines: string[][] = parse(csv.rawPayload, { bom: true, delimiter: ';' });
    expect(lines[0]?.slice(0, 3)).toEqual(['Comanda', 'Finalizată', 'Pasager']);
    expect(lines[1]?.slice(1, 3)).toEqual(['02.11.2026 10:15', `'=cmd|"/c calc"!A1; Țică`]);
    expect(lines[1]?.slice(-4)).toEqual(['Protocol', '42,50', '2,50', '40,00']);
    expect(lines[2]?.slice(-3)).toEqual(['19,99', '0,00', '19,99']);
    expect(lines[3]).toEqual([
      'Total',
      '',
      '2 curse',
      '',
      '',
      '',
      '',
      '',
      '',
      '62,49',
      '2,50',
      '59,99',
    ]);

    const xlsx = await get(f.manager, `${base}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const rows = await readSheet(xlsx.rawPayload, 1, { trim: false });
    expect(rows).toHaveLength(4);
    expect(rows[1]?.[2]).toBe('=cmd|"/c calc"!A1; Țică');
    expect(toSecond(rows[1]?.[1])).toBe('2026-11-02T10:15:00.000Z');
    expect(rows[1]?.slice(-3)).toEqual([42.5, 2.5, 40]);
    expect(rows[3]?.slice(-3)).toEqual([62.49, 2.5, 59.99]);

    // Not his: the same 404 as the statement.
    expect((await get(f.idleUser, `${base}&format=xlsx`)).statusCode).toBe(404);
  });
});
