import { BLOCKED_PHONE_MESSAGE } from '@common/blocked-phones/blocked-phones.schema';
import type { ErrorBody } from '@common/http/errors';
import { REFUSALS } from '@common/orders/orders.rules';
import type { Order, OrderHistoryItem } from '@common/orders/orders.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { blockedPhones, clientAddresses, clients, orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrder, type OrderOverrides } from '../../test/order-factory';

/** Order placement, POST/GET/PATCH /api/orders, idempotency, tenancy. */
let t: TestApp;
let taxi: { id: number };
let other: { id: number };
let dispatcher: Awaited<ReturnType<typeof buildUser>>;
let stranger: Awaited<ReturnType<typeof buildUser>>;
let protocolUser: Awaited<ReturnType<typeof buildUser>>;
let protocol: { id: number };
let auth: { authorization: string };

const place = (name: string, lat = 47.1585, long = 27.6014) => ({ name, lat, long });
const validBody = (extra: Record<string, unknown> = {}) => ({
  places: [place('Bulevardul Ștefan cel Mare și Sfânt 12'), place('Gara Iași', 47.1656, 27.5675)],
  phone: '0744 123 456',
  client_name: 'Ana Popescu',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  taxi = await buildCompany(t.db, { name: 'Taxi A' });
  other = await buildCompany(t.db, { name: 'Taxi B' });
  protocol = await buildCompany(t.db, {
    name: 'Protocol SRL',
    type: 'protocol',
    parent_company_id: taxi.id,
  });
  dispatcher = await buildUser(t.db, {
    name: 'Elena',
    roles: ['dispatcher'],
    companyIds: [taxi.id],
  });
  stranger = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [other.id] });
  protocolUser = await buildUser(t.db, { roles: ['company'], companyIds: [protocol.id] });
  auth = await t.login(dispatcher);
});
afterAll(() => t.close());

const post = (payload: unknown, headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'POST', url: '/api/orders', payload: payload as object, headers });
const patch = (url: string, payload: object, headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'PATCH', url, payload, headers });
/** Any request as these headers send it; a payload only when there is one (GET, DELETE). */
const send = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload: object | undefined,
  headers: Record<string, string>,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
