import type { ErrorBody } from '@common/http/errors';
import {
  type DriverBalancePage,
  INSUFFICIENT_BALANCE,
  type LedgerEntry,
  type LedgerPage,
  type MyBalance,
  SAME_DRIVER,
  type Transfer,
} from '@common/money/ledger.schema';
import type { Order } from '@common/orders/orders.schema';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrder } from '../../test/order-factory';
import { balanceMismatches, entryRows } from './ledger.repo';

type Headers = { authorization: string };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (
  headers: Headers,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
  extra: Record<string, string> = {},
) =>
  t.app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload ? { payload } : {}) });

/** A company with a manager, a dispatcher, two drivers in their apps, and a 15% + 1,00 RON commission. */
async function company(options: { commission?: boolean } = {}) {
  const { id } = await buildCompany(t.db);
  const manager = await t.login(await buildUser(t.db, { roles: ['manager'], companyIds: [id] }));
  const dispatcher = await t.login(
    await buildUser(t.db, { roles: ['dispatcher'], companyIds: [id] }),
  );
  const a = await buildDriver(t.db, id);
  const b = await buildDriver(t.db, id);
  if (options.commission !== false) {
    const set = await call(manager, 'PUT', '/api/commissions/0', { percent_bp: 1500, fixed: 100 });
    expect(set.statusCode, set.body).toBe(200);
  }
  return { id, manager, dispatcher, a, b, driverA: await t.login(a), driverB: await t.login(b) };
}
type Company = Awaited<ReturnType<typeof company>>;

/** An order of `c` on its trip with driver A, at a fixed price. */
async function onTrip(
  c: Company,
  cost: number,
  paymentType: 'cash' | 'card' | 'protocol' = 'cash',
) {
  const order = await buildOrder(t.db, c.id, {
    state: 'assigned',
    trip_state: 'started',
    driver_id: c.a.id,
    payment_type: paymentType,
  });
  await t.db.execute(sql`update orders set trip_started_at = (now() at time zone 'utc'),
    cost = ${cost}, cost_source = 'fixed', discounted_cost = ${cost} where id = ${order.id}`);
  return order.id;
}

const finish = (c: Company, id: number) =>
  call(c.driverA, 'POST', `/api/drivers/me/orders/${id}/finish`);

const entriesOf = async (c: Company, query = '') =>
  (await call(c.manager, 'GET', `/api/ledger-entries${query}`)).json<LedgerPage>();

const balanceOf = async (c: Company, driverId: number) => {
  const page = (
    await call(c.manager, 'GET', '/api/driver-balances?per_page=100')
  ).json<DriverBalancePage>();
  return page.data.find((row) => row.driver_id === driverId)?.balance;
};

const key = () => `test-${crypto.randomUUID()}`;

