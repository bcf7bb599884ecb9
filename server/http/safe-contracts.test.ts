import type { ErrorBody } from '@common/http/errors';
import type { Order } from '@common/orders/orders.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../db/factories';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * Requests an independent probe found answering 500. Each now gets a clear error in
 * the usual shape (field → messages, Romanian) or a 404, and the route keeps working after.
 */
let t: TestApp;
let headers: { authorization: string };
let order: Order;
const TOO_BIG = '2147483648';

beforeAll(async () => {
  t = await createTestApp();
  const company = await buildCompany(t.db);
  const user = await buildUser(t.db, { companyIds: [company.id] });
  headers = { authorization: (await t.login(user)).authorization };
  order = await t.postOrder(headers);
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const newOrder = (fields: Record<string, unknown>) => ({
  phone: '0744 555 666',
  client_name: 'Ana',
  places: [{ name: 'Strada Lungă 1', lat: 47.16, long: 27.58 }],
  ...fields,
});

const fieldErrors = (body: string) => (JSON.parse(body) as ErrorBody).errors ?? {};

describe('defect 1: an impossible date is a 422 on its field', () => {
  const dates = ['2026-02-30 10:00:00', '2026-13-45 25:61:61', '0000-00-00 00:00:00'];

  it.each(dates)('POST /api/orders departure_time %s', async (date) => {
    const response = await send('POST', '/api/orders', newOrder({ departure_time: date }));
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response.body).departure_time).toEqual(['Data nu este validă.']);
  });

  it.each(dates)('PATCH /api/orders/{id} departure_time %s', async (date) => {
    const draft = await t.postOrder(headers, { place: false });
    const response = await send('PATCH', `/api/orders/${draft.id}`, { departure_time: date });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response.body).departure_time).toEqual(['Data nu este validă.']);
  });

  it('a real date still places the order', async () => {
    const response = await send(
      'POST',
      '/api/orders',
      newOrder({ departure_time: '2028-02-29 23:59:59' }),
    );
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['date_from', '2026-02-30'],
    ['date_to', '2026-00-10'],
    ['time_from', '25:00'],
    ['time_to', '10:61'],
  ])('GET /api/orders?%s=%s', async (field, value) => {
    const response = await send('GET', `/api/orders?${field}=${value}`);
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response.body)[field]?.[0]).toMatch(/nu este validă/);
  });
});

describe('defect 2: an id beyond the int4 columns', () => {
  it.each([
    ['GET', `/api/orders/${TOO_BIG}`],
    ['GET', `/api/order-history/${TOO_BIG}`],
    ['GET', `/api/users/${TOO_BIG}`],
    ['GET', `/api/users/${TOO_BIG}/meta`],
    ['GET', `/api/content/${TOO_BIG}`],
    ['GET', `/api/dispatcher-orders/${TOO_BIG}/address-history`],
    ['PATCH', `/api/orders/${TOO_BIG}/retry`],
    ['PATCH', `/api/orders/${TOO_BIG}/cancel`],
    ['POST', `/api/orders/${TOO_BIG}/duplicate`],
    ['PATCH', `/api/orders/${TOO_BIG}/set-driver-and-finish`],
    ['DELETE', `/api/blocked-phone/${TOO_BIG}`],
    ['DELETE', `/user-addresses/addresses/${TOO_BIG}`],
    ['GET', '/api/orders/0'],
    ['GET', '/api/orders/-1'],
  ] as const)('%s %s in a path is not found', async (method, url) => {
    const body = url.endsWith('set-driver-and-finish') ? { driverId: 1 } : {};
    const response = await send(method, url, method === 'GET' ? undefined : body);
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>()).toMatchObject({
      code: 'not_found',
      message: 'Resursa nu a fost găsită.',
    });
  });

  it('letters for a path id stay a 422 on the id', async () => {
    const response = await send('GET', '/api/orders/abc');
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response.body).id).toHaveLength(1);
  });

  it.each(['driver_id', 'client_id', 'dispatcher_id', 'company_id'])(
    '?%s in a query string is a 422 on it',
    async (field) => {
      const response = await send('GET', `/api/orders?${field}=${TOO_BIG}`);
      expect(response.statusCode).toBe(422);
      expect(fieldErrors(response.body)[field]).toEqual(['Valoarea maximă este 2147483647.']);
    },
  );

  it.each([
    ['service_id', { service_id: 2147483648 }],
    ['protocol_company_id', { protocol_company_id: 2147483648, payment_type: 'protocol' }],
    ['custom_driver_ids.0', { custom_driver_ids: [2147483648] }],
  ])('a body id %s is a 422 on it', async (field, fields) => {
    const response = await send('POST', '/api/orders', newOrder(fields));
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response.body)[field]).toBeDefined();
  });

  it('driverId of set-driver-and-finish is a 422 on it', async () => {
    const response = await send('PATCH', `/api/orders/${order.id}/set-driver-and-finish`, {
      driverId: 2147483648,
    });
    expect(response.statusCode).toBe(422);
    expect(fieldErrors(response.body).driverId).toEqual(['Please select driver']);
  });
});