/** The order as its own company reads it. */
const read = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: auth })).json<Order>();
const historyTypes = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/order-history/${id}`, headers: auth }))
    .json<OrderHistoryItem[]>()
    .map((h) => h.type);

describe('POST /api/orders', () => {
  it('places an order: state created, cash, service 1, normalised phone, client and places A, B', async () => {
    const response = await post(validBody({ options: ['card', 'animal'], comment: 'Scara 2' }));
    expect(response.statusCode).toBe(201);
    const order = response.json<Order>();
    expect(order).toMatchObject({
      state: 'created',
      payment_type: 'cash',
      service_id: 1,
      phone: '+40744123456',
      client_phone: '+40744123456',
      client_name: 'Ana Popescu',
      name: 'Ana Popescu',
      dispatcher_id: dispatcher.id,
      dispatcher: { id: dispatcher.id, name: 'Elena' },
      options: ['card', 'animal'],
      comment: 'Scara 2',
      address: 'Bulevardul Ștefan cel Mare și Sfânt 12',
      processed_by_company_id: taxi.id,
      created_by_company_id: taxi.id,
      search_company_ids: [taxi.id],
      source: 'from_call',
      in_pending_queue: false,
      driver: null,
      finance_info: { driver_payment: null, is_paid: false },
    });
    expect(order.places.map((p) => p.name)).toEqual([
      'Bulevardul Ștefan cel Mare și Sfânt 12',
      'Gara Iași',
    ]);
    expect(order.departure_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(order.client).toMatchObject({ name: 'Ana Popescu', phone: '+40744123456' });
    const [client] = await t.db
      .select()
      .from(clients)
      .where(eq(clients.id, order.client_id ?? 0));
    expect(client?.company_id).toBe(taxi.id);
  });

  it('writes every part of a placed order: places with their details, saved addresses, history', async () => {
    const internal = {
      name: 'Bloc Copou 3',
      lat: 47.18,
      long: 27.57,
      place_id: 'internal:41',
      comment: 'lângă farmacie',
      bloc: 'C3',
      scara: 'B',
      reper: 'parc',
    };
    const body = {
      phone: '0733 100 200',
      client_name: 'Ion Vasile',
      about_client: 'plătește cu card',
      departure_time: '2026-12-01 07:30:00',
      // The same address twice (a round trip) is one saved address.
      places: [internal, place('Gara Iași', 47.1656, 27.5675), { ...internal }],
    };
    const first = (await post(body)).json<Order>();
    expect(first.departure_time).toBe('2026-12-01 07:30:00');
    expect(first.places.map(({ id, order_id, ...rest }) => rest)).toEqual([
      internal,
      {
        ...place('Gara Iași', 47.1656, 27.5675),
        place_id: null,
        comment: null,
        bloc: null,
        scara: null,
        reper: null,
      },
      internal,
    ]);
    // A second order from the same phone finds the same client, keeps its notes when none are
    // given and counts the addresses used again.
    const second = (
      await post({ ...body, client_name: 'Ion V.', about_client: undefined, places: [internal] })
    ).json<Order>();
    expect(second.client_id).toBe(first.client_id);
    const [client] = await t.db
      .select()
      .from(clients)
      .where(eq(clients.id, first.client_id ?? 0));
    expect(client).toMatchObject({
      name: 'Ion V.',
      about: 'plătește cu card',
      phone: '+40733100200',
    });
    const saved = await t.db
      .select()
      .from(clientAddresses)
      .where(eq(clientAddresses.client_id, first.client_id ?? 0))
      .orderBy(clientAddresses.name);
    expect(
      saved.map(({ name, is_internal, use_count, bloc, company_id }) => ({
        name,
        is_internal,
        use_count,
        bloc,
        company_id,
      })),
    ).toEqual([
      { name: 'Bloc Copou 3', is_internal: true, use_count: 2, bloc: 'C3', company_id: taxi.id },
      { name: 'Gara Iași', is_internal: false, use_count: 1, bloc: null, company_id: taxi.id },
    ]);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/order-history/${first.id}`,
      headers: auth,
    });
    expect(history.json<OrderHistoryItem[]>().map((h) => [h.type, h.initiator])).toEqual([
      ['created', 'Elena'],
    ]);
  });

  it('saves a draft in state new when place is false', async () => {
    const order = (await post(validBody({ place: false }))).json<Order>();
    expect(order.state).toBe('new');
  });

  it('requires phone, client name and address as field → messages', async () => {
    const response = await post({ places: [] });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json<ErrorBody>();
    expect(errors?.phone).toEqual(['Telefonul este obligatoriu.']);
    expect(errors?.client_name).toEqual(['Numele clientului este obligatoriu.']);
    expect(errors?.places).toEqual(['Adresa este obligatorie.']);
  });

  it('refuses an invalid phone, unknown fields, options and services', async () => {
    expect((await post(validBody({ phone: 'abc' }))).json<ErrorBody>().errors?.phone).toEqual([
      'Număr de telefon invalid.',
    ]);
    const mass = await post(validBody({ state: 'assigned', driver_id: 5 }));
    expect(mass.statusCode).toBe(422);
    expect(mass.json<ErrorBody>().errors).toMatchObject({
      state: ['Câmp necunoscut.'],
      driver_id: ['Câmp necunoscut.'],
    });
    expect(
      (await post(validBody({ options: ['teleport'] }))).json<ErrorBody>().errors?.options,
    ).toEqual(['Opțiune necunoscută: teleport']);
    expect(
      (await post(validBody({ service_id: 999 }))).json<ErrorBody>().errors?.service_id,
    ).toEqual(['Serviciul nu există.']);
    const badPlace = await post(validBody({ places: [{ name: 'X', lat: 200, long: 27 }] }));
    expect(Object.keys(badPlace.json<ErrorBody>().errors ?? {})).toEqual(['places.0.lat']);
  });

  it('refuses an order from a blocked phone, however the number is written', async () => {
    await t.db
      .insert(blockedPhones)
      .values({ company_id: taxi.id, phone: '+40755000111', reason: 'Farse' });
    for (const phone of ['0755000111', '+40 755 000 111', '0040755000111']) {
      const response = await post(validBody({ phone }));
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>().errors?.phone).toEqual(['Numărul de telefon este blocat.']);
    }
    // Another company has not blocked it.
    expect(
      (await post(validBody({ phone: '0755000111' }), await t.login(stranger))).statusCode,
    ).toBe(201);
  });

  it('never creates a second order for a retried Idempotency-Key', async () => {
    const headers = { ...auth, 'idempotency-key': 'retry-key-0001' };
    const before = (await t.db.select({ id: orders.id }).from(orders)).length;
    const first = await post(validBody({ comment: 'idem' }), headers);
    const second = await post(validBody({ comment: 'idem' }), headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json<Order>().id).toBe(first.json<Order>().id);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(validBody({ comment: 'race' }), { ...auth, 'idempotency-key': 'race-key-0001' }),
      ),
    );
    expect(new Set(concurrent.map((r) => r.json<Order>().id)).size).toBe(1);
    expect((await t.db.select({ id: orders.id }).from(orders)).length).toBe(before + 2);

    const reused = await post(validBody({ comment: 'different' }), headers);
    expect(reused.statusCode).toBe(422);
    expect(reused.json<ErrorBody>().errors?.['Idempotency-Key']).toHaveLength(1);
  });

  it('replays a retried order whose phone was blocked meanwhile, and refuses a new one', async () => {
    const headers = { ...auth, 'idempotency-key': 'blocked-later-0001' };
    const body = validBody({ phone: '0766 000 222' });
    const first = await post(body, headers);
    expect(first.statusCode).toBe(201);
    await t.db
      .insert(blockedPhones)
      .values({ company_id: taxi.id, phone: '+40766000222', reason: 'Farse' });
    const retried = await post(body, headers);
    expect(retried.statusCode).toBe(201);
    expect(retried.json<Order>().id).toBe(first.json<Order>().id);
    const fresh = await post(body, { ...auth, 'idempotency-key': 'blocked-later-0002' });
    expect(fresh.statusCode).toBe(422);
    expect(fresh.json<ErrorBody>().errors?.phone).toEqual(['Numărul de telefon este blocat.']);
    // The refused request left its key free: the same key may be used once the number is free.
    await t.db.delete(blockedPhones).where(eq(blockedPhones.phone, '+40766000222'));
    expect(
      (await post(body, { ...auth, 'idempotency-key': 'blocked-later-0002' })).statusCode,
    ).toBe(201);
  });

  it('lets a protocol company order a ride from its dispatch company, billed as protocol', async () => {
    const order = (await post(validBody(), await t.login(protocolUser))).json<Order>();
    expect(order).toMatchObject({
      created_by_company_id: protocol.id,
      processed_by_company_id: taxi.id,
      payment_type: 'protocol',
      protocol_user: { id: protocol.id, name: 'Protocol SRL' },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: auth }))
        .statusCode,
    ).toBe(200);
    // Both lists show it: the protocol company's (asked for) and the taxi company's (dispatches).
    const protocolList = await t.app.inject({
      method: 'GET',
      url: '/api/orders?per_page=100',
      headers: await t.login(protocolUser),
    });
    expect(protocolList.json<{ data: Order[] }>().data.map((o) => o.id)).toEqual([order.id]);
    const taxiList = await t.app.inject({
      method: 'GET',
      url: '/api/orders?per_page=100',
      headers: auth,
    });
    expect(taxiList.json<{ data: Order[] }>().data.some((o) => o.id === order.id)).toBe(true);
  });

  it('takes the company’s own drivers as custom drivers and refuses anyone else', async () => {
    const own = await buildDriver(t.db, taxi.id);
    const theirs = await buildDriver(t.db, other.id);
    const ok = await post(validBody({ custom_driver_ids: [own.id, own.id] }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json<Order>().custom_driver_ids).toEqual([own.id, own.id]);
    for (const ids of [[theirs.id], [own.id, theirs.id], [dispatcher.id]]) {
      const refused = await post(validBody({ custom_driver_ids: ids }));
      expect(refused.json<ErrorBody>().errors?.custom_driver_ids).toEqual([
        'Șoferii aleși nu au fost găsiți.',
      ]);
    }
  });

  it('marks a ride as protocol only for a protocol client of the company', async () => {
    const ok = await post(validBody({ protocol_company_id: protocol.id }));
    expect(ok.json<Order>().payment_type).toBe('protocol');
    const foreign = await buildCompany(t.db, { type: 'protocol', parent_company_id: other.id });
    expect(
      (await post(validBody({ protocol_company_id: foreign.id }))).json<ErrorBody>().errors
        ?.protocol_company_id,
    ).toEqual(['Compania de protocol nu a fost găsită.']);
  });
});

