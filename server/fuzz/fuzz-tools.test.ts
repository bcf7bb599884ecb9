import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  IMPOSSIBLE_DATE_TIMES,
  NASTY_STRINGS,
  RAW_PATH_SEGMENTS,
  RAW_QUERY_STRINGS,
} from './nasty-values';
import { type JsonSchema, type Operation, toDraft7 } from './openapi';
import { createAjv, internalsIn, leakedCanaries } from './oracles';
import { encodeLoose } from './requests';
import { parseRouteTree, shapeOf, undocumentedRoutes } from './route-inventory';
import { suspectsOf } from './runner';
import { arbitraryOf, boundaryNumbers, boundaryStrings } from './schema-arbitrary';

/** The fuzzer's own parts: generators, oracles, route inventory. No database. */

const ajv = createAjv();

/** A body in the shape the document has (POST /api/orders, abridged). */
const ORDER: JsonSchema = {
  type: 'object',
  properties: {
    places: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 300 },
          lat: { type: 'number', minimum: -90, maximum: 90 },
          comment: { nullable: true, type: 'string', maxLength: 500 },
        },
        required: ['name', 'lat'],
        additionalProperties: false,
      },
    },
    phone: { type: 'string', minLength: 1, maxLength: 40 },
    email: { type: 'string', maxLength: 254, format: 'email' },
    service_id: {
      nullable: true,
      type: 'integer',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 9007199254740991,
    },
    departure_time: {
      nullable: true,
      type: 'string',
      pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
    },
    payment_type: { default: 'cash', type: 'string', enum: ['cash', 'card'] },
    options: { default: [], maxItems: 30, type: 'array', items: { type: 'string', maxLength: 50 } },
    place: { type: 'boolean' },
    package_id: {
      anyOf: [
        { type: 'number', enum: [0] },
        { type: 'number', enum: [1] },
      ],
    },
    tags: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['places', 'phone'],
  additionalProperties: false,
};

describe('JSON Schema → fast-check', () => {
  it('valid mode draws only values the schema accepts', () => {
    const validate = ajv.compile(toDraft7(ORDER));
    fc.assert(
      fc.property(arbitraryOf(ORDER, 'valid'), (value) => {
        expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
      }),
      { numRuns: 300, seed: 15 },
    );
  });

  it('invalid mode mostly draws values the schema refuses', () => {
    const validate = ajv.compile(toDraft7(ORDER));
    const values = fc.sample(arbitraryOf(ORDER, 'invalid'), { numRuns: 300, seed: 15 });
    const refused = values.filter((value) => !validate(value)).length;
    expect(refused / values.length).toBeGreaterThan(0.6);
  });

  it('invalid objects carry prototype-named keys as real own keys', () => {
    const values = fc.sample(arbitraryOf(ORDER, 'invalid'), { numRuns: 2000, seed: 15 });
    const bodies = values.map((value) => JSON.stringify(value));
    expect(bodies.some((body) => body.includes('"__proto__":'))).toBe(true);
    expect(bodies.some((body) => body.includes('"constructor":'))).toBe(true);
  });

  it('boundary values sit on and just past the limits', () => {
    const text = boundaryStrings({ type: 'string', minLength: 1, maxLength: 5 });
    expect(text).toEqual(expect.arrayContaining(['', 'a', 'aaaaa', 'aaaaaa']));
    const date = boundaryStrings(ORDER.properties?.departure_time ?? {});
    expect(date).toEqual(expect.arrayContaining(['2026-02-30 10:00:00', '0000-00-00 00:00:00']));
    const ids = boundaryNumbers({ type: 'integer', minimum: 0, exclusiveMinimum: true }, true);
    expect(ids).toEqual(expect.arrayContaining([0, -1, 1, 2_147_483_647, 2_147_483_648]));
  });

  it('hinted ids come up often in valid mode', () => {
    const hints = { ids: () => [4242], strings: () => [] };
    const ids = fc.sample(arbitraryOf({ type: 'integer', minimum: 1 }, 'valid', 'id', hints), {
      numRuns: 200,
      seed: 15,
    });
    expect(ids.filter((id) => id === 4242).length).toBeGreaterThan(60);
  });
});

describe('request text', () => {
  it('percent-encodes like encodeURIComponent, and lone surrogates as WTF-8 instead of throwing', () => {
    expect(encodeLoose('a b/ă😀')).toBe(encodeURIComponent('a b/ă😀'));
    expect(encodeLoose('\ud800')).toBe('%ED%A0%80');
  });

  it('names the usual suspects of a failure', () => {
    expect(suspectsOf({ url: '/api/orders/2147483648', payload: undefined })).toContain(
      'integer beyond int4',
    );
    expect(suspectsOf({ url: '/api/orders/2147483647', payload: undefined })).toEqual([]);
    expect(
      suspectsOf({ url: '/x', payload: '{"departure_time":"2026-02-30 10:00:00"}' }),
    ).toContain('impossible date or time');
    expect(
      suspectsOf({ url: '/x', payload: JSON.stringify({ a: '\u0000', b: '\ud800' }) }),
    ).toEqual(expect.arrayContaining(['NUL', 'lone surrogate']));
    expect(suspectsOf({ url: '/x', payload: '{"constructor":1}' })).toContain(
      'prototype-named key',
    );
  });
});

