import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlaceDetails, Prediction } from '@common/places/places.schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildCompany, buildUser } from '../../db/factories';
import { createTestApp } from '../../test/harness';
import { searchTextOf } from './osm-import';
import { upsertGazetteer } from './places.repo';

/**
 * The external geocoders against local fake servers (127.0.0.1, port 0)
 * speaking each provider's documented format. Never the real internet.
 */
type Mode = 'ok' | 'slow' | 'error';

interface Fake {
  url: string;
  mode: Mode;
  requests: { url: URL; method: string; headers: IncomingMessage['headers']; body: string }[];
  close(): Promise<void>;
}

async function fakeServer(
  answer: (request: Fake['requests'][number], response: ServerResponse) => void,
): Promise<Fake> {
  const fake: Fake = { url: '', mode: 'ok', requests: [], close: async () => {} };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const entry = {
        url: new URL(request.url ?? '/', 'http://127.0.0.1'),
        method: request.method ?? 'GET',
        headers: request.headers,
        body,
      };
      fake.requests.push(entry);
      if (fake.mode === 'error') {
        response.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
      } else if (fake.mode === 'slow') {
        setTimeout(() => answer(entry, response), 2_000).unref();
      } else {
        answer(entry, response);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

const json = (response: ServerResponse, status: number, value: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));

/** Nominatim /search and /lookup (format=jsonv2): lat/lon are strings in its answers. */
const NOMINATIM_PLACE = {
  place_id: 123456,
  osm_type: 'way',
  osm_id: 4242,
  lat: '47.1571',
  lon: '27.5870',
  category: 'tourism',
  type: 'museum',
  name: 'Palatul Culturii',
  display_name:
    'Palatul Culturii, 1, Piața Ștefan cel Mare și Sfânt, Centru, Iași, 700028, România',
};
const STREET_TWIN = {
  ...NOMINATIM_PLACE,
  osm_id: 777,
  name: 'Strada Păcurari',
  display_name: 'Strada Păcurari, Iași, România',
};

let nominatim: Fake;
let google: Fake;

beforeAll(async () => {
  nominatim = await fakeServer((request, response) => {
    if (request.url.pathname === '/search')
      return json(response, 200, [NOMINATIM_PLACE, STREET_TWIN]);
    if (request.url.pathname === '/lookup') {
      return json(
        response,
        200,
        request.url.searchParams.get('osm_ids') === 'W4242' ? [NOMINATIM_PLACE] : [],
      );
    }
    json(response, 404, { error: 'not found' });
  });
  google = await fakeServer((request, response) => {
    if (request.headers['x-goog-api-key'] !== 'test-key') {
      return json(response, 403, { error: { code: 403, status: 'PERMISSION_DENIED' } });
    }
    if (request.method === 'POST' && request.url.pathname === '/v1/places:autocomplete') {
      return json(response, 200, {
        suggestions: [
          {
            placePrediction: {
              place: 'places/ChIJ-palat',
              placeId: 'ChIJ-palat',
              text: { text: 'Palatul Culturii, Iași, România', matches: [{ endOffset: 7 }] },
              structuredFormat: {
                mainText: { text: 'Palatul Culturii', matches: [{ endOffset: 7 }] },
                secondaryText: { text: 'Iași, România' },
              },
              types: ['museum'],
            },
          },
          { queryPrediction: { text: { text: 'palat' } } },
        ],
      });
    }
    if (request.method === 'GET' && request.url.pathname === '/v1/places/ChIJ-palat') {
      return json(response, 200, {
        id: 'ChIJ-palat',
        displayName: { text: 'Palatul Culturii', languageCode: 'ro' },
        formattedAddress: 'Piața Ștefan cel Mare și Sfânt 1, Iași 700028, România',
        location: { latitude: 47.1572, longitude: 27.587 },
      });
    }
    json(response, 404, { error: { code: 404, status: 'NOT_FOUND' } });
  });
});
afterAll(async () => {
  await nominatim.close();
  await google.close();
});
beforeEach(() => {
  nominatim.mode = 'ok';
  google.mode = 'ok';
  nominatim.requests.length = 0;
  google.requests.length = 0;
});

async function appWith(env: Record<string, string>) {
  const t = await createTestApp({ GEOCODER_TIMEOUT_MS: '300', ...env });
  const company = await buildCompany(t.db, { lat: 47.1585, lng: 27.6014 });
  const user = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [company.id] });
  const base = {
    osm_type: 'w',
    osm_id: 1,
    kind: 'street' as const,
    name: 'Strada Păcurari',
    street: null,
    housenumber: null,
    city: 'Iași',
    county: 'Iași',
    lat: 47.17,
    lng: 27.55,
  };
  await upsertGazetteer(t.db, [{ ...base, search_text: searchTextOf(base) }]);
  const headers = await t.login(user);
  const search = async (input: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/geo/places-search-new',
      headers,
      payload: { input, sessionToken: 'session-1' },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ predictions: Prediction[] }>().predictions;
  };
  const details = (id: string) =>
    t.app.inject({
      method: 'GET',
      url: `/geo/place-details-new/${encodeURIComponent(id)}`,
      headers,
    });
  return { t, search, details };
}

