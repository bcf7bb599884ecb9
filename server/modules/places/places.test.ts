import type { ErrorBody } from '@common/http/errors';
import type { PlaceDetails, Prediction } from '@common/places/places.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { companies, internalPlaces } from '../../db/schema';
import type { AuthContext } from '../../http/auth-context';
import { createTestApp, type TestApp } from '../../test/harness';
import { searchInternal, upsertGazetteer } from './places.repo';
import { createPlacesService, holdsHouseNumber, splitHouseNumber } from './places.service';
import { gazetteerRow as row } from './test-rows';

/**
 * The address service on a small hand-made gazetteer around Iași (the demo one has its own
 * test in demo-gazetteer.test.ts): accents, ranking, radius, internal places, tenancy.
 */
let t: TestApp;
let a: { id: number };
let b: { id: number };
let dispatcherA: { email: string };
let dispatcherB: { email: string };
let companyUser: { email: string };
let admin: { email: string };
let driver: { email: string };
const CANARY = 'CANARY-B-91c2';

beforeAll(async () => {
  t = await createTestApp();
  a = await buildCompany(t.db, { name: 'Taxi A', lat: 47.1585, lng: 27.6014 });
  b = await buildCompany(t.db, { name: 'Taxi B', lat: 47.1585, lng: 27.6014 });
  dispatcherA = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [a.id] });
  dispatcherB = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [b.id] });
  companyUser = await buildUser(t.db, { roles: ['company'], companyIds: [a.id] });
  admin = await buildUser(t.db, { roles: ['admin'], companyIds: [a.id] });
  driver = await buildDriver(t.db, a.id);
  await upsertGazetteer(t.db, [
    row('street', 'Bulevardul Ștefan cel Mare și Sfânt', 47.161, 27.584),
    row('house', 'Bulevardul Ștefan cel Mare și Sfânt 12', 47.1612, 27.5842, {
      street: 'Bulevardul Ștefan cel Mare și Sfânt',
      housenumber: '12',
    }),
    row('house', 'Bulevardul Ștefan cel Mare și Sfânt 14', 47.1614, 27.5844, {
      street: 'Bulevardul Ștefan cel Mare și Sfânt',
      housenumber: '14',
    }),
    // The same name near and far: distance breaks the tie.
    row('street', 'Strada Gării', 47.165, 27.57),
    row('street', 'Strada Gării', 47.046, 27.569, { city: 'Ciurea' }),
    row('street', 'Strada Garabet Ibrăileanu', 47.1745, 27.574),
    row('street', 'Strada Păcurari', 47.17, 27.55),
    row('locality', 'Tomești', 47.121, 27.701),
    // Pașcani is ~67 km away: outside the 50 km radius.
    row('locality', 'Pașcani', 47.247, 26.723),
    row('place', 'Palatul Culturii', 47.1572, 27.5869),
  ]);
});
afterAll(() => t.close());

const post = async (user: { email: string }, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/geo/places-search-new',
    headers: await t.login(user),
    payload,
  });
const search = async (user: { email: string }, input: string, extra: object = {}) => {
  const response = await post(user, { input, ...extra });
  expect(response.statusCode).toBe(200);
  return response.json<{ predictions: Prediction[] }>().predictions;
};
const addPlace = async (user: { email: string }, payload: object) =>
  t.app.inject({ method: 'POST', url: '/geo/add-place', headers: await t.login(user), payload });