describe('defects 3 and 4: control characters and broken Unicode in text', () => {
  const NUL = 'a\u0000b';
  const LONE = '\ud800';
  const bodies: [string, 'POST' | 'PATCH', () => string, (bad: string) => unknown, string][] = [
    ['comment', 'POST', () => '/api/orders', (bad) => newOrder({ comment: bad }), 'comment'],
    [
      'client_name',
      'POST',
      () => '/api/orders',
      (bad) => newOrder({ client_name: bad }),
      'client_name',
    ],
    [
      'a place name',
      'POST',
      () => '/api/orders',
      (bad) => newOrder({ places: [{ name: bad, lat: 47.16, long: 27.58 }] }),
      'places.0.name',
    ],
    [
      'the blocked-phone reason',
      'POST',
      () => '/api/blocked-phone',
      (bad) => ({ phone: '0744 111 222', reason: bad }),
      'reason',
    ],
    [
      'update-name',
      'PATCH',
      () => `/api/orders/${order.id}/update-name`,
      (bad) => ({ name: bad }),
      'name',
    ],
    [
      'the cancel reason',
      'PATCH',
      () => `/api/orders/${order.id}/cancel`,
      (bad) => ({ reason_text: bad }),
      'reason_text',
    ],
    ...(['bloc', 'reper', 'place_id'] as const).map(
      (field) =>
        [
          `add-place ${field}`,
          'POST',
          () => '/geo/add-place',
          (bad: string) => ({ name: 'Gara', lat: 47.16, lng: 27.58, [field]: bad }),
          field,
        ] as (typeof bodies)[number],
    ),
  ];

  for (const [bad, label] of [
    [NUL, 'NUL'],
    [LONE, 'a lone surrogate'],
  ] as const) {
    it.each(bodies)(`${label} in %s is a 422 on its field`, async (_, method, url, body, field) => {
      const response = await send(method, url(), body(bad));
      expect(response.statusCode).toBe(422);
      expect(fieldErrors(response.body)[field]).toEqual(['Textul conține caractere nepermise.']);
    });
  }

  it.each([
    '/api/users?search=a%00b',
    '/api/dispatcher-orders/live?search=a%00b',
    '/api/blocked-phone?search=a%00b',
    '/geo/places-search?input=a%00b',
  ])('GET %s is a 422 on the parameter', async (url) => {
    const response = await send('GET', url);
    expect(response.statusCode).toBe(422);
    expect(Object.values(fieldErrors(response.body)).flat()).toContain(
      'Textul conține caractere nepermise.',
    );
  });

  it('an emoji, a tab and line breaks are ordinary text', async () => {
    const response = await send(
      'POST',
      '/api/orders',
      newOrder({ comment: 'Bagaj 🧳\tmare\r\nSus' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json<Order>().comment).toBe('Bagaj 🧳\tmare\r\nSus');
  });
});

describe('defect 5: a body key named like an Object member', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__'])(
    'PATCH /api/user-activity with %s is an unknown field',
    async (key) => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/user-activity',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: `{"isOnline":false,"${key}":1}`,
      });
      expect([400, 422]).toContain(response.statusCode);
      if (key !== '__proto__') {
        expect(response.statusCode).toBe(422);
        expect(fieldErrors(response.body)[key]).toEqual(['Câmp necunoscut.']);
      }
      expect(response.body).not.toMatch(/is not a function/);
    },
  );

  it.each(['constructor', 'toString'])(
    'the unauthenticated login with %s is an unknown field',
    async (key) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/access-tokens',
        headers: { 'content-type': 'application/json' },
        payload: `{"email":"a@b.ro","password":"x","${key}":1}`,
      });
      expect(response.statusCode).toBe(422);
      expect(fieldErrors(response.body)[key]).toEqual(['Câmp necunoscut.']);
    },
  );
});

