import type {
  PriorityInterval,
  PriorityIntervalList,
  SearchInterval,
  SearchMethod,
} from '@common/dispatch/search-config.schema';
import { DEFAULT_SEARCH_ITEM, type SearchItem } from '@common/dispatch/search-method.schema';
import type { ErrorBody } from '@common/http/errors';
import type { PriorityUpdatedPayload, ServerToClientEvents } from '@common/realtime/events';
import type { InjectOptions } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../../db/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

type Headers = { authorization: string; token: string };

let t: TestApp;
let url: string;
let companyA: number;
let companyB: number;
let admin: Headers;
let dispatcher: Headers;
let foreign: Headers;
let companyUser: Headers;
let driverSession: Headers;
const sockets: Socket<ServerToClientEvents>[] = [];

const send = (headers: Headers | undefined, request: InjectOptions) =>
  t.app.inject({
    ...request,
    ...(headers ? { headers: { authorization: headers.authorization } } : {}),
  });

const errorsOf = (response: { body: string }) =>
  (JSON.parse(response.body) as ErrorBody).errors ?? {};

async function createInterval(
  headers: Headers,
  payload: Record<string, unknown> = {},
): Promise<SearchInterval> {
  const response = await send(headers, { method: 'POST', url: '/api/search-intervals', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SearchInterval>();
}

const list = async (headers: Headers) => {
  const response = await send(headers, { method: 'GET', url: '/api/search-intervals' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchInterval[]>();
};

const item = (overrides: Partial<SearchItem> = {}): SearchItem => ({
  ...DEFAULT_SEARCH_ITEM,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  companyA = (await buildCompany(t.db)).id;
  companyB = (await buildCompany(t.db)).id;
  admin = await t.login(await buildUser(t.db, { roles: ['admin'], companyIds: [companyA] }));
  dispatcher = await t.login(
    await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyA] }),
  );
  foreign = await t.login(await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyB] }));
  companyUser = await t.login(
    await buildUser(t.db, { roles: ['company'], companyIds: [companyA] }),
  );
  driverSession = await t.login(await buildDriver(t.db, companyA));
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