describe('the commission at the finish', () => {
  it('debits a cash trip’s driver the commission, once, and tells the order', async () => {
    const c = await company();
    const id = await onTrip(c, 5_000);
    const finished = await finish(c, id);
    expect(finished.statusCode, finished.body).toBe(200);
    // 15% of 50,00 = 7,50, plus 1,00.
    expect(finished.json<Order>().finance_info).toEqual({ driver_payment: -850, is_paid: true });
    const again = await finish(c, id);
    expect(again.statusCode).not.toBe(200);
    const { data } = await entriesOf(c, `?order_id=${id}`);
    expect(data.map((e) => [e.kind, e.amount, e.balance_after, e.created_by_name])).toEqual([
      ['commission', -850, -850, null],
    ]);
    expect(await balanceOf(c, c.a.id)).toBe(-850);
  });

  it('credits a card trip’s driver the fare less the commission', async () => {
    const c = await company();
    const id = await onTrip(c, 5_000, 'card');
    expect((await finish(c, id)).json<Order>().finance_info.driver_payment).toBe(4_150);
    const { data } = await entriesOf(c, `?order_id=${id}`);
    expect(data.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['commission', -850],
      ['trip_payment', 5_000],
    ]);
    expect(await balanceOf(c, c.a.id)).toBe(4_150);
  });

  it('posts nothing for a company without a commission (a cash trip)', async () => {
    const c = await company({ commission: false });
    const id = await onTrip(c, 5_000);
    expect((await finish(c, id)).json<Order>().finance_info).toEqual({
      driver_payment: 0,
      is_paid: true,
    });
    expect((await entriesOf(c)).data).toEqual([]);
  });

  it('corrects a finished trip’s fare: the commission reversed and posted again', async () => {
    const c = await company();
    const id = await onTrip(c, 5_000);
    await finish(c, id);
    expect(
      (await call(c.dispatcher, 'PATCH', `/api/orders/${id}/fare`, { cost: 6_000 })).statusCode,
    ).toBe(403);
    const corrected = await call(c.manager, 'PATCH', `/api/orders/${id}/fare`, {
      cost: 6_000,
      note: 'Traseu ocolitor',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json<Order>()).toMatchObject({
      cost: 6_000,
      cost_source: 'corrected',
      finance_info: { driver_payment: -1_000, is_paid: true },
    });
    const { data } = await entriesOf(c, `?order_id=${id}`);
    expect(data.map((e) => [e.kind, e.amount, e.note])).toEqual([
      ['commission', -1_000, 'Traseu ocolitor'],
      ['commission_reversal', 850, 'Traseu ocolitor'],
      ['commission', -850, null],
    ]);
    expect(await balanceOf(c, c.a.id)).toBe(-1_000);
    // A second correction reverses what the order adds up to now.
    await call(c.manager, 'PATCH', `/api/orders/${id}/fare`, { cost: 5_000 });
    expect(await balanceOf(c, c.a.id)).toBe(-850);
  });

  it('corrects only a finished trip of the caller’s company', async () => {
    const c = await company();
    const other = await company();
    const open = await onTrip(c, 5_000);
    const refused = await call(c.manager, 'PATCH', `/api/orders/${open}/fare`, { cost: 100 });
    expect(refused.statusCode).toBe(409);
    await finish(c, open);
    expect(
      (await call(other.manager, 'PATCH', `/api/orders/${open}/fare`, { cost: 100 })).statusCode,
    ).toBe(404);
  });
});