describe('GEOCODER=nominatim', () => {
  let app: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    app = await appWith({ GEOCODER: 'nominatim', GEOCODER_URL: nominatim.url });
  });
  afterAll(() => app.t.close());

  it('adds its predictions after the local ones, without duplicates', async () => {
    const predictions = await app.search('pacurari');
    expect(predictions.map((p) => [p.place_id.replace(/\d+$/, ''), p.description])).toEqual([
      ['osm:w', 'Strada Păcurari, Iași'],
      ['ext:nominatim:W', 'Palatul Culturii, Piața Ștefan cel Mare și Sfânt'],
    ]);
    const query = nominatim.requests[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toMatchObject({
      format: 'jsonv2',
      q: 'pacurari',
      countrycodes: 'ro',
      bounded: '1',
      'accept-language': 'ro',
    });
    // viewbox = left,top,right,bottom around the company, 50 km each way.
    const [left, top, right, bottom] = (query?.get('viewbox') ?? '').split(',').map(Number);
    expect(left).toBeLessThan(27.6014);
    expect(right).toBeGreaterThan(27.6014);
    expect(top).toBeCloseTo(47.1585 + 50_000 / 111_320, 3);
    expect(bottom).toBeCloseTo(47.1585 - 50_000 / 111_320, 3);
    expect(nominatim.requests[0]?.headers['user-agent']).toMatch(/OGO-Dispatch/);
  });

  it('resolves ext: ids through /lookup', async () => {
    const response = await app.details('ext:nominatim:W4242');
    expect(response.json<PlaceDetails>()).toEqual({
      place_id: 'ext:nominatim:W4242',
      name: 'Palatul Culturii, Piața Ștefan cel Mare și Sfânt',
      lat: 47.1571,
      lng: 27.587,
      is_internal: false,
      comment: null,
      bloc: null,
      scara: null,
      reper: null,
    });
    expect(nominatim.requests[0]?.url.searchParams.get('osm_ids')).toBe('W4242');
    expect((await app.details('ext:nominatim:W1')).statusCode).toBe(404);
    expect((await app.details('ext:google:W4242')).statusCode).toBe(404);
  });

  it('answers the local places when the provider fails or is slower than the timeout', async () => {
    nominatim.mode = 'error';
    expect((await app.search('pacurari')).map((p) => p.description)).toEqual([
      'Strada Păcurari, Iași',
    ]);
    nominatim.mode = 'slow';
    const started = Date.now();
    expect((await app.search('pacurari')).map((p) => p.description)).toEqual([
      'Strada Păcurari, Iași',
    ]);
    expect(Date.now() - started).toBeLessThan(1_500);
    const details = await app.details('ext:nominatim:W4242');
    expect(details.statusCode).toBe(503);
  });
});

describe('GEOCODER=google (Places API New)', () => {
  let app: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    app = await appWith({
      GEOCODER: 'google',
      GOOGLE_PLACES_API_KEY: 'test-key',
      GEOCODER_URL: google.url,
    });
  });
  afterAll(() => app.t.close());

  it('posts places:autocomplete with the key, region, language and circle', async () => {
    const predictions = await app.search('palat');
    expect(predictions).toEqual([
      {
        place_id: 'ext:google:ChIJ-palat',
        description: 'Palatul Culturii, Iași, România',
        terms: [
          { offset: 0, value: 'Palatul Culturii' },
          { offset: 18, value: 'Iași, România' },
        ],
      },
    ]);
    const request = google.requests[0];
    expect(request?.method).toBe('POST');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      input: 'palat',
      languageCode: 'ro',
      includedRegionCodes: ['ro'],
      locationRestriction: {
        circle: { center: { latitude: 47.1585, longitude: 27.6014 }, radius: 50_000 },
      },
      sessionToken: 'session-1',
    });
  });

  it('reads details from places/{id} with a field mask', async () => {
    const response = await app.details('ext:google:ChIJ-palat');
    expect(response.json<PlaceDetails>()).toMatchObject({
      place_id: 'ext:google:ChIJ-palat',
      name: 'Piața Ștefan cel Mare și Sfânt 1, Iași 700028, România',
      lat: 47.1572,
      lng: 27.587,
      is_internal: false,
    });
    expect(google.requests[0]?.headers['x-goog-fieldmask']).toBe(
      'id,displayName,formattedAddress,location',
    );
  });

  it('drops a timed-out provider and keeps the local answer', async () => {
    google.mode = 'slow';
    expect((await app.search('pacurari')).map((p) => p.description)).toEqual([
      'Strada Păcurari, Iași',
    ]);
  });
});

describe('configuration', () => {
  it('refuses a geocoder without its settings, and defaults to none', () => {
    expect(() => loadConfig({ GEOCODER: 'nominatim' })).toThrow(/GEOCODER_URL/);
    expect(() => loadConfig({ GEOCODER: 'google' })).toThrow(/GOOGLE_PLACES_API_KEY/);
    expect(loadConfig({}).GEOCODER).toBe('none');
  });
});