describe('POST /geo/places-search-new', () => {
  it("finds 'Ștefan cel Mare' from 'stefan cel mare', without accents, the street first", async () => {
    const predictions = await search(dispatcherA, 'stefan cel mare');
    expect(predictions[0]).toMatchObject({
      place_id: expect.stringMatching(/^osm:w\d+$/),
      description: 'Bulevardul Ștefan cel Mare și Sfânt, Iași',
      terms: [
        { offset: 0, value: 'Bulevardul Ștefan cel Mare și Sfânt' },
        { offset: 37, value: 'Iași' },
      ],
    });
    expect(predictions[0]?.is_internal).toBeUndefined();
    // Without a number, houses do not bury the street.
    expect(predictions.some((p) => /\d/.test(p.description))).toBe(false);
  });

  it('finds the house of a numbered query, then its street', async () => {
    const predictions = await search(dispatcherA, 'stefan cel mare 12');
    expect(predictions.map((p) => p.description).slice(0, 2)).toEqual([
      'Bulevardul Ștefan cel Mare și Sfânt 12, Iași',
      'Bulevardul Ștefan cel Mare și Sfânt, Iași',
    ]);
    // A number the gazetteer lacks still finds the street.
    const missing = await search(dispatcherA, 'Ștefan cel Mare nr. 99');
    expect(missing[0]?.description).toBe('Bulevardul Ștefan cel Mare și Sfânt, Iași');
  });

  it('finds a partly typed name (autocomplete) and ranks the nearer of equal names first', async () => {
    expect((await search(dispatcherA, 'pacur'))[0]?.description).toBe('Strada Păcurari, Iași');
    const gara = await search(dispatcherA, 'strada garii');
    expect(gara.map((p) => p.description).slice(0, 2)).toEqual([
      'Strada Gării, Iași',
      'Strada Gării, Ciurea',
    ]);
  });

  it('forgives a typo through trigram similarity when no row holds every word', async () => {
    expect((await search(dispatcherA, 'stefan cel mrae'))[0]?.description).toBe(
      'Bulevardul Ștefan cel Mare și Sfânt, Iași',
    );
    expect((await search(dispatcherA, 'pacurarri'))[0]?.description).toBe('Strada Păcurari, Iași');
  });

  it('keeps to the 50 km radius unless the request draws its own circle', async () => {
    expect(await search(dispatcherA, 'pascani')).toEqual([]);
    const wide = await search(dispatcherA, 'pascani', {
      locationRestriction: {
        circle: { center: { latitude: 47.1585, longitude: 27.6014 }, radius: 100_000 },
      },
    });
    expect(wide.map((p) => p.description)).toEqual(['Pașcani, Iași']);
  });

  it('answers nothing under 3 characters with the validation shape', async () => {
    const response = await post(dispatcherA, { input: 'st' });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual({ input: ['Cel puțin 3 caractere.'] });
    const unknown = await post(dispatcherA, { input: 'stefan', foo: 1 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<ErrorBody>().errors).toEqual({ foo: ['Câmp necunoscut.'] });
  });

  it('is for the back office: anonymous 401, a driver 403, a company user 200', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/geo/places-search-new',
      payload: { input: 'stefan' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await post(driver, { input: 'stefan' })).statusCode).toBe(403);
    expect((await post(companyUser, { input: 'stefan' })).statusCode).toBe(200);
  });
});