describe('money paid in and out, and transfers', () => {
  it('records a top-up once per Idempotency-Key, and refuses a payout past the balance', async () => {
    const c = await company();
    const headers = { 'idempotency-key': key() };
    const body = { driver_id: c.a.id, amount: 10_000, note: 'Depus la birou' };
    const first = await call(c.manager, 'POST', '/api/ledger/top-ups', body, headers);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await call(c.manager, 'POST', '/api/ledger/top-ups', body, headers);
    expect(replay.json<LedgerEntry>().id).toBe(first.json<LedgerEntry>().id);
    expect(first.json<LedgerEntry>()).toMatchObject({
      kind: 'top_up',
      amount: 10_000,
      balance_after: 10_000,
      note: 'Depus la birou',
    });

    const over = await call(c.manager, 'POST', '/api/ledger/payouts', {
      driver_id: c.a.id,
      amount: 10_001,
    });
    expect(over.statusCode).toBe(422);
    expect(over.json<ErrorBody>().errors).toEqual({ amount: [INSUFFICIENT_BALANCE] });
    const paid = await call(c.manager, 'POST', '/api/ledger/payouts', {
      driver_id: c.a.id,
      amount: 4_000,
    });
    expect(paid.json<LedgerEntry>()).toMatchObject({
      kind: 'payout',
      amount: -4_000,
      balance_after: 6_000,
    });
    expect(await balanceOf(c, c.a.id)).toBe(6_000);
  });

  it('lets only the company’s administrators move money, and only for its drivers', async () => {
    const c = await company();
    const other = await company();
    const body = { driver_id: c.a.id, amount: 100 };
    expect((await call(c.dispatcher, 'POST', '/api/ledger/top-ups', body)).statusCode).toBe(403);
    expect((await call(c.driverA, 'POST', '/api/ledger/top-ups', body)).statusCode).toBe(403);
    const foreign = await call(other.manager, 'POST', '/api/ledger/top-ups', body);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json<ErrorBody>().errors).toEqual({ driver_id: ['Șoferul nu a fost găsit.'] });
    expect(
      (await call(other.manager, 'POST', `/api/ledger/top-ups?company_id=${c.id}`, body))
        .statusCode,
    ).toBe(403);
  });

  it('transfers between two drivers in one transaction, never past the sender’s balance', async () => {
    const c = await company();
    await call(c.manager, 'POST', '/api/ledger/top-ups', { driver_id: c.a.id, amount: 5_000 });
    const same = await call(c.manager, 'POST', '/api/ledger/transfers', {
      from_driver_id: c.a.id,
      to_driver_id: c.a.id,
      amount: 1,
    });
    expect(same.json<ErrorBody>().errors).toEqual({ to_driver_id: [SAME_DRIVER] });
    const over = await call(c.manager, 'POST', '/api/ledger/transfers', {
      from_driver_id: c.a.id,
      to_driver_id: c.b.id,
      amount: 5_001,
    });
    expect(over.json<ErrorBody>().errors).toEqual({ amount: [INSUFFICIENT_BALANCE] });
    const done = await call(c.manager, 'POST', '/api/ledger/transfers', {
      from_driver_id: c.a.id,
      to_driver_id: c.b.id,
      amount: 2_000,
      note: 'Schimb tură',
    });
    expect(done.statusCode, done.body).toBe(201);
    const transfer = done.json<Transfer>();
    expect(transfer.out).toMatchObject({
      driver_id: c.a.id,
      amount: -2_000,
      balance_after: 3_000,
      counterpart_id: c.b.id,
    });
    expect(transfer.in).toMatchObject({
      driver_id: c.b.id,
      amount: 2_000,
      balance_after: 2_000,
      counterpart_id: c.a.id,
    });
    expect(transfer.in.transfer_id).toBe(transfer.transfer_id);
    expect([await balanceOf(c, c.a.id), await balanceOf(c, c.b.id)]).toEqual([3_000, 2_000]);
  });

  it('lets a driver go below zero where the company allows it', async () => {
    const c = await company();
    const settings = await call(c.manager, 'PUT', '/api/finance-settings', {
      accept_taximeter: false,
      min_balance: -5_000,
      allow_negative_balance: true,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const done = await call(c.manager, 'POST', '/api/ledger/transfers', {
      from_driver_id: c.a.id,
      to_driver_id: c.b.id,
      amount: 1_500,
    });
    expect(done.statusCode, done.body).toBe(201);
    const page = (await call(c.manager, 'GET', '/api/driver-balances')).json<DriverBalancePage>();
    expect(page.min_balance).toBe(-5_000);
    expect(page.data.map((row) => [row.driver_id, row.balance, row.below_min])).toEqual([
      [c.a.id, -1_500, false],
      [c.b.id, 1_500, false],
    ]);
  });

  it('keeps every balance the sum of its entries under racing opposite transfers', async () => {
    const c = await company();
    await call(c.manager, 'POST', '/api/ledger/top-ups', { driver_id: c.a.id, amount: 1_000 });
    await call(c.manager, 'POST', '/api/ledger/top-ups', { driver_id: c.b.id, amount: 1_000 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(c.manager, 'POST', '/api/ledger/transfers', {
          from_driver_id: i % 2 ? c.a.id : c.b.id,
          to_driver_id: i % 2 ? c.b.id : c.a.id,
          amount: 300,
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 422)).toBe(true);
    const a = (await balanceOf(c, c.a.id)) ?? 0;
    const b = (await balanceOf(c, c.b.id)) ?? 0;
    expect(a + b).toBe(2_000);
    expect(Math.min(a, b)).toBeGreaterThanOrEqual(0);
    expect(await balanceMismatches(t.db)).toEqual([]);
  });
});

describe('reading balances and the history', () => {
  it('lists the lowest balances first, marks those below the minimum, and finds by call sign', async () => {
    const c = await company();
    await call(c.manager, 'POST', '/api/ledger/top-ups', { driver_id: c.b.id, amount: 700 });
    await finish(c, await onTrip(c, 5_000));
    const page = (
      await call(c.dispatcher, 'GET', '/api/driver-balances')
    ).json<DriverBalancePage>();
    expect(page.data.map((row) => [row.driver_id, row.balance, row.below_min])).toEqual([
      [c.a.id, -850, true],
      [c.b.id, 700, false],
    ]);
    const below = (
      await call(c.dispatcher, 'GET', '/api/driver-balances?below_min=true')
    ).json<DriverBalancePage>();
    expect(below.data.map((row) => row.driver_id)).toEqual([c.a.id]);
    const found = (
      await call(c.dispatcher, 'GET', `/api/driver-balances?search=${c.b.identifier}`)
    ).json<DriverBalancePage>();
    expect(found.data.map((row) => row.driver_id)).toEqual([c.b.id]);
  });

  it('pages the balances in their order, each row with its driver’s name and call sign', async () => {
    const c = await company();
    await call(c.manager, 'POST', '/api/ledger/top-ups', { driver_id: c.b.id, amount: 700 });
    const pageOf = async (n: number) =>
      (
        await call(c.dispatcher, 'GET', `/api/driver-balances?per_page=1&page=${n}`)
      ).json<DriverBalancePage>();
    const [first, second, past] = [await pageOf(1), await pageOf(2), await pageOf(3)];
    expect(first.meta.total).toBe(2);
    expect(first.data.map((row) => [row.driver_id, row.balance])).toEqual([[c.a.id, 0]]);
    expect(second.data.map((row) => [row.driver_id, row.name, row.indicativ, row.balance])).toEqual(
      [[c.b.id, c.b.name, c.b.identifier, 700]],
    );
    expect(past.data).toEqual([]);
  });

  it('pages the history newest first with the balance each entry left, filtered by driver and kind', async () => {
    const c = await company();
    for (const amount of [100, 200, 300])
      await call(c.manager, 'POST', '/api/ledger/top-ups', { driver_id: c.a.id, amount });
    await call(c.manager, 'POST', '/api/ledger/top-ups', { driver_id: c.b.id, amount: 50 });
    const page = await entriesOf(c, `?driver_id=${c.a.id}&per_page=2`);
    expect(page.meta.total).toBe(3);
    expect(page.data.map((e) => [e.amount, e.balance_after])).toEqual([
      [300, 600],
      [200, 300],
    ]);
    expect((await entriesOf(c, '?kind=payout')).data).toEqual([]);
  });

  it('exports the filtered history, every entry newest first, a batch at a time', async () => {
    const c = await company();
    for (const amount of [100, 200, 300])
      await call(c.manager, 'POST', '/api/ledger/top-ups', {
        driver_id: c.a.id,
        amount,
        note: '=SUM(A1)',
      });
    await call(c.manager, 'POST', '/api/ledger/top-ups', { driver_id: c.b.id, amount: 50 });
    const file = await call(
      c.dispatcher,
      'GET',
      `/api/ledger-entries/export?driver_id=${c.a.id}&format=csv`,
    );
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="istoric_sold_inceput_azi.csv"',
    );
    const lines: string[][] = parse(file.rawPayload, { bom: true, delimiter: ';' });
    expect(lines[0]?.slice(0, 6)).toEqual([
      'Data',
      'Indicativ',
      'Șofer',
      'Tip',
      'Sumă',
      'Sold după',
    ]);
    expect(lines.slice(1).map((l) => [l[3], l[4], l[5], l[9]])).toEqual([
      ['Depunere', '3,00', '6,00', "'=SUM(A1)"],
      ['Depunere', '2,00', '3,00', "'=SUM(A1)"],
      ['Depunere', '1,00', '1,00', "'=SUM(A1)"],
    ]);
    // Batches of two read the same entries as one page does.
    const batched: number[] = [];
    for await (const entry of entryRows(t.db, c.id, { driver_id: c.a.id }, 2))
      batched.push(entry.amount);
    expect(batched).toEqual([300, 200, 100]);
    // Another company's history cannot be named.
    const other = await company();
    expect(
      (await call(other.manager, 'GET', `/api/ledger-entries/export?company_id=${c.id}&format=csv`))
        .statusCode,
    ).toBe(403);
  });

  it('keeps another company’s money and a protocol client out', async () => {
    const c = await company();
    const other = await company();
    await call(c.manager, 'POST', '/api/ledger/top-ups', { driver_id: c.a.id, amount: 100 });
    expect(
      (await call(other.manager, 'GET', `/api/ledger-entries?company_id=${c.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await call(other.manager, 'GET', '/api/ledger-entries')).json<LedgerPage>().data,
    ).toEqual([]);
    const protocol = await buildCompany(t.db, { type: 'protocol', parent_company_id: c.id });
    const client = await t.login(
      await buildUser(t.db, { roles: ['company'], companyIds: [protocol.id] }),
    );
    expect((await call(client, 'GET', '/api/driver-balances')).statusCode).toBe(403);
    // The driver card's balance is the viewer's companies' only.
    const card = await call(c.dispatcher, 'GET', `/api/users/${c.a.id}`);
    expect(card.json<{ balance: number }>().balance).toBe(100);
  });

  it('shows a driver his own balance and history, with his companies only', async () => {
    const c = await company();
    await call(c.manager, 'POST', '/api/ledger/top-ups', { driver_id: c.a.id, amount: 1_234 });
    const mine = (await call(c.driverA, 'GET', '/api/drivers/me/balance')).json<MyBalance>();
    expect(mine.balances).toEqual([
      expect.objectContaining({ company_id: c.id, balance: 1_234, min_balance: 0 }),
    ]);
    const history = (await call(c.driverA, 'GET', '/api/drivers/me/ledger')).json<LedgerPage>();
    expect(history.data.map((e) => [e.kind, e.amount])).toEqual([['top_up', 1_234]]);
    expect(
      (await call(c.driverB, 'GET', '/api/drivers/me/ledger')).json<LedgerPage>().data,
    ).toEqual([]);
    const other = await company();
    expect(
      (await call(c.driverA, 'GET', `/api/drivers/me/ledger?company_id=${other.id}`)).statusCode,
    ).toBe(404);
    expect((await call(c.manager, 'GET', '/api/drivers/me/balance')).statusCode).toBe(403);
  });
});

describe('the balance gate and the nightly check', () => {
  it('moves the driver’s balance in every node’s index with the entry', async () => {
    const c = await company();
    await call(c.manager, 'POST', '/api/ledger/top-ups', { driver_id: c.a.id, amount: 2_500 });
    expect(t.app.fleet.index.get(c.a.id)?.balances[c.id]).toBe(2_500);
  });

  it('finds a running balance that is not the sum of its entries', async () => {
    const c = await company();
    await call(c.manager, 'POST', '/api/ledger/top-ups', { driver_id: c.a.id, amount: 100 });
    expect(await balanceMismatches(t.db)).toEqual([]);
    await t.db.execute(
      sql`update driver_balances set balance = balance + 1 where driver_id = ${c.a.id}`,
    );
    expect(await balanceMismatches(t.db)).toEqual([
      expect.objectContaining({ company_id: c.id, driver_id: c.a.id, balance: 101, sum: 100 }),
    ]);
    await t.db.execute(
      sql`update driver_balances set balance = balance - 1 where driver_id = ${c.a.id}`,
    );
  });
});