describe('oracles', () => {
  it('our own nasty values never look like leaked internals', () => {
    for (const value of [
      ...NASTY_STRINGS,
      ...IMPOSSIBLE_DATE_TIMES,
      ...RAW_PATH_SEGMENTS,
      ...RAW_QUERY_STRINGS,
    ]) {
      expect(internalsIn(JSON.stringify({ comment: value })), value).toBeNull();
    }
  });

  it('spots stack traces, SQL and driver messages', () => {
    expect(internalsIn('Error\n    at handler (/app/server/x.ts:12:5)')).not.toBeNull();
    expect(internalsIn('select id from orders where id = $1')).not.toBeNull();
    expect(internalsIn('insert into "orders" ("id") values')).not.toBeNull();
    expect(internalsIn('value "2147483648" is out of range for type integer')).not.toBeNull();
    expect(internalsIn('list.includes is not a function')).not.toBeNull();
    expect(internalsIn('{"message":"Datele trimise nu sunt valide."}')).toBeNull();
    expect(internalsIn('{"database":"pglite"}', new Set(['pglite']))).toBeNull();
    expect(internalsIn('{"token":"zl7BU6XSzzllaJVCFsFcxTdlGolkzqVaHtipLtvs-f4"}')).toBeNull();
    expect(internalsIn('{"code":"FST_ERR_BAD_URL"}')).toMatch(/^framework error/);
    expect(internalsIn('{"errors":{"a":["Invalid input: expected number"]}}')).toMatch(/^library/);
  });

  it("reports another company's canaries, not one's own or those the request carried", () => {
    const canaries = { byCompany: { A: ['canaryaxyz', '721800001'], B: ['canarybxyz'] } };
    expect(leakedCanaries(canaries, 'A', '{"name":"Client CANARYBXYZ"}', '/api/orders')).toEqual([
      'B:canarybxyz',
    ]);
    expect(leakedCanaries(canaries, 'A', '{"name":"CANARYAXYZ"}', '')).toEqual([]);
    expect(leakedCanaries(canaries, null, '{"phone":"+40721800001"}', '')).toEqual(['A:721800001']);
    expect(
      leakedCanaries(canaries, 'B', '{"phone":"+40721800001"}', '/search?q=0721800001'),
    ).toEqual([]);
  });
});

describe('route inventory', () => {
  it('reads the route tree Fastify prints', () => {
    const tree = [
      '├── /api/orders (GET, HEAD, POST)',
      '│   ├── -for-report (GET, HEAD)',
      '│   └── /:id (GET, HEAD, PATCH)',
      '│       └── /cancel (PATCH)',
      '└── /user-addresses/addresses/:phoneOrUserId|:id (GET, HEAD, DELETE)',
    ].join('\n');
    const routes = parseRouteTree(tree).map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual([
      'GET /api/orders',
      'HEAD /api/orders',
      'POST /api/orders',
      'GET /api/orders-for-report',
      'HEAD /api/orders-for-report',
      'GET /api/orders/:id',
      'HEAD /api/orders/:id',
      'PATCH /api/orders/:id',
      'PATCH /api/orders/:id/cancel',
      'GET /user-addresses/addresses/:phoneOrUserId|:id',
      'HEAD /user-addresses/addresses/:phoneOrUserId|:id',
      'DELETE /user-addresses/addresses/:phoneOrUserId|:id',
    ]);
    expect(shapeOf('/user-addresses/addresses/:phoneOrUserId|:id')).toBe(
      shapeOf('/user-addresses/addresses/{id}'),
    );
    expect(() => parseRouteTree('nonsense')).toThrow(/unexpected printRoutes line/);
  });

  it('lists registered routes the document lacks, except HEAD twins, hidden and static routes', () => {
    const operation = (method: string, path: string): Operation => ({
      id: `${method} ${path}`,
      method,
      path,
      parameters: [],
      body: null,
      responses: {},
    });
    const registered = parseRouteTree(
      [
        '├── /api/docs (GET, HEAD)',
        '├── /api/orders/:id (GET, HEAD, PATCH)',
        '├── /api/secret (POST)',
        '└── /* (GET, HEAD)',
      ].join('\n'),
    );
    expect(undocumentedRoutes(registered, [operation('GET', '/api/orders/{orderId}')])).toEqual([
      'PATCH /api/orders/{}',
      'POST /api/secret',
    ]);
  });
});