describe('internal places (add-place, delete-place)', () => {
  let placeA: PlaceDetails;
  let placeB: PlaceDetails;

  beforeAll(async () => {
    const responseA = await addPlace(dispatcherA, {
      place_id: 'osm:w1',
      name: 'Bloc Ștefan cel Mare, scara intrare spate',
      lat: 47.1611,
      lng: 27.5841,
      bloc: 'B2',
      scara: '3',
      reper: 'lângă farmacie',
      comment: 'interfon 12',
    });
    expect(responseA.statusCode).toBe(201);
    placeA = responseA.json<PlaceDetails>();
    const responseB = await addPlace(dispatcherB, {
      name: `Ștefan cel Mare ${CANARY}`,
      lat: 47.16,
      lng: 27.58,
    });
    placeB = responseB.json<PlaceDetails>();
  });

  it('answers the saved place with its fields', () => {
    expect(placeA).toEqual({
      place_id: expect.stringMatching(/^internal:\d+$/),
      name: 'Bloc Ștefan cel Mare, scara intrare spate',
      lat: 47.1611,
      lng: 27.5841,
      is_internal: true,
      comment: 'interfon 12',
      bloc: 'B2',
      scara: '3',
      reper: 'lângă farmacie',
    });
  });

  it("puts the company's own places first, with their fields, and never another company's", async () => {
    const predictions = await search(dispatcherA, 'stefan cel mare');
    expect(predictions[0]).toEqual({
      place_id: placeA.place_id,
      description: 'Bloc Ștefan cel Mare, scara intrare spate',
      terms: [{ offset: 0, value: 'Bloc Ștefan cel Mare, scara intrare spate' }],
      is_internal: true,
      lat: 47.1611,
      lng: 27.5841,
      comment: 'interfon 12',
      bloc: 'B2',
      scara: '3',
      reper: 'lângă farmacie',
    });
    expect(predictions[1]?.description).toBe('Bulevardul Ștefan cel Mare și Sfânt, Iași');
    expect(JSON.stringify(predictions)).not.toContain(CANARY);
    // The admin sees every company's.
    const forAdmin = await search(admin, 'stefan cel mare');
    expect(JSON.stringify(forAdmin)).toContain(CANARY);
  });

  it('resolves details of internal and gazetteer ids; a foreign internal id is 404', async () => {
    const headers = await t.login(dispatcherA);
    const own = await t.app.inject({
      method: 'GET',
      url: `/geo/place-details-new/${placeA.place_id}`,
      headers,
    });
    expect(own.json()).toEqual(placeA);
    const street = (await search(dispatcherA, 'pacurari'))[0];
    const details = await t.app.inject({
      method: 'GET',
      url: `/geo/place-details-new/${street?.place_id}?sessionToken=abc`,
      headers,
    });
    expect(details.json()).toEqual({
      place_id: street?.place_id,
      name: 'Strada Păcurari, Iași',
      lat: 47.17,
      lng: 27.55,
      is_internal: false,
      comment: null,
      bloc: null,
      scara: null,
      reper: null,
    });
    for (const id of [
      placeB.place_id,
      'internal:999999',
      'osm:w999999',
      'ext:google:x',
      'nonsense',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/geo/place-details-new/${encodeURIComponent(id)}`,
        headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(CANARY);
    }
  });

  it('answers the older Google-style variants', async () => {
    const headers = await t.login(dispatcherA);
    const old = await t.app.inject({
      method: 'GET',
      url: '/geo/places-search?input=pacurari&language=ro&components=country:ro&location=47.1585,27.6014&radius=25000&strictbounds=true',
      headers,
    });
    const predictions = old.json<{ predictions: Prediction[] }>().predictions;
    expect(predictions[0]?.description).toBe('Strada Păcurari, Iași');
    for (const path of ['place-details', 'place-geocode']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/geo/${path}?place_id=${predictions[0]?.place_id}&fields=geometry`,
        headers,
      });
      expect(response.json()).toEqual({
        result: {
          place_id: predictions[0]?.place_id,
          name: 'Strada Păcurari, Iași',
          formatted_address: 'Strada Păcurari, Iași',
          geometry: { location: { lat: 47.17, lng: 27.55 } },
        },
        status: 'OK',
      });
    }
  });

  it('validates add-place with field messages', async () => {
    const response = await addPlace(dispatcherA, { name: ' ', lat: 91, lng: 27, owner: 1 });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<ErrorBody>().errors ?? {}).sort()).toEqual([
      'lat',
      'name',
      'owner',
    ]);
    expect(response.json<ErrorBody>().errors?.name).toEqual(['Denumirea este obligatorie.']);
  });

  it("deletes only the company's own place: another's answers 404 and stays", async () => {
    const headersA = await t.login(dispatcherA);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/geo/delete-place/${placeB.place_id}`,
      headers: headersA,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(CANARY);
    const numeric = placeB.place_id.replace('internal:', '');
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/geo/delete-place/${numeric}`,
          headers: headersA,
        })
      ).statusCode,
    ).toBe(404);
    const own = await t.app.inject({
      method: 'DELETE',
      url: `/geo/delete-place/${placeA.place_id}`,
      headers: headersA,
    });
    expect(own.statusCode).toBe(204);
    expect((await search(dispatcherA, 'stefan cel mare'))[0]?.is_internal).toBeUndefined();
    const stillThere = await search(dispatcherB, 'stefan cel mare');
    expect(stillThere[0]?.place_id).toBe(placeB.place_id);
  });
});