describe('search intervals and their defaults', () => {
  it('creates an interval with the defaults and a new method of one default step', async () => {
    const interval = await createInterval(dispatcher);
    expect(interval).toMatchObject({
      company_id: companyA,
      type: 'weekdays',
      value: { time_from: '00:00:00', time_to: '23:59:59', selected_day: null, custom_day: null },
      search_method: {
        id: interval.search_method_id,
        definitions: { items: [DEFAULT_SEARCH_ITEM] },
      },
    });
    expect(await list(dispatcher)).toContainEqual(interval);
  });

  it('appends new intervals at the end of the order, and lists them in it', async () => {
    const first = await createInterval(dispatcher, {
      type: 'custom',
      value: { time_from: '07:00', time_to: '09:30:00', custom_day: '2026-12-24' },
    });
    const second = await createInterval(dispatcher, {
      value: { time_from: '22:00:00', time_to: '23:00:00', selected_day: 5 },
    });
    expect(first.value).toEqual({
      time_from: '07:00:00',
      time_to: '09:30:00',
      selected_day: null,
      custom_day: '2026-12-24',
    });
    expect(second.position).toBeGreaterThan(first.position);
    const ids = (await list(dispatcher)).map((interval) => interval.id);
    expect(ids.indexOf(second.id)).toBe(ids.indexOf(first.id) + 1);
    expect(ids.at(-1)).toBe(second.id);
  });

  it('refuses a broken interval with field → messages', async () => {
    const post = (payload: Record<string, unknown>) =>
      send(dispatcher, { method: 'POST', url: '/api/search-intervals', payload });
    const backwards = await post({ value: { time_from: '10:00:00', time_to: '09:00:00' } });
    expect(backwards.statusCode).toBe(422);
    expect(errorsOf(backwards)).toEqual({
      'value.time_to': ['Ora de început trebuie să fie înaintea orei de sfârșit.'],
    });
    const equal = await post({ value: { time_from: '10:00:00', time_to: '10:00:00' } });
    expect(errorsOf(equal)['value.time_to']).toBeDefined();
    const noDay = await post({ type: 'custom' });
    expect(errorsOf(noDay)).toEqual({
      'value.custom_day': ['Alegeți ziua pentru un interval personalizat.'],
    });
    const badTime = await post({ value: { time_from: '25:00:00', time_to: '26:00:00' } });
    expect(errorsOf(badTime)['value.time_from']).toEqual([
      'Ora trebuie să fie în formatul HH:mm:ss.',
    ]);
    const badDay = await post({
      value: { time_from: '01:00:00', time_to: '02:00:00', selected_day: 8 },
    });
    expect(Object.keys(errorsOf(badDay))).toEqual(['value.selected_day']);
    const badDate = await post({
      type: 'custom',
      value: { time_from: '01:00', time_to: '02:00', custom_day: '2026-02-30' },
    });
    expect(Object.keys(errorsOf(badDate))).toEqual(['value.custom_day']);
    const unknownField = await post({ position: 0 });
    expect(errorsOf(unknownField)).toEqual({ position: ['Câmp necunoscut.'] });
  });

  it('reuses one of the company’s methods, never another company’s', async () => {
    const base = await createInterval(dispatcher);
    const shared = await createInterval(dispatcher, { search_method_id: base.search_method_id });
    expect(shared.search_method_id).toBe(base.search_method_id);
    const stolen = await send(foreign, {
      method: 'POST',
      url: '/api/search-intervals',
      payload: { search_method_id: base.search_method_id },
    });
    expect(stolen.statusCode).toBe(422);
    expect(errorsOf(stolen)).toEqual({
      search_method_id: ['Metoda de căutare nu a fost găsită.'],
    });
  });

  it('patches an interval, judging the rules on the interval as it becomes', async () => {
    const interval = await createInterval(dispatcher);
    const patchUrl = `/api/search-intervals/${interval.id}`;
    const patched = await send(dispatcher, {
      method: 'PATCH',
      url: patchUrl,
      payload: { value: { time_from: '06:00:00', time_to: '14:00:00', selected_day: 3 } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<SearchInterval>()).toMatchObject({
      id: interval.id,
      type: 'weekdays',
      value: { time_from: '06:00:00', time_to: '14:00:00', selected_day: 3, custom_day: null },
      position: interval.position,
    });
    // Custom without a day: refused although the patch only names the type.
    const custom = await send(dispatcher, {
      method: 'PATCH',
      url: patchUrl,
      payload: { type: 'custom' },
    });
    expect(custom.statusCode).toBe(422);
    expect(errorsOf(custom)).toEqual({
      'value.custom_day': ['Alegeți ziua pentru un interval personalizat.'],
    });
    const foreignMethod = (await createInterval(foreign)).search_method_id;
    const steal = await send(dispatcher, {
      method: 'PATCH',
      url: patchUrl,
      payload: { search_method_id: foreignMethod },
    });
    expect(errorsOf(steal)).toEqual({ search_method_id: ['Metoda de căutare nu a fost găsită.'] });
  });

  it('deletes an interval, and its method once no interval uses it', async () => {
    const interval = await createInterval(dispatcher);
    const twin = await createInterval(dispatcher, { search_method_id: interval.search_method_id });
    const methodUrl = `/api/search-methods/${interval.search_method_id}`;
    const definitions = { items: [item()] };

    const deleted = await send(dispatcher, {
      method: 'DELETE',
      url: `/api/search-intervals/${interval.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    // The twin still uses the method.
    expect(
      (await send(dispatcher, { method: 'PATCH', url: methodUrl, payload: { definitions } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await send(dispatcher, { method: 'DELETE', url: `/api/search-intervals/${interval.id}` }))
        .statusCode,
    ).toBe(404);

    await send(dispatcher, { method: 'DELETE', url: `/api/search-intervals/${twin.id}` });
    expect(
      (await send(dispatcher, { method: 'PATCH', url: methodUrl, payload: { definitions } }))
        .statusCode,
    ).toBe(404);
    expect((await list(dispatcher)).map((row) => row.id)).not.toContain(twin.id);
  });
});

describe('POST /api/search-intervals/sort', () => {
  it('puts the company’s intervals in the new order', async () => {
    const before = (await list(admin)).map((interval) => interval.id);
    expect(before.length).toBeGreaterThan(2);
    const reversed = [...before].reverse();
    const sorted = await send(admin, {
      method: 'POST',
      url: '/api/search-intervals/sort',
      payload: { ids: reversed },
    });
    expect(sorted.statusCode, sorted.body).toBe(200);
    expect(sorted.json<SearchInterval[]>().map((interval) => interval.id)).toEqual(reversed);
    const after = await list(dispatcher);
    expect(after.map((interval) => interval.id)).toEqual(reversed);
    expect(after.map((interval) => interval.position)).toEqual(reversed.map((_, index) => index));
  });

  it('refuses a foreign, unknown, missing or repeated id, and changes nothing', async () => {
    const ids = (await list(dispatcher)).map((interval) => interval.id);
    const foreignId = (await createInterval(foreign)).id;
    const sort = (payload: unknown) =>
      send(dispatcher, {
        method: 'POST',
        url: '/api/search-intervals/sort',
        payload: payload as object,
      });

    const withForeign = await sort({ ids: [...ids, foreignId] });
    expect(withForeign.statusCode).toBe(422);
    expect(errorsOf(withForeign)).toEqual({
      ids: [`Intervalul ${foreignId} nu aparține companiei.`],
    });
    const swapped = await sort({ ids: [...ids.slice(1), foreignId] });
    expect(errorsOf(swapped)).toEqual({ ids: [`Intervalul ${foreignId} nu aparține companiei.`] });
    const missing = await sort({ ids: ids.slice(1) });
    expect(errorsOf(missing)).toEqual({
      ids: ['Lista trebuie să cuprindă fiecare interval al companiei o dată.'],
    });
    const repeated = await sort({ ids: [...ids, ids[0]] });
    expect(errorsOf(repeated)).toEqual({
      ids: ['Lista trebuie să cuprindă fiecare interval al companiei o dată.'],
    });
    expect(Object.keys(errorsOf(await sort({ ids: [] })))).toEqual(['ids']);
    expect(Object.keys(errorsOf(await sort({ ids: ['x'] })))).toEqual(['ids.0']);
    expect((await list(dispatcher)).map((interval) => interval.id)).toEqual(ids);
    // The other company's order is untouched.
    expect((await list(foreign)).map((interval) => interval.id)).toContain(foreignId);
  });
});

describe('search methods', () => {
  it('creates and patches a method of 1 to 20 valid steps', async () => {
    const steps = [
      item({ search_type: 'by_radius', search_limit: 2000, search_time: 15 }),
      item({
        notification_method: 'by_rotation',
        exclude_previous: true,
        ban_conditions: {
          active: true,
          type: 'reset',
          drivers: { from: 1, to: 3 },
          count: 2,
          reset_interval: 30,
        },
      }),
    ];
    const created = await send(dispatcher, {
      method: 'POST',
      url: '/api/search-methods',
      payload: { definitions: { items: steps } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const method = created.json<SearchMethod>();
    expect(method.definitions.items).toEqual(steps);

    const interval = await createInterval(dispatcher, { search_method_id: method.id });
    expect(interval.search_method.definitions.items).toEqual(steps);

    const patched = await send(dispatcher, {
      method: 'PATCH',
      url: `/api/search-methods/${method.id}`,
      payload: { definitions: { items: [item({ search_order_by: 'by_idle_from' })] } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const row = (await list(dispatcher)).find((one) => one.id === interval.id);
    expect(row?.search_method.definitions.items).toEqual([
      item({ search_order_by: 'by_idle_from' }),
    ]);
  });

  it('refuses no steps, more than 20, and a broken step, naming the field', async () => {
    const post = (items: unknown[]) =>
      send(dispatcher, {
        method: 'POST',
        url: '/api/search-methods',
        payload: { definitions: { items } },
      });
    const none = await post([]);
    expect(none.statusCode).toBe(422);
    expect(errorsOf(none)).toEqual({ 'definitions.items': ['Metoda are cel puțin un pas.'] });
    expect(Object.keys(errorsOf(await post(Array.from({ length: 21 }, () => item()))))).toEqual([
      'definitions.items',
    ]);
    const broken = await post([item(), { ...item(), search_type: 'by_magic', search_time: 0 }]);
    expect(Object.keys(errorsOf(broken)).sort()).toEqual([
      'definitions.items.1.search_time',
      'definitions.items.1.search_type',
    ]);
    const range = await post([
      item({
        ban_conditions: { ...DEFAULT_SEARCH_ITEM.ban_conditions, drivers: { from: 4, to: 2 } },
      }),
    ]);
    expect(Object.keys(errorsOf(range))).toEqual(['definitions.items.0.ban_conditions.drivers.to']);
    const extra = await post([{ ...item(), colour: 'red' }]);
    expect(errorsOf(extra)).toEqual({ 'definitions.items.0.colour': ['Câmp necunoscut.'] });
  });
});

/** Every edit of the search configuration, for the role checks. */
const writes: InjectOptions[] = [
  { method: 'POST', url: '/api/search-intervals', payload: {} },
  { method: 'POST', url: '/api/search-intervals/sort', payload: { ids: [1] } },
  { method: 'PATCH', url: '/api/search-intervals/1', payload: {} },
  { method: 'DELETE', url: '/api/search-intervals/1' },
  { method: 'POST', url: '/api/search-methods', payload: { definitions: { items: [item()] } } },
  {
    method: 'PATCH',
    url: '/api/search-methods/1',
    payload: { definitions: { items: [item()] } },
  },
  {
    method: 'POST',
    url: '/api/users-intervals',
    payload: { from: '2026-01-01 00:00:00', to: '2026-01-02 00:00:00', users: [{ id: 1 }] },
  },
  { method: 'DELETE', url: '/api/users-intervals/1' },
];

describe('roles and tenancy', () => {
  it("every console reads; admins, dispatchers and the company's own users edit; drivers and strangers get nothing", async () => {
    expect(
      (await send(companyUser, { method: 'GET', url: '/api/search-intervals' })).statusCode,
    ).toBe(200);
    expect(
      (await send(companyUser, { method: 'GET', url: '/api/users-intervals' })).statusCode,
    ).toBe(200);
    // A courier or restaurant company sets its own work mode (from the point-of-sale header).
    expect((await send(companyUser, writes[0] as InjectOptions)).statusCode).toBe(201);
    for (const request of writes) {
      expect(
        (await send(driverSession, request)).statusCode,
        `${request.method} ${request.url}`,
      ).toBe(403);
      expect((await send(undefined, request)).statusCode).toBe(401);
    }
    expect(
      (await send(driverSession, { method: 'GET', url: '/api/search-intervals' })).statusCode,
    ).toBe(403);
    expect((await send(undefined, { method: 'GET', url: '/api/users-intervals' })).statusCode).toBe(
      401,
    );
  });

  it("refuses every edit from a protocol client's company, which searches for no driver itself", async () => {
    const protocolCompany = (await buildCompany(t.db, { type: 'protocol' })).id;
    const protocolUser = await t.login(
      await buildUser(t.db, { roles: ['company'], companyIds: [protocolCompany] }),
    );
    expect(
      (await send(protocolUser, { method: 'GET', url: '/api/search-intervals' })).statusCode,
    ).toBe(200);
    for (const request of writes) {
      expect(
        (await send(protocolUser, request)).statusCode,
        `${request.method} ${request.url}`,
      ).toBe(403);
    }
  });

  it('a company never sees or edits another’s intervals or methods: 404', async () => {
    const theirs = await createInterval(foreign);
    expect((await list(dispatcher)).map((interval) => interval.id)).not.toContain(theirs.id);
    expect((await list(foreign)).every((interval) => interval.company_id === companyB)).toBe(true);
    const intervalUrl = `/api/search-intervals/${theirs.id}`;
    const patch = await send(dispatcher, { method: 'PATCH', url: intervalUrl, payload: {} });
    expect(patch.statusCode).toBe(404);
    expect((await send(dispatcher, { method: 'DELETE', url: intervalUrl })).statusCode).toBe(404);
    expect(
      (
        await send(dispatcher, {
          method: 'PATCH',
          url: `/api/search-methods/${theirs.search_method_id}`,
          payload: { definitions: { items: [item()] } },
        })
      ).statusCode,
    ).toBe(404);
    expect((await list(foreign)).find((interval) => interval.id === theirs.id)).toEqual(theirs);
  });
});

describe('driver priority intervals (users-intervals, 10 a page)', () => {
  it('creates one with the company’s drivers, their call signs as stored, and tells its dispatchers', async () => {
    const company = (await buildCompany(t.db)).id;
    const other = (await buildCompany(t.db)).id;
    const boss = await t.login(
      await buildUser(t.db, { roles: ['dispatcher'], companyIds: [company] }),
    );
    const colleague = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [company] });
    const stranger = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [other] });
    const first = await buildDriver(t.db, company, { car: { indicativ: '301' } });
    const second = await buildDriver(t.db, company, { car: { indicativ: '302' } });
    const ownSocket = open((await t.login(colleague)).token);
    const strangerSocket = open((await t.login(stranger)).token);
    const driverSocket = open((await t.login(first)).token);
    await Promise.all([ownSocket, strangerSocket, driverSocket].map(connected));
    const heard = record(ownSocket);
    const heardByStranger = record(strangerSocket);
    const heardByDriver = record(driverSocket);

    const created = await send(boss, {
      method: 'POST',
      url: '/api/users-intervals',
      payload: {
        from: '2026-03-01 08:00:00',
        to: '2026-03-01 20:00:00',
        users: [
          { id: second.id, indicativ: 'ignored' },
          { id: first.id, indicativ: '301' },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const interval = created.json<PriorityInterval>();
    expect(interval).toEqual({
      id: expect.any(Number),
      from: '2026-03-01 08:00:00',
      to: '2026-03-01 20:00:00',
      users: [
        { id: first.id, indicativ: '301' },
        { id: second.id, indicativ: '302' },
      ],
    });
    await until(() => heard.length === 1);
    expect(heard[0]).toEqual({
      company_id: company,
      interval_id: interval.id,
      change: 'created',
      driver_ids: [second.id, first.id],
    });

    const removed = await send(boss, {
      method: 'DELETE',
      url: `/api/users-intervals/${interval.id}`,
    });
    expect(removed.statusCode).toBe(204);
    await until(() => heard.length === 2);
    expect(heard[1]).toMatchObject({ interval_id: interval.id, change: 'deleted' });
    expect(heardByStranger).toEqual([]);
    expect(heardByDriver).toEqual([]);
    expect(
      (await send(boss, { method: 'DELETE', url: `/api/users-intervals/${interval.id}` }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses from ≥ to, no drivers, a repeated driver, and anyone not a driver of the company', async () => {
    const ownDriver = await buildDriver(t.db, companyA);
    const theirDriver = await buildDriver(t.db, companyB);
    const colleague = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyA] });
    const post = (payload: Record<string, unknown>) =>
      send(dispatcher, {
        method: 'POST',
        url: '/api/users-intervals',
        payload: {
          from: '2026-03-01 08:00:00',
          to: '2026-03-01 20:00:00',
          users: [{ id: ownDriver.id, indicativ: null }],
          ...payload,
        },
      });
    const backwards = await post({ to: '2026-03-01 07:00:00' });
    expect(backwards.statusCode).toBe(422);
    expect(errorsOf(backwards)).toEqual({ to: ['Începutul trebuie să fie înaintea sfârșitului.'] });
    expect(errorsOf(await post({ users: [] }))).toEqual({ users: ['Alegeți cel puțin un șofer.'] });
    expect(errorsOf(await post({ users: [{ id: ownDriver.id }, { id: ownDriver.id }] }))).toEqual({
      users: ['Un șofer apare de două ori.'],
    });
    expect(Object.keys(errorsOf(await post({ from: '01.03.2026 08:00' })))).toEqual(['from']);
    const strangers = await post({
      users: [{ id: ownDriver.id }, { id: theirDriver.id }, { id: colleague.id }],
    });
    expect(strangers.statusCode).toBe(422);
    expect(errorsOf(strangers)).toEqual({
      users: [
        `Șoferul ${theirDriver.id} nu este un șofer al companiei.`,
        `Șoferul ${colleague.id} nu este un șofer al companiei.`,
      ],
    });
  });

  it('lists 10 a page by default with the total, the latest first, the company’s only', async () => {
    const company = (await buildCompany(t.db)).id;
    const boss = await t.login(await buildUser(t.db, { roles: ['admin'], companyIds: [company] }));
    const driver = await buildDriver(t.db, company);
    for (let day = 1; day <= 12; day++) {
      const date = `2026-04-${String(day).padStart(2, '0')}`;
      const response = await send(boss, {
        method: 'POST',
        url: '/api/users-intervals',
        payload: { from: `${date} 06:00:00`, to: `${date} 18:00:00`, users: [{ id: driver.id }] },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const firstPage = await send(boss, { method: 'GET', url: '/api/users-intervals' });
    expect(firstPage.statusCode).toBe(200);
    const page = firstPage.json<PriorityIntervalList>();
    expect(page.total).toBe(12);
    expect(page.data).toHaveLength(10);
    expect(page.data[0]?.from).toBe('2026-04-12 06:00:00');
    const last = (
      await send(boss, { method: 'GET', url: '/api/users-intervals?page=2&per_page=10' })
    ).json<PriorityIntervalList>();
    expect(last.data.map((interval) => interval.from)).toEqual([
      '2026-04-02 06:00:00',
      '2026-04-01 06:00:00',
    ]);
    // Another company sees none of them, and cannot delete them.
    const theirs = (
      await send(foreign, { method: 'GET', url: '/api/users-intervals?per_page=100' })
    ).json<PriorityIntervalList>();
    expect(theirs.data.map((interval) => interval.id)).not.toContain(page.data[0]?.id);
    expect(
      (await send(foreign, { method: 'DELETE', url: `/api/users-intervals/${page.data[0]?.id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      Object.keys(
        errorsOf(await send(boss, { method: 'GET', url: '/api/users-intervals?page=0' })),
      ),
    ).toEqual(['page']);
  });
});

function open(token: string) {
  const socket: Socket<ServerToClientEvents> = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    auth: { token },
  });
  sockets.push(socket);
  return socket;
}

function connected(socket: Socket<ServerToClientEvents>) {
  return new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

function record(socket: Socket<ServerToClientEvents>) {
  const events: PriorityUpdatedPayload[] = [];
  socket.on('priority_updated', (payload) => events.push(payload));
  return events;
}

async function until(condition: () => boolean, timeoutMs = 3000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