describe('GET /api/orders/{id} and tenancy', () => {
  it("answers 404 to another company's dispatcher, for reads and writes alike", async () => {
    const order = (await post(validBody())).json<Order>();
    const foreign = await t.login(stranger);
    for (const [method, url, payload] of [
      ['GET', `/api/orders/${order.id}`, undefined],
      ['PATCH', `/api/orders/${order.id}/cancel`, {}],
      ['PATCH', `/api/orders/${order.id}/update-name`, { name: 'X' }],
      ['POST', `/api/orders/${order.id}/duplicate`, undefined],
      ['GET', `/api/order-history/${order.id}`, undefined],
    ] as const) {
      const response = await send(method, url, payload, foreign);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/orders?per_page=100',
      headers: foreign,
    });
    expect(list.json<{ data: Order[] }>().data.some((o) => o.id === order.id)).toBe(false);
  });

  it("answers 404 to every other write of another company's order and leaves it as it was", async () => {
    const foreign = await t.login(stranger);
    const theirDriver = await buildDriver(t.db, other.id);
    type Request = [method: 'PATCH' | 'DELETE', url: string, payload?: object];
    // Each order is in the state its action needs and has the stranger as its dispatcher (the
    // own-order rules would let them), so only the tenancy refuses.
    const cases: [OrderOverrides, (order: Order) => Request][] = [
      [{ state: 'new' }, (o) => ['PATCH', `/api/orders/${o.id}`, { comment: 'X', place: true }]],
      [
        { state: 'created' },
        (o) => ['PATCH', `/api/orders/${o.id}/places/${o.places[0]?.id}`, place('Strada Străină')],
      ],
      [{ state: 'canceled' }, (o) => ['PATCH', `/api/orders/${o.id}/retry`]],
      [{ state: 'created' }, (o) => ['PATCH', `/api/orders/${o.id}/move-to-pending`]],
      [
        { state: 'pending' },
        (o) => ['PATCH', `/api/orders/${o.id}/set-driver-and-finish`, { driverId: theirDriver.id }],
      ],
      [
        { state: 'created', always_in_call: true },
        (o) => ['DELETE', `/api/orders/${o.id}/always-in-call`],
      ],
    ];
    for (const [overrides, request] of cases) {
      const { id } = await buildOrder(t.db, taxi.id, { ...overrides, dispatcher_id: stranger.id });
      const before = await read(id);
      const [method, url, payload] = request(before);
      const response = await send(method, url, payload, foreign);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(await read(id), `${method} ${url}`).toEqual(before);
      expect(await historyTypes(id), `${method} ${url}`).toEqual([]);
    }
  });

  it('refuses drivers and clients (no back office) with 403', async () => {
    const driver = await buildDriver(t.db, taxi.id);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: await t.login(driver),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('PATCH /api/orders/{id}', () => {
  it('edits only comment, client name, notes and payment once the order is placed', async () => {
    const order = (await post(validBody())).json<Order>();
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}`,
      headers: auth,
      payload: { comment: 'Sună la interfon', client_name: 'Ana P.', payment_type: 'protocol' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Order>()).toMatchObject({
      comment: 'Sună la interfon',
      client_name: 'Ana P.',
      payment_type: 'protocol',
    });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}`,
      headers: auth,
      payload: { places: [place('Altă adresă')] },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().message).toContain('nu mai poate fi modificată');
  });

  it('edits a new order whole and places it', async () => {
    const draft = (await post(validBody({ place: false }))).json<Order>();
    const placed = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${draft.id}`,
      headers: auth,
      payload: { places: [place('Palatul Culturii')], phone: '0744999888', place: true },
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.json<Order>()).toMatchObject({
      state: 'created',
      address: 'Palatul Culturii',
      phone: '+40744999888',
    });
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${draft.id}`,
      headers: auth,
      payload: { place: true },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().message).toBe(REFUSALS.place);
  });

  it('refuses placing an order that is not new with its own message, changing nothing', async () => {
    const order = (await post(validBody({ comment: 'Prima' }))).json<Order>();
    const refused = await patch(`/api/orders/${order.id}`, { place: true, comment: 'A doua' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().message).toBe(REFUSALS.place);
    expect(await read(order.id)).toEqual(order);
    expect(await historyTypes(order.id)).toEqual(['created']);
  });

  it('refuses placing a saved draft whose stored phone was blocked since, and keeps it new', async () => {
    const draft = (await post(validBody({ phone: '0745 100 200', place: false }))).json<Order>();
    await t.db
      .insert(blockedPhones)
      .values({ company_id: taxi.id, phone: '+40745100200', reason: 'Farse' });
    const refused = await patch(`/api/orders/${draft.id}`, { place: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorBody>().errors).toEqual({ phone: [BLOCKED_PHONE_MESSAGE] });
    expect((await read(draft.id)).state).toBe('new');
    // With a number that is not blocked it is placed.
    const placed = await patch(`/api/orders/${draft.id}`, { place: true, phone: '0745 100 201' });
    expect(placed.json<Order>()).toMatchObject({ state: 'created', phone: '+40745100201' });
  });

  it('refuses placing a duplicate whose phone was blocked after it was made', async () => {
    const source = (await post(validBody({ phone: '0745 300 400' }))).json<Order>();
    const { id } = (
      await t.app.inject({
        method: 'POST',
        url: `/api/orders/${source.id}/duplicate`,
        headers: auth,
      })
    ).json<{ id: number }>();
    await t.db
      .insert(blockedPhones)
      .values({ company_id: taxi.id, phone: '+40745300400', reason: 'Farse' });
    const refused = await patch(`/api/orders/${id}`, { place: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorBody>().errors).toEqual({ phone: [BLOCKED_PHONE_MESSAGE] });
    expect((await read(id)).state).toBe('new');
  });

  it('answers a patch that asks for nothing with the order as it is: no write, no history', async () => {
    const order = (await post(validBody())).json<Order>();
    const draft = (await post(validBody({ place: false }))).json<Order>();
    // An old updated_at shows any write, even one within the same second as the order's creation.
    await t.db
      .update(orders)
      .set({ updated_at: '2020-01-01 00:00:00' })
      .where(eq(orders.id, order.id));
    await t.db
      .update(orders)
      .set({ updated_at: '2020-01-01 00:00:00' })
      .where(eq(orders.id, draft.id));
    for (const [id, payload] of [
      [order.id, {}],
      [draft.id, {}],
      [draft.id, { place: false }],
    ] as const) {
      const before = await read(id);
      const response = await patch(`/api/orders/${id}`, payload);
      expect(response.statusCode).toBe(200);
      expect(response.json<Order>()).toEqual(before);
      expect(before.updated_at).toBe('2020-01-01 00:00:00');
    }
    expect(await read(order.id)).toMatchObject({ updated_at: '2020-01-01 00:00:00' });
    expect(await historyTypes(order.id)).toEqual(['created']);
    expect(await historyTypes(draft.id)).toEqual(['draft_saved']);
    // Another company still gets 404, not the order.
    expect((await patch(`/api/orders/${order.id}`, {}, await t.login(stranger))).statusCode).toBe(
      404,
    );
  });

  it('checks an edited draft’s references as placing does: unknown option, service, blocked phone', async () => {
    const draft = (await post(validBody({ place: false }))).json<Order>();
    await t.db
      .insert(blockedPhones)
      .values({ company_id: taxi.id, phone: '+40744555666', reason: 'Farse' });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${draft.id}`,
      headers: auth,
      payload: { options: ['teleport'], service_id: 999, phone: '0744 555 666' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorBody>().errors).toEqual({
      options: ['Opțiune necunoscută: teleport'],
      service_id: ['Serviciul nu există.'],
      phone: ['Numărul de telefon este blocat.'],
    });
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${draft.id}`,
      headers: auth,
      payload: { options: ['animal'], service_id: 2 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Order>()).toMatchObject({ options: ['animal'], service_id: 2 });
  });

  it('updates the client name and an address of a placed order, recording both', async () => {
    const order = (await post(validBody())).json<Order>();
    const named = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/update-name`,
      headers: auth,
      payload: { name: 'Maria', about: 'Client fidel' },
    });
    expect(named.json<Order>()).toMatchObject({
      client_name: 'Maria',
      about_client: 'Client fidel',
    });
    const firstPlace = order.places[0];
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/places/${firstPlace?.id}`,
      headers: auth,
      payload: { ...place('Strada Lăpușneanu 5'), bloc: 'B2', scara: 'A', reper: 'lângă farmacie' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Order>()).toMatchObject({ address: 'Strada Lăpușneanu 5' });
    expect(moved.json<Order>().places[0]).toMatchObject({
      bloc: 'B2',
      scara: 'A',
      reper: 'lângă farmacie',
    });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/order-history/${order.id}`,
      headers: auth,
    });
    expect(history.json<OrderHistoryItem[]>().map((h) => h.type)).toEqual([
      'created',
      'name_updated',
      'place_updated',
    ]);
    expect(history.json<OrderHistoryItem[]>()[0]?.initiator).toBe('Elena');
    const otherOrder = (await post(validBody())).json<Order>();
    const wrongPlace = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${otherOrder.id}/places/${firstPlace?.id}`,
      headers: auth,
      payload: place('X'),
    });
    expect(wrongPlace.statusCode).toBe(404);
  });
});

describe('validation errors of the order edits (422, field → messages)', () => {
  it('refuses a place off the map, an over-long client name and an over-long cancel reason', async () => {
    const order = (await post(validBody())).json<Order>();
    const before = await read(order.id);
    for (const [url, payload, field] of [
      [
        `/api/orders/${order.id}/places/${order.places[0]?.id}`,
        place('Strada Lungă', 200, 27.6),
        'lat',
      ],
      [`/api/orders/${order.id}/update-name`, { name: 'A'.repeat(121) }, 'name'],
      [`/api/orders/${order.id}/cancel`, { reason_text: 'r'.repeat(301) }, 'reason_text'],
    ] as const) {
      const response = await patch(url, payload);
      expect(response.statusCode, url).toBe(422);
      const { errors } = response.json<ErrorBody>();
      expect(Object.keys(errors ?? {}), url).toEqual([field]);
      expect(errors?.[field], url).toEqual([expect.any(String)]);
    }
    expect(await read(order.id)).toEqual(before);
    expect(await historyTypes(order.id)).toEqual(['created']);
  });
});