describe('a typed house number (the exact address first)', () => {
  let dispatcherC: { email: string };
  const descriptionsOf = async (input: string) =>
    (await search(dispatcherC, input)).map((p) => p.description);

  beforeAll(async () => {
    const c = await buildCompany(t.db, { name: 'Taxi C', lat: 47.1585, lng: 27.6014 });
    dispatcherC = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [c.id] });
    const street = 'Strada Lăpușneanu';
    await upsertGazetteer(t.db, [
      row('street', street, 47.1665, 27.583),
      row('house', `${street} 7`, 47.1668, 27.5832, { street, housenumber: '7' }),
      row('house', `${street} 17`, 47.167, 27.5834, { street, housenumber: '17' }),
    ]);
    // Saved near misses, all nearer the company than the street: six, more than the five
    // saved places a search shows.
    for (const number of ['17', '71', '7A', '27', '70', '72']) {
      const response = await addPlace(dispatcherC, {
        name: `${street} ${number}`,
        lat: 47.1586,
        lng: 27.6013,
      });
      expect(response.statusCode).toBe(201);
    }
  });

  it("puts number 7 before 17, 71 and 7A, the gazetteer's house when nothing saved is at 7", async () => {
    const found = await descriptionsOf('Strada Lăpușneanu 7');
    expect(found[0]).toBe('Strada Lăpușneanu 7, Iași');
    expect(found.slice(1, 6).sort()).toEqual(
      ['17', '27', '70', '71', '7A'].map((n) => `Strada Lăpușneanu ${n}`).sort(),
    );
    // Only the asked house of the gazetteer; its street after the saved places.
    expect(found).not.toContain('Strada Lăpușneanu 17, Iași');
    expect(found[6]).toBe('Strada Lăpușneanu, Iași');
    // 7A typed: the saved 7A first (the gazetteer has no 7A), 'nr.' and case do not matter.
    expect((await descriptionsOf('lapusneanu nr. 7a'))[0]).toBe('Strada Lăpușneanu 7A');
  });

  it('puts a saved place at that number first, however far, then the house', async () => {
    const response = await addPlace(dispatcherC, {
      name: 'Strada Lăpușneanu nr. 7, bloc B2',
      lat: 47.2,
      lng: 27.7,
    });
    expect(response.statusCode).toBe(201);
    const found = await descriptionsOf('Strada Lăpușneanu 7');
    expect(found.slice(0, 2)).toEqual([
      'Strada Lăpușneanu nr. 7, bloc B2',
      'Strada Lăpușneanu 7, Iași',
    ]);
    // Five saved places at most, the one at 7 among them.
    expect(found.filter((d) => !d.endsWith(', Iași'))).toHaveLength(5);
  });
});