describe('defect 6: routing errors answer in our shape, with our headers', () => {
  it.each([
    ['/api/orders/%', 400, 'bad_request'],
    ['/api/orders/%zz/cancel', 400, 'bad_request'],
    [`/api/orders/${'1'.repeat(101)}`, 404, 'not_found'],
  ] as const)('GET %s', async (url, status, code) => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, 'x-request-id': 'req-routing-1' },
    });
    expect(response.statusCode).toBe(status);
    expect(response.json<ErrorBody>()).toEqual({
      message: status === 404 ? 'Resursa nu a fost găsită.' : 'Cerere invalidă.',
      code,
      request_id: 'req-routing-1',
    });
    expect(response.body).not.toContain('FST_ERR');
    expect(response.body).not.toContain('/api/orders');
    expect(response.headers['x-request-id']).toBe('req-routing-1');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('defect 8: messages are Romanian and agree in gender', () => {
  it('a missing list and a page size of 0', async () => {
    const missing = await send('POST', '/api/orders', { phone: '0744 555 666', client_name: 'A' });
    expect(fieldErrors(missing.body).places).toEqual(['Câmpul este obligatoriu.']);
    const size = await send('GET', '/api/orders?per_page=0');
    expect(fieldErrors(size.body).per_page).toEqual(['Valoarea minimă este 1.']);
    const type = await send('PATCH', '/api/user-activity', { isOnline: 'da' });
    expect(fieldErrors(type.body).isOnline).toEqual(['Trebuie să fie adevărat sau fals.']);
  });

  it('no English reaches a validation message', async () => {
    const response = await send('POST', '/api/orders', {
      places: 'x',
      phone: 7,
      client_name: 'A'.repeat(200),
      options: [1],
      payment_type: 'gold',
      always_in_call: 'no',
    });
    const messages = Object.values(fieldErrors(response.body)).flat();
    expect(messages.length).toBeGreaterThan(4);
    for (const message of messages) expect(message).not.toMatch(/expected|received|Invalid|Too/);
  });

  it('a user and a client are "găsit", an order "găsită"', async () => {
    const user = await send('GET', '/api/users/999999');
    expect(user.json<ErrorBody>().message).toBe('Utilizatorul nu a fost găsit.');
    const client = await send('GET', '/api/dispatcher-orders/999999/address-history');
    expect(client.json<ErrorBody>().message).toBe('Clientul nu a fost găsit.');
    const missing = await send('GET', '/api/orders/999999');
    expect(missing.json<ErrorBody>().message).toBe('Comanda nu a fost găsită.');
  });
});

describe('the OpenAPI document lists every status a route answers', () => {
  type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  const statuses = async (path: string, method: string) => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<Doc>();
    return Object.keys(doc.paths[path]?.[method]?.responses ?? {}).map(Number);
  };

  it('derives them from the guard, the inputs and the rules', async () => {
    expect(await statuses('/api/orders', 'post')).toEqual([
      201, 400, 401, 403, 409, 413, 415, 422, 503,
    ]);
    expect(await statuses('/api/orders/{id}', 'get')).toEqual([200, 400, 401, 403, 404, 422, 503]);
    expect(await statuses('/api/access-tokens', 'post')).toEqual([
      201, 400, 401, 413, 415, 422, 429, 503,
    ]);
    expect(await statuses('/api/health', 'get')).toEqual([200, 400, 503]);
  });
});
