import type { ErrorBody } from '@common/http/errors';
import { bucharestDate } from '@common/lib/dates';
import {
  ALREADY_COMPENSATED,
  DATES_ORDER,
  DISCOUNT_REFUSALS,
  type DiscountCompensationRow,
  type DiscountCondition,
  ONE_AUDIENCE,
  PERCENT_RANGE,
} from '@common/money/discounts.schema';
import type { LedgerEntry } from '@common/money/ledger.schema';
import type { Order } from '@common/orders/orders.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { NOT_COMPENSATED, NOT_FINISHED } from '../orders/write/discount-compensation';
import { DISCOUNT_REQUIRED } from '../orders/write/order-discounts';

type Headers = { authorization: string };
type Method = 'GET' | 'PUT' | 'POST' | 'PATCH';
type Company = Awaited<ReturnType<typeof company>>;

let t: TestApp;
let platformAdmin: Headers;

const call = (headers: Headers, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

let phones = 0;
/** A phone no other order of the file has (a new client). */
const newPhone = () => `0745${String(++phones).padStart(6, '0')}`;

const today = () => bucharestDate(new Date());
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A dispatch company with its manager, dispatcher, a driver and a protocol company it serves. */
async function company() {
  const { id } = await buildCompany(t.db);
  const login = (roles: ('manager' | 'dispatcher' | 'company')[], companyIds: number[]) =>
    buildUser(t.db, { roles, companyIds }).then((user) => t.login(user));
  const protocol = await buildCompany(t.db, { type: 'protocol', parent_company_id: id });
  const driverUser = await buildDriver(t.db, id);
  return {
    id,
    manager: await login(['manager'], [id]),
    dispatcher: await login(['dispatcher'], [id]),
    protocolId: protocol.id,
    protocolClient: await login(['company'], [protocol.id]),
    driver: await t.login(driverUser),
    driverId: driverUser.id,
  };
}

async function condition(c: Company, body: object = {}): Promise<DiscountCondition> {
  const response = await call(c.manager, 'POST', '/api/discounts', {
    name: 'Reducere',
    kind: 'percent',
    value: 1000,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DiscountCondition>();
}

const read = async (c: Company, id: number) =>
  (await call(c.manager, 'GET', `/api/discounts/${id}`)).json<DiscountCondition>();

/** POST /api/orders with one place (no estimate: a cost only when `cost` fixes it). */
const placeOrder = (headers: Headers, fields: object = {}) =>
  call(headers, 'POST', '/api/orders', {
    phone: newPhone(),
    client_name: 'Ana',
    places: [{ name: 'Strada Lungă 1', lat: 47.16, long: 27.58 }],
    ...fields,
  });

async function placed(headers: Headers, fields: object = {}): Promise<Order> {
  const response = await placeOrder(headers, fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Order>();
}

const refusal = (response: { json: <T>() => T }) =>
  response.json<ErrorBody>().errors?.discount_condition_id;

async function usesRows(conditionId: number) {
  const [row] = rowsOf<{ n: number }>(
    await t.db.execute(
      sql`select count(*)::int as n from discount_uses where condition_id = ${conditionId}`,
    ),
  );
  return Number(row?.n);
}

beforeAll(async () => {
  t = await createTestApp();
  const { id } = await buildCompany(t.db);
  platformAdmin = await t.login(await buildUser(t.db, { roles: ['admin'], companyIds: [id] }));
});
afterAll(() => t.close());

describe('discount conditions (administrators write, the fleet console reads)', () => {
  let a: Company;
  let b: Company;
  beforeAll(async () => {
    a = await company();
    b = await company();
  });

  it('creates a condition for everyone, a client and a protocol company, with their names', async () => {
    const everyone = await condition(a, {
      name: 'Client fidel 10%',
      max_amount: 2000,
      per_client_limit: 5,
      valid_from: today(),
    });
    expect(everyone).toMatchObject({
      company_id: a.id,
      name: 'Client fidel 10%',
      kind: 'percent',
      value: 1000,
      max_amount: 2000,
      valid_from: today(),
      valid_until: null,
      client_id: null,
      client_phone: null,
      protocol_company_id: null,
      per_client_limit: 5,
      total_limit: null,
      uses: 0,
      compensate_driver: false,
      disabled: false,
    });
    const order = await placed(a.dispatcher, { client_name: 'Ion Popescu', place: false });
    const forClient = await condition(a, {
      kind: 'fixed',
      value: 500,
      client_id: order.client_id,
    });
    expect(forClient).toMatchObject({
      client_id: order.client_id,
      client_phone: order.phone,
      client_name: 'Ion Popescu',
    });
    const forProtocol = await condition(a, {
      protocol_company_id: a.protocolId,
      compensate_driver: true,
    });
    expect(forProtocol.protocol_company_name).toMatch(/^Compania /);
    expect(forProtocol.compensate_driver).toBe(true);
  });

  it("answers 404 for another company's client or protocol company", async () => {
    const orderB = await placed(b.dispatcher, { place: false });
    const client = await call(a.manager, 'POST', '/api/discounts', {
      name: 'X',
      kind: 'percent',
      value: 100,
      client_id: orderB.client_id,
    });
    expect(client.statusCode).toBe(404);
    const protocol = await call(a.manager, 'POST', '/api/discounts', {
      name: 'X',
      kind: 'percent',
      value: 100,
      protocol_company_id: b.protocolId,
    });
    expect(protocol.statusCode).toBe(404);
    // A dispatch company is not a protocol company, even its own.
    const itself = await call(a.manager, 'POST', '/api/discounts', {
      name: 'X',
      kind: 'percent',
      value: 100,
      protocol_company_id: a.id,
    });
    expect(itself.statusCode).toBe(404);
  });

  it('refuses bad input field by field (422)', async () => {
    const bad = await call(a.manager, 'POST', '/api/discounts', {
      name: '',
      kind: 'percent',
      value: 10_001,
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json<ErrorBody>().errors ?? {};
    expect(errors.name).toBeDefined();
    expect(errors.value).toContain(PERCENT_RANGE);
    const both = await call(a.manager, 'POST', '/api/discounts', {
      name: 'X',
      kind: 'fixed',
      value: 100,
      client_id: 1,
      protocol_company_id: a.protocolId,
      valid_from: '2026-05-02',
      valid_until: '2026-05-01',
    });
    expect(both.json<ErrorBody>().errors).toMatchObject({
      protocol_company_id: [ONE_AUDIENCE],
      valid_until: [DATES_ORDER],
    });
    const limit = await call(a.manager, 'POST', '/api/discounts', {
      name: 'X',
      kind: 'fixed',
      value: 100,
      total_limit: 0,
    });
    expect(limit.json<ErrorBody>().errors?.total_limit).toBeDefined();
  });

  it('lets the console read and only administrators write; a protocol client reads nothing', async () => {
    const [first] = (await call(a.manager, 'GET', '/api/discounts')).json<{
      data: DiscountCondition[];
    }>().data;
    if (!first) throw new Error('no condition');
    expect((await call(a.dispatcher, 'GET', '/api/discounts')).statusCode).toBe(200);
    expect((await call(a.dispatcher, 'GET', `/api/discounts/${first.id}`)).statusCode).toBe(200);
    const write = await call(a.dispatcher, 'POST', '/api/discounts', {
      name: 'X',
      kind: 'fixed',
      value: 100,
    });
    expect(write.statusCode).toBe(403);
    expect((await call(a.protocolClient, 'GET', '/api/discounts')).statusCode).toBe(403);
    expect((await call(a.protocolClient, 'GET', `/api/discounts/${first.id}`)).statusCode).toBe(
      403,
    );
    expect((await call(a.driver, 'GET', '/api/discounts')).statusCode).toBe(403);
  });

  it('lists newest first, searches names, pages, and hides the disabled unless asked', async () => {
    const c = await company();
    const made: DiscountCondition[] = [];
    for (const name of ['Student 5%', 'Pensionar 15%', 'Aeroport fix', 'Student noapte'])
      made.push(await condition(c, { name }));
    const [student, pensioner, airport, night] = made as [
      DiscountCondition,
      DiscountCondition,
      DiscountCondition,
      DiscountCondition,
    ];
    const list = async (query = '') =>
      (await call(c.dispatcher, 'GET', `/api/discounts${query}`)).json<{
        data: DiscountCondition[];
        meta: { total: number };
      }>();
    expect((await list()).data.map((d) => d.id)).toEqual([
      night.id,
      airport.id,
      pensioner.id,
      student.id,
    ]);
    expect((await list('?search=student')).data.map((d) => d.id)).toEqual([night.id, student.id]);
    const page = await list('?per_page=2&page=2');
    expect(page.data.map((d) => d.id)).toEqual([pensioner.id, student.id]);
    expect(page.meta.total).toBe(4);

    const disabled = await call(c.manager, 'PUT', `/api/discounts/${airport.id}`, {
      name: 'Aeroport fix',
      kind: 'fixed',
      value: 1500,
      disabled: true,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json<DiscountCondition>()).toMatchObject({
      kind: 'fixed',
      value: 1500,
      disabled: true,
    });
    expect((await list()).data.map((d) => d.id)).not.toContain(airport.id);
    expect((await list('?all=true')).data.map((d) => d.id)).toContain(airport.id);
  });

  it("answers 404 for another company's condition, and keeps each company's list its own", async () => {
    const own = await condition(a, { name: 'Doar A' });
    expect((await call(b.manager, 'GET', `/api/discounts/${own.id}`)).statusCode).toBe(404);
    const edit = await call(b.manager, 'PUT', `/api/discounts/${own.id}`, {
      name: 'Preluată',
      kind: 'fixed',
      value: 100,
    });
    expect(edit.statusCode).toBe(404);
    expect((await read(a, own.id)).name).toBe('Doar A');
    const listB = (await call(b.manager, 'GET', '/api/discounts?all=true')).json<{
      data: DiscountCondition[];
    }>();
    expect(listB.data.every((d) => d.company_id === b.id)).toBe(true);
    const foreign = await call(b.manager, 'GET', `/api/discounts?company_id=${a.id}`);
    expect(foreign.statusCode).toBe(403);
    // The platform admin reads any company's by naming it.
    const admin = await call(platformAdmin, 'GET', `/api/discounts?company_id=${a.id}`);
    expect(admin.json<{ data: DiscountCondition[] }>().data.map((d) => d.id)).toContain(own.id);
  });
});

describe('GET /api/discounts/applicable', () => {
  let c: Company;
  let clientPhone: string;
  let clientId: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    c = await company();
    clientPhone = newPhone();
    clientId = (await placed(c.dispatcher, { phone: clientPhone, place: false })).client_id ?? 0;
    const add = async (key: string, body: object) => {
      ids[key] = (await condition(c, { name: key, ...body })).id;
    };
    await add('everyone', { valid_from: today(), valid_until: today() });
    await add('future', { valid_from: dayAfter(today(), 1) });
    await add('past', { valid_until: dayAfter(today(), -1) });
    await add('forClient', { client_id: clientId });
    await add('forProtocol', { protocol_company_id: c.protocolId });
    await add('disabled', { disabled: true });
    await add('spent', { total_limit: 1 });
    await add('oncePerClient', { per_client_limit: 1 });
    await placed(c.dispatcher, { discount_condition_id: ids.spent, place: false });
    await placed(c.dispatcher, {
      phone: clientPhone,
      discount_condition_id: ids.oncePerClient,
      place: false,
    });
  });

  const applicable = async (headers: Headers, query: string) => {
    const response = await call(headers, 'GET', `/api/discounts/applicable?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<{ data: DiscountCondition[] }>()
      .data.map((d) => d.name)
      .sort();
  };

  it('offers what is enabled, valid today, for this client, with uses left', async () => {
    expect(await applicable(c.dispatcher, `phone=${clientPhone}`)).toEqual([
      'everyone',
      'forClient',
    ]);
    expect(await applicable(c.dispatcher, `client_id=${clientId}`)).toEqual([
      'everyone',
      'forClient',
    ]);
    // Another caller has his one use of 'oncePerClient' left; a new one too.
    expect(await applicable(c.dispatcher, `phone=${newPhone()}`)).toEqual([
      'everyone',
      'oncePerClient',
    ]);
    expect(
      await applicable(c.dispatcher, `client_id=${clientId}&protocol_company_id=${c.protocolId}`),
    ).toEqual(['everyone', 'forClient', 'forProtocol']);
  });

  it("gives a protocol client his own company's conditions and everyone's", async () => {
    expect(await applicable(c.protocolClient, '')).toEqual([
      'everyone',
      'forProtocol',
      'oncePerClient',
    ]);
    const other = await call(
      c.protocolClient,
      'GET',
      '/api/discounts/applicable?protocol_company_id=1',
    );
    expect(other.statusCode).toBe(422);
  });

  it("refuses another company's client or protocol company, and a bad phone (422)", async () => {
    const b = await company();
    const client = await call(
      b.dispatcher,
      'GET',
      `/api/discounts/applicable?client_id=${clientId}`,
    );
    expect(client.statusCode).toBe(422);
    expect(client.json<ErrorBody>().errors?.client_id).toBeDefined();
    const protocol = await call(
      b.dispatcher,
      'GET',
      `/api/discounts/applicable?protocol_company_id=${c.protocolId}`,
    );
    expect(protocol.statusCode).toBe(422);
    expect(protocol.json<ErrorBody>().errors?.protocol_company_id).toBeDefined();
    const phone = await call(c.dispatcher, 'GET', '/api/discounts/applicable?phone=abc');
    expect(phone.statusCode).toBe(422);
  });
});

describe('an order with a discount', () => {
  let c: Company;
  beforeAll(async () => {
    c = await company();
  });

  it("is paid 'discount', with the condition's amount off its fare, and takes a use", async () => {
    const capped = await condition(c, { max_amount: 2000 });
    const order = await placed(c.dispatcher, { cost: 3219, discount_condition_id: capped.id });
    expect(order).toMatchObject({
      payment_type: 'discount',
      discount_condition_id: capped.id,
      cost: 3219,
      discount_amount: 322,
      discounted_cost: 2897,
    });
    const big = await placed(c.dispatcher, { cost: 30_000, discount_condition_id: capped.id });
    expect(big).toMatchObject({ discount_amount: 2000, discounted_cost: 28_000 });
    const fixed = await condition(c, { kind: 'fixed', value: 500 });
    const cheap = await placed(c.dispatcher, { cost: 300, discount_condition_id: fixed.id });
    expect(cheap).toMatchObject({ discount_amount: 300, discounted_cost: 0 });
    // No fare yet: the discount waits for it.
    const open = await placed(c.dispatcher, { discount_condition_id: fixed.id });
    expect(open).toMatchObject({
      payment_type: 'discount',
      cost: null,
      discount_amount: null,
      discounted_cost: null,
    });
    expect((await read(c, capped.id)).uses).toBe(2);
    expect(await usesRows(capped.id)).toBe(2);
  });

  it('is refused (422 on discount_condition_id) a condition that does not apply', async () => {
    const b = await company();
    const foreign = await condition(b);
    const expectRefused = async (fields: object, message: string) => {
      const response = await placeOrder(c.dispatcher, { cost: 1000, ...fields });
      expect(response.statusCode, response.body).toBe(422);
      expect(refusal(response)).toEqual([message]);
    };
    await expectRefused({ discount_condition_id: foreign.id }, DISCOUNT_REFUSALS.unknown);
    const disabled = await condition(c, { disabled: true });
    await expectRefused({ discount_condition_id: disabled.id }, DISCOUNT_REFUSALS.disabled);
    const later = await condition(c, { valid_from: dayAfter(today(), 2) });
    await expectRefused({ discount_condition_id: later.id }, DISCOUNT_REFUSALS.outOfDates);
    const client = await placed(c.dispatcher, { place: false });
    const forClient = await condition(c, { client_id: client.client_id });
    await expectRefused({ discount_condition_id: forClient.id }, DISCOUNT_REFUSALS.notApplicable);
    const forProtocol = await condition(c, { protocol_company_id: c.protocolId });
    await expectRefused({ discount_condition_id: forProtocol.id }, DISCOUNT_REFUSALS.notApplicable);
    await expectRefused({ payment_type: 'discount' }, DISCOUNT_REQUIRED);
    // Refused orders took nothing.
    expect((await read(c, forClient.id)).uses).toBe(0);

    // The client's own and the protocol company's rides have theirs.
    const own = await placed(c.dispatcher, {
      phone: client.phone,
      discount_condition_id: forClient.id,
    });
    expect(own.discount_condition_id).toBe(forClient.id);
    const billed = await placed(c.dispatcher, {
      protocol_company_id: c.protocolId,
      payment_type: 'protocol',
      discount_condition_id: forProtocol.id,
    });
    expect(billed.payment_type).toBe('discount');
    const [row] = rowsOf<{ protocol_company_id: number }>(
      await t.db.execute(sql`select protocol_company_id from orders where id = ${billed.id}`),
    );
    expect(row?.protocol_company_id).toBe(c.protocolId);
    const byProtocolClient = await placed(c.protocolClient, {
      discount_condition_id: forProtocol.id,
    });
    expect(byProtocolClient.payment_type).toBe('discount');
    expect((await read(c, forProtocol.id)).uses).toBe(2);
  });

  it('gives the old use back when a new order changes or drops its condition', async () => {
    const first = await condition(c, { name: 'Prima' });
    const second = await condition(c, { kind: 'fixed', value: 700 });
    const draft = await placed(c.dispatcher, {
      cost: 3000,
      discount_condition_id: first.id,
      place: false,
    });
    const patch = async (body: object) => {
      const response = await call(c.dispatcher, 'PATCH', `/api/orders/${draft.id}`, body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Order>();
    };
    expect(await patch({ discount_condition_id: second.id })).toMatchObject({
      discount_condition_id: second.id,
      discount_amount: 700,
      discounted_cost: 2300,
    });
    expect((await read(c, first.id)).uses).toBe(0);
    expect((await read(c, second.id)).uses).toBe(1);
    // A new fare is discounted again.
    expect(await patch({ cost: 5000 })).toMatchObject({
      discount_amount: 700,
      discounted_cost: 4300,
    });
    // Paying cash drops it.
    expect(await patch({ payment_type: 'cash' })).toMatchObject({
      payment_type: 'cash',
      discount_condition_id: null,
      discount_amount: null,
      discounted_cost: 5000,
    });
    expect((await read(c, second.id)).uses).toBe(0);
    expect(await usesRows(second.id)).toBe(0);
    const placedNow = await patch({ discount_condition_id: first.id, place: true });
    expect(placedNow).toMatchObject({
      state: 'created',
      payment_type: 'discount',
      discount_amount: 500,
    });
    expect((await read(c, first.id)).uses).toBe(1);
    // Placed, it keeps its discount: the payment toggle does not take it off.
    const toggled = await call(c.dispatcher, 'PATCH', `/api/orders/${draft.id}`, {
      payment_type: 'cash',
    });
    expect(toggled.json<Order>().payment_type).toBe('discount');
  });

  it('gives its use back when canceled, and a duplicate does not copy the discount', async () => {
    const once = await condition(c, { total_limit: 1 });
    const order = await placed(c.dispatcher, { cost: 2000, discount_condition_id: once.id });
    const copy = await call(c.dispatcher, 'POST', `/api/orders/${order.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    const { id: copyId } = copy.json<{ id: number }>();
    const copied = (await call(c.dispatcher, 'GET', `/api/orders/${copyId}`)).json<Order>();
    expect(copied).toMatchObject({
      payment_type: 'cash',
      discount_condition_id: null,
      discount_amount: null,
    });
    // Its one use is taken: a second order is refused until the first is canceled.
    const refused = await placeOrder(c.dispatcher, { cost: 2000, discount_condition_id: once.id });
    expect(refusal(refused)).toEqual([DISCOUNT_REFUSALS.totalSpent]);
    const canceled = await call(c.dispatcher, 'PATCH', `/api/orders/${order.id}/cancel`, {});
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json<Order>()).toMatchObject({
      state: 'canceled',
      payment_type: 'cash',
      discount_condition_id: null,
      discounted_cost: 2000,
    });
    expect((await read(c, once.id)).uses).toBe(0);
    expect(await usesRows(once.id)).toBe(0);
    const again = await placed(c.dispatcher, { cost: 2000, discount_condition_id: once.id });
    expect(again.discount_condition_id).toBe(once.id);
  });
});

describe('an order with a discount, retried and canceled by its driver', () => {
  it('replays a retried request with its Idempotency-Key, taking one use', async () => {
    const c = await company();
    const once = await condition(c, { total_limit: 1 });
    const body = {
      phone: newPhone(),
      client_name: 'Ana',
      cost: 2000,
      discount_condition_id: once.id,
    };
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...c.dispatcher, 'idempotency-key': `discount-retry-${c.id}` },
        payload: { ...body, places: [{ name: 'Strada Lungă 1', lat: 47.16, long: 27.58 }] },
      });
    const first = await send();
    const retry = await send();
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json<Order>().id).toBe(first.json<Order>().id);
    expect((await read(c, once.id)).uses).toBe(1);
  });

  it('gives the use back when the driver cancels', async () => {
    const c = await company();
    const once = await condition(c, { total_limit: 1 });
    const order = await placed(c.dispatcher, {
      cost: 2000,
      discount_condition_id: once.id,
      place: false,
    });
    await t.db.execute(sql`update orders set state = 'assigned', trip_state = 'waiting_driver',
        driver_id = ${c.driverId} where id = ${order.id}`);
    const canceled = await call(c.driver, 'POST', `/api/drivers/me/orders/${order.id}/cancel`, {
      reason: 'Pană',
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json<Order>()).toMatchObject({
      state: 'canceled',
      discount_condition_id: null,
    });
    expect((await read(c, once.id)).uses).toBe(0);
  });
});

describe('limits under concurrency', () => {
  it('gives the last uses of a total limit to exactly as many racing orders', async () => {
    const c = await company();
    const three = await condition(c, { total_limit: 3 });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        placeOrder(c.dispatcher, { cost: 2000, discount_condition_id: three.id }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 422, 422, 422, 422, 422, 422, 422]);
    for (const response of responses.filter((r) => r.statusCode === 422))
      expect(refusal(response)).toEqual([DISCOUNT_REFUSALS.totalSpent]);
    for (const response of responses.filter((r) => r.statusCode === 201))
      expect(response.json<Order>()).toMatchObject({
        payment_type: 'discount',
        discount_amount: 200,
      });
    expect((await read(c, three.id)).uses).toBe(3);
    expect(await usesRows(three.id)).toBe(3);
  });

  it('holds one client to his limit when his orders race, even as a new client', async () => {
    const c = await company();
    const twice = await condition(c, { per_client_limit: 2 });
    const phone = newPhone();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        placeOrder(c.dispatcher, { phone, cost: 2000, discount_condition_id: twice.id }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const refused = responses.filter((r) => r.statusCode === 422);
    expect(refused).toHaveLength(4);
    for (const response of refused)
      expect(refusal(response)).toEqual([DISCOUNT_REFUSALS.clientSpent]);
    // Another client still has his.
    await placed(c.dispatcher, { cost: 2000, discount_condition_id: twice.id });
    expect((await read(c, twice.id)).uses).toBe(3);
  });
});

describe('the finish and the compensation', () => {
  let c: Company;
  beforeAll(async () => {
    c = await company();
    const accept = await call(c.manager, 'PUT', '/api/finance-settings', {
      accept_taximeter: true,
      min_balance: 0,
      allow_negative_balance: true,
    });
    expect(accept.statusCode, accept.body).toBe(200);
  });

  /** An order with the condition, on its trip with the company's driver, then finished. */
  async function finishedWith(conditionId: number, taximeter: number) {
    const order = await placed(c.dispatcher, { discount_condition_id: conditionId, place: false });
    await t.db.execute(sql`update orders set state = 'assigned', trip_state = 'started',
        driver_id = ${c.driverId}, trip_started_at = (now() at time zone 'utc') - interval '10 minutes'
      where id = ${order.id}`);
    const response = await call(c.driver, 'POST', `/api/drivers/me/orders/${order.id}/finish`, {
      taximeter_amount: taximeter,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Order>();
  }

  const balance = async () => {
    const [row] = rowsOf<{ balance: number }>(
      await t.db.execute(sql`select balance from driver_balances
        where company_id = ${c.id} and driver_id = ${c.driverId}`),
    );
    return Number(row?.balance ?? 0);
  };

  it('discounts the final fare', async () => {
    const tenPercent = await condition(c, { max_amount: 2000 });
    expect(await finishedWith(tenPercent.id, 5000)).toMatchObject({
      state: 'finished',
      cost: 5000,
      cost_source: 'taximeter',
      payment_type: 'discount',
      discount_amount: 500,
      discounted_cost: 4500,
    });
    expect(await finishedWith(tenPercent.id, 45_000)).toMatchObject({
      discount_amount: 2000,
      discounted_cost: 43_000,
    });
  });

  it('pays the driver back the discount once, even when two requests race', async () => {
    const paidBack = await condition(c, { kind: 'fixed', value: 700, compensate_driver: true });
    const order = await finishedWith(paidBack.id, 3000);
    const pending = (await call(c.dispatcher, 'GET', '/api/discount-compensations')).json<{
      data: DiscountCompensationRow[];
    }>();
    expect(pending.data.find((row) => row.order_id === order.id)).toMatchObject({
      driver_id: c.driverId,
      condition_id: paidBack.id,
      cost: 3000,
      discount_amount: 700,
      discount_compensated: false,
    });
    const before = await balance();
    const body = { order_id: order.id };
    const [one, two] = await Promise.all([
      call(c.manager, 'POST', '/api/ledger/discount-compensations', body),
      call(c.manager, 'POST', '/api/ledger/discount-compensations', body),
    ]);
    const statuses = [one?.statusCode, two?.statusCode].sort();
    expect(statuses).toEqual([201, 409]);
    const created = [one, two].find((r) => r?.statusCode === 201);
    const lost = [one, two].find((r) => r?.statusCode === 409);
    expect(lost?.json<ErrorBody>().message).toBe(ALREADY_COMPENSATED);
    const entry = created?.json<LedgerEntry>();
    expect(entry).toMatchObject({
      company_id: c.id,
      driver_id: c.driverId,
      kind: 'discount_compensation',
      amount: 700,
      balance_after: before + 700,
      order_id: order.id,
    });
    expect(entry?.driver_name).toMatch(/^Utilizator /);
    expect(entry?.indicativ).not.toBeNull();
    expect(await balance()).toBe(before + 700);
    const again = await call(c.manager, 'POST', '/api/ledger/discount-compensations', body);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().message).toBe(ALREADY_COMPENSATED);
    expect(
      (await call(c.dispatcher, 'GET', `/api/orders/${order.id}`)).json<Order>()
        .discount_compensated,
    ).toBe(true);
    const done = (
      await call(
        c.dispatcher,
        'GET',
        `/api/discount-compensations?state=done&driver_id=${c.driverId}`,
      )
    ).json<{ data: DiscountCompensationRow[] }>();
    expect(done.data.map((row) => row.order_id)).toContain(order.id);
    const stillPending = (await call(c.dispatcher, 'GET', '/api/discount-compensations')).json<{
      data: DiscountCompensationRow[];
    }>();
    expect(stillPending.data.map((row) => row.order_id)).not.toContain(order.id);
  });

  it('refuses an order not finished, one not paid back, and another company’s', async () => {
    const paidBack = await condition(c, { kind: 'fixed', value: 700, compensate_driver: true });
    const open = await placed(c.dispatcher, { cost: 2000, discount_condition_id: paidBack.id });
    const post = (headers: Headers, orderId: number) =>
      call(headers, 'POST', '/api/ledger/discount-compensations', { order_id: orderId });
    const notFinished = await post(c.manager, open.id);
    expect(notFinished.statusCode).toBe(409);
    expect(notFinished.json<ErrorBody>().message).toBe(NOT_FINISHED);
    const kept = await condition(c, { kind: 'fixed', value: 300 });
    const notPaidBack = await post(c.manager, (await finishedWith(kept.id, 2000)).id);
    expect(notPaidBack.statusCode).toBe(409);
    expect(notPaidBack.json<ErrorBody>().message).toBe(NOT_COMPENSATED);
    const finished = await finishedWith(paidBack.id, 2000);
    const b = await company();
    expect((await post(b.manager, finished.id)).statusCode).toBe(404);
    expect((await post(c.dispatcher, finished.id)).statusCode).toBe(403);
    const listB = (await call(b.manager, 'GET', '/api/discount-compensations')).json<{
      data: DiscountCompensationRow[];
    }>();
    expect(listB.data).toEqual([]);
    expect((await call(c.protocolClient, 'GET', '/api/discount-compensations')).statusCode).toBe(
      403,
    );
  });
});