describe('in-memory copies: internal places and the company centre', () => {
  /** A service of its own, so each test picks its cache lifetimes. */
  const serviceWith = (ttl: { internalTtlMs?: number; centreTtlMs?: number }) =>
    createPlacesService(t.db, {
      geocoder: null,
      geocoderTimeoutMs: 1_000,
      logger: { warn: () => undefined },
      ...ttl,
    });
  const dispatcherOf = (companyId: number): AuthContext => ({
    userId: 1,
    userName: 'Dispecer',
    roles: ['dispatcher'],
    companyIds: [companyId],
    tokenId: 1,
    expiresAt: '2100-01-01T00:00:00Z',
  });
  const descriptions = async (
    service: ReturnType<typeof serviceWith>,
    auth: AuthContext,
    input: string,
  ) => (await service.searchNew(auth, { input })).predictions.map((p) => p.description);

  it('sees its own add-place and delete-place at once, however long the copy lives', async () => {
    const company = await buildCompany(t.db, { lat: 47.1585, lng: 27.6014 });
    const auth = dispatcherOf(company.id);
    const service = serviceWith({ internalTtlMs: 3_600_000 });
    try {
      expect(await descriptions(service, auth, 'scara rulanta')).toEqual([]);
      const added = await service.add(auth, {
        name: 'Scara Rulantă Gara Mare',
        lat: 47.16,
        lng: 27.57,
      });
      expect((await descriptions(service, auth, 'scara rulanta'))[0]).toBe(
        'Scara Rulantă Gara Mare',
      );
      // Matching as the SQL's `<%`: without accents, a typo, a prefix of a word.
      expect((await descriptions(service, auth, 'SCARA rulnta'))[0]).toBe(
        'Scara Rulantă Gara Mare',
      );
      expect((await descriptions(service, auth, 'rulan'))[0]).toBe('Scara Rulantă Gara Mare');
      await service.remove(auth, added.place_id);
      expect(await descriptions(service, auth, 'scara rulanta')).toEqual([]);
    } finally {
      service.close();
    }
  });

  it("picks up another node's writes when its copy expires", async () => {
    const company = await buildCompany(t.db, { lat: 47.1585, lng: 27.6014 });
    const auth = dispatcherOf(company.id);
    const service = serviceWith({ internalTtlMs: 50 });
    try {
      expect(await descriptions(service, auth, 'poarta doi')).toEqual([]);
      // Written past this process, as another app node would.
      await t.db
        .insert(internalPlaces)
        .values({ company_id: company.id, name: 'Poarta Doi Depou', lat: 47.16, lng: 27.6 });
      await vi.waitFor(
        async () =>
          expect((await descriptions(service, auth, 'poarta doi'))[0]).toBe('Poarta Doi Depou'),
        { timeout: 5_000, interval: 60 },
      );
    } finally {
      service.close();
    }
  });

  it('ranks internal places by similarity, then distance, and ignores the radius', async () => {
    const company = await buildCompany(t.db, { lat: 47.1585, lng: 27.6014 });
    const auth = dispatcherOf(company.id);
    const service = serviceWith({});
    try {
      for (const [name, lat] of [
        ['Depozit Nord', 47.2],
        ['Depozit Nord', 47.16],
        ['Depozitul Nordic Vechi', 47.159],
        ['Depozit Nord Cluj', 46.77],
      ] as const) {
        await service.add(auth, { name, lat, lng: 27.6 });
      }
      const found = (await service.searchNew(auth, { input: 'depozit nord' })).predictions;
      expect(found.map((p) => [p.description, p.lat])).toEqual([
        ['Depozit Nord', 47.16],
        ['Depozit Nord', 47.2],
        ['Depozit Nord Cluj', 46.77],
        ['Depozitul Nordic Vechi', 47.159],
      ]);
      // The same places in the same order as the SQL the memory copy replaced.
      for (const input of ['depozit nord', 'depozitul', 'nord cluj', 'depzit nrd', 'vechi']) {
        const sql = await searchInternal(
          t.db,
          { kind: 'companies', companyIds: [company.id] },
          { input, centre: { lat: 47.1585, lng: 27.6014 }, limit: 5 },
        );
        const memory = (await service.searchNew(auth, { input })).predictions.filter(
          (p) => p.is_internal,
        );
        expect(memory.map((p) => p.place_id)).toEqual(sql.map((p) => `internal:${p.id}`));
      }
    } finally {
      service.close();
    }
  });

  it("searches around the company's new centre once its copy expires", async () => {
    const company = await buildCompany(t.db, { lat: 47.1585, lng: 27.6014 });
    const auth = dispatcherOf(company.id);
    const service = serviceWith({ centreTtlMs: 50 });
    try {
      // Pașcani is ~67 km from Iași: outside the 50 km radius.
      expect(await descriptions(service, auth, 'pascani')).toEqual([]);
      await t.db
        .update(companies)
        .set({ lat: 47.25, lng: 26.72 })
        .where(eq(companies.id, company.id));
      await vi.waitFor(
        async () => expect(await descriptions(service, auth, 'pascani')).toEqual(['Pașcani, Iași']),
        { timeout: 5_000, interval: 60 },
      );
    } finally {
      service.close();
    }
  });
});

describe('splitHouseNumber', () => {
  it('splits a trailing number, with or without nr.', () => {
    expect(splitHouseNumber('stefan cel mare 12')).toEqual({
      street: 'stefan cel mare',
      number: '12',
    });
    expect(splitHouseNumber('Cuza Vodă, nr. 25A')).toEqual({ street: 'Cuza Vodă', number: '25A' });
    expect(splitHouseNumber('stefan cel mare')).toBeNull();
    expect(splitHouseNumber('ab 12')).toBeNull();
  });
});

describe('holdsHouseNumber', () => {
  const seven = { street: 'Strada Lăpușneanu', number: '7' };
  it('finds the number as a number of its own, not inside another', () => {
    expect(holdsHouseNumber('Strada Lăpușneanu 7', seven)).toBe(true);
    expect(holdsHouseNumber('Lăpușneanu nr.7, bloc B2', seven)).toBe(true);
    for (const name of ['Strada Lăpușneanu 17', 'Strada Lăpușneanu 71', 'Strada Lăpușneanu 7A']) {
      expect(holdsHouseNumber(name, seven), name).toBe(false);
    }
    expect(holdsHouseNumber('Strada Lăpușneanu 7 A', { ...seven, number: '7a' })).toBe(true);
    expect(holdsHouseNumber('Strada Lăpușneanu 7 A', seven)).toBe(false);
  });

  it("needs the number once more than the typed street holds it ('1 Mai 1')", () => {
    const one = { street: 'Strada 1 Mai', number: '1' };
    expect(holdsHouseNumber('Strada 1 Mai 15', one)).toBe(false);
    expect(holdsHouseNumber('Strada 1 Mai 1', one)).toBe(true);
  });
});
