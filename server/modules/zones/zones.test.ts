import type { ErrorBody } from '@common/http/errors';
import { ZONE_SELF_INTERSECTS } from '@common/zones/zones.rules';
import { type Polygon, STAND_SHAPE_REQUIRED, type Stand } from '@common/zones/zones.schema';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { createZoneIndexFollower } from './zone-index-follower';
import { insertPolygon, readRevision } from './zones.repo';

type Headers = { authorization: string };

let t: TestApp;
let companyA: number;
let companyB: number;
let dispatcher: Headers;
let foreign: Headers;
let companyUser: Headers;
let driver: Headers;

/** Corners as [long, lat]. */
const outline = (...points: [number, number][]) => points.map(([long, lat]) => ({ lat, long }));
/** A square around Iași's centre, and one a little east of it. */
const centre = outline([27.57, 47.15], [27.6, 47.15], [27.6, 47.18], [27.57, 47.18]);
const east = outline([27.62, 47.15], [27.65, 47.15], [27.65, 47.18], [27.62, 47.18]);
const bowTie = outline([27.57, 47.15], [27.6, 47.18], [27.6, 47.15], [27.57, 47.19]);

const send = (headers: Headers | undefined, request: InjectOptions) =>
  t.app.inject({ ...request, ...(headers ? { headers } : {}) });

async function createZone(headers: Headers, body: Record<string, unknown> = {}): Promise<Polygon> {
  const response = await send(headers, {
    method: 'POST',
    url: '/api/polygons',
    payload: { name: 'Centru', paths: centre, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Polygon>();
}

async function createStand(headers: Headers, body: Record<string, unknown> = {}): Promise<Stand> {
  const response = await send(headers, {
    method: 'POST',
    url: '/api/stands',
    payload: { name: 'Gara', lat: 47.1655, long: 27.5705, radius: 100, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Stand>();
}

const errorsOf = (body: string) => (JSON.parse(body) as ErrorBody).errors ?? {};

beforeAll(async () => {
  t = await createTestApp();
  companyA = (await buildCompany(t.db)).id;
  companyB = (await buildCompany(t.db)).id;
  dispatcher = await t.login(
    await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyA] }),
  );
  foreign = await t.login(await buildUser(t.db, { roles: ['dispatcher'], companyIds: [companyB] }));
  companyUser = await t.login(
    await buildUser(t.db, { roles: ['company'], companyIds: [companyA] }),
  );
  driver = await t.login(await buildDriver(t.db, companyA));
});
afterAll(() => t.close());

describe('zones', () => {
  it('creates a zone in the caller’s company, lists and gets it, and the index has it at once', async () => {
    const zone = await createZone(dispatcher, { name: 'Centru', priority: 3, isVisible: false });
    expect(zone).toMatchObject({ name: 'Centru', priority: 3, isVisible: false, paths: centre });
    expect(zone.updated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // A write on this node is in this node's index before the answer returns.
    expect(t.app.zoneIndex().locate([companyA], 27.585, 47.165).polygonId).toBe(zone.id);
    expect(t.app.zoneIndex().locate([companyB], 27.585, 47.165).polygonId).toBeNull();
    expect(t.app.zoneIndex().polygonsOf(companyA)).toContainEqual({
      id: zone.id,
      name: 'Centru',
      priority: 3,
      isVisible: false,
    });

    const list = await send(dispatcher, { method: 'GET', url: '/api/polygons' });
    expect(list.statusCode).toBe(200);
    expect(list.json<Polygon[]>()).toContainEqual(zone);
    const one = await send(dispatcher, { method: 'GET', url: `/api/polygons/${zone.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(zone);
    // Defaults: visible, priority 0.
    const plain = await createZone(dispatcher, { name: 'Est', paths: east });
    expect(plain).toMatchObject({ isVisible: true, priority: 0 });
  });

  it('updates a zone, and the index follows its new outline', async () => {
    const zone = await createZone(dispatcher, { name: 'Mobil' });
    const patched = await send(dispatcher, {
      method: 'PATCH',
      url: `/api/polygons/${zone.id}`,
      payload: { name: 'Mutat', paths: east, priority: 7 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      id: zone.id,
      name: 'Mutat',
      paths: east,
      priority: 7,
      isVisible: true,
    });
    const index = t.app.zoneIndex();
    expect(index.locate([companyA], 27.635, 47.165).polygonId).toBe(zone.id);
    expect(index.locate([companyA], 27.585, 47.165).polygonId).not.toBe(zone.id);
    const hidden = await send(dispatcher, {
      method: 'PATCH',
      url: `/api/polygons/${zone.id}`,
      payload: { isVisible: false },
    });
    expect(hidden.json()).toMatchObject({ name: 'Mutat', isVisible: false, paths: east });
  });

  it('deletes a zone: then it answers 404 and the index no longer has it', async () => {
    const zone = await createZone(dispatcher, { name: 'Temporar', priority: 100 });
    expect(t.app.zoneIndex().locate([companyA], 27.585, 47.165).polygonId).toBe(zone.id);
    const url = `/api/polygons/${zone.id}`;
    const deleted = await send(dispatcher, { method: 'DELETE', url });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await send(dispatcher, { method: 'GET', url })).statusCode).toBe(404);
    expect((await send(dispatcher, { method: 'DELETE', url })).statusCode).toBe(404);
    expect(
      (await send(dispatcher, { method: 'PATCH', url, payload: { name: 'X' } })).statusCode,
    ).toBe(404);
    expect(t.app.zoneIndex().locate([companyA], 27.585, 47.165).polygonId).not.toBe(zone.id);
  });

  it("answers 404 for another company's zone and never lists it", async () => {
    const zone = await createZone(foreign, { name: 'Străină' });
    const url = `/api/polygons/${zone.id}`;
    const get = await send(dispatcher, { method: 'GET', url });
    expect(get.statusCode).toBe(404);
    expect(get.json<ErrorBody>().message).toBe('Zona nu a fost găsită.');
    expect(
      (await send(dispatcher, { method: 'PATCH', url, payload: { name: 'Furată' } })).statusCode,
    ).toBe(404);
    expect((await send(dispatcher, { method: 'DELETE', url })).statusCode).toBe(404);
    expect(
      (await send(dispatcher, { method: 'GET', url: '/api/polygons/2000000000' })).statusCode,
    ).toBe(404);
    const list = (await send(dispatcher, { method: 'GET', url: '/api/polygons' })).json<
      Polygon[]
    >();
    expect(list.map((z) => z.id)).not.toContain(zone.id);
    // Untouched for its own company.
    expect((await send(foreign, { method: 'GET', url })).json()).toMatchObject({ name: 'Străină' });
  });

  it('lets console users read and only admins and dispatchers write; drivers and strangers not at all', async () => {
    const zone = await createZone(dispatcher, { name: 'Roluri' });
    const url = `/api/polygons/${zone.id}`;
    expect((await send(undefined, { method: 'GET', url: '/api/polygons' })).statusCode).toBe(401);
    expect(
      (await send(undefined, { method: 'POST', url: '/api/polygons', payload: {} })).statusCode,
    ).toBe(401);
    expect((await send(driver, { method: 'GET', url: '/api/polygons' })).statusCode).toBe(403);
    expect((await send(driver, { method: 'GET', url })).statusCode).toBe(403);

    expect((await send(companyUser, { method: 'GET', url: '/api/polygons' })).statusCode).toBe(200);
    expect((await send(companyUser, { method: 'GET', url })).json()).toEqual(zone);
    const post = await send(companyUser, {
      method: 'POST',
      url: '/api/polygons',
      payload: { name: 'Nu', paths: centre },
    });
    expect(post.statusCode).toBe(403);
    expect(
      (await send(companyUser, { method: 'PATCH', url, payload: { name: 'Nu' } })).statusCode,
    ).toBe(403);
    expect((await send(companyUser, { method: 'DELETE', url })).statusCode).toBe(403);

    const admin = await t.login(
      await buildUser(t.db, { roles: ['admin'], companyIds: [companyA] }),
    );
    expect(
      (await send(admin, { method: 'PATCH', url, payload: { name: 'Admin' } })).statusCode,
    ).toBe(200);
  });

  it('answers 422 with {errors: {field: [message]}}, refusing a self-intersecting outline on paths', async () => {
    const empty = await send(dispatcher, { method: 'POST', url: '/api/polygons', payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(errorsOf(empty.body)).sort()).toEqual(['name', 'paths']);

    const crossing = await send(dispatcher, {
      method: 'POST',
      url: '/api/polygons',
      payload: { name: 'Fundă', paths: bowTie },
    });
    expect(crossing.statusCode).toBe(422);
    expect(errorsOf(crossing.body)).toEqual({ paths: [ZONE_SELF_INTERSECTS] });

    const bad = await send(dispatcher, {
      method: 'POST',
      url: '/api/polygons',
      payload: { name: '  ', priority: 101, paths: [{ lat: 91, long: 27 }], extra: 1 },
    });
    expect(bad.statusCode).toBe(422);
    const errors = errorsOf(bad.body);
    expect(errors.name?.[0]).toBe('Numele zonei este obligatoriu.');
    expect(errors.priority).toHaveLength(1);
    expect(errors['paths.0.lat']).toHaveLength(1);
    expect(errors.extra).toEqual(['Câmp necunoscut.']);

    const zone = await createZone(dispatcher, { name: 'Valid' });
    const patch = await send(dispatcher, {
      method: 'PATCH',
      url: `/api/polygons/${zone.id}`,
      payload: { paths: bowTie },
    });
    expect(patch.statusCode).toBe(422);
    expect(errorsOf(patch.body)).toEqual({ paths: [ZONE_SELF_INTERSECTS] });
    // Nothing changed.
    expect(
      (await send(dispatcher, { method: 'GET', url: `/api/polygons/${zone.id}` })).json(),
    ).toEqual(zone);
  });
});

describe('taxi stands', () => {
  it('creates a radius stand and an outline stand, lists them with their queues, and indexes them', async () => {
    const radius = await createStand(dispatcher, { name: 'Gara' });
    expect(radius).toMatchObject({
      name: 'Gara',
      lat: 47.1655,
      long: 27.5705,
      radius: 100,
      paths: null,
      queue: [],
    });
    const square = outline([27.58, 47.16], [27.581, 47.16], [27.581, 47.161], [27.58, 47.161]);
    const shaped = await createStand(dispatcher, {
      name: 'Unirii',
      lat: 47.1605,
      long: 27.5805,
      radius: null,
      paths: square,
    });
    expect(shaped).toMatchObject({ radius: null, paths: square, queue: [] });

    const index = t.app.zoneIndex();
    expect(index.locate([companyA], 27.5705, 47.1658).standIds).toContain(radius.id);
    expect(index.locate([companyA], 27.5805, 47.1605).standIds).toContain(shaped.id);
    expect(index.locate([companyB], 27.5805, 47.1605).standIds).toEqual([]);
    expect(index.standsOf(companyA).map((s) => s.id)).toEqual(
      expect.arrayContaining([radius.id, shaped.id]),
    );

    const list = await send(companyUser, { method: 'GET', url: '/api/stands' });
    expect(list.statusCode).toBe(200);
    expect(list.json<Stand[]>()).toEqual(expect.arrayContaining([radius, shaped]));
    const foreignList = (await send(foreign, { method: 'GET', url: '/api/stands' })).json<
      Stand[]
    >();
    expect(foreignList.map((s) => s.id)).not.toContain(radius.id);
  });

  it('needs exactly one of a radius and an outline, on create and after a patch', async () => {
    const square = outline([27.58, 47.16], [27.581, 47.16], [27.581, 47.161], [27.58, 47.161]);
    for (const shape of [{}, { radius: null, paths: null }, { radius: 50, paths: square }]) {
      const response = await send(dispatcher, {
        method: 'POST',
        url: '/api/stands',
        payload: { name: 'Formă', lat: 47.16, long: 27.58, ...shape },
      });
      expect(response.statusCode, JSON.stringify(shape)).toBe(422);
      expect(errorsOf(response.body)).toEqual({ radius: [STAND_SHAPE_REQUIRED] });
    }
    const stand = await createStand(dispatcher, { radius: null, paths: square });
    const url = `/api/stands/${stand.id}`;
    // A radius added to an outline stand leaves it with both.
    const both = await send(dispatcher, { method: 'PATCH', url, payload: { radius: 50 } });
    expect(both.statusCode).toBe(422);
    expect(errorsOf(both.body)).toEqual({ radius: [STAND_SHAPE_REQUIRED] });
    const neither = await send(dispatcher, { method: 'PATCH', url, payload: { paths: null } });
    expect(neither.statusCode).toBe(422);
    // Switching the shape in one patch is fine.
    const switched = await send(dispatcher, {
      method: 'PATCH',
      url,
      payload: { radius: 50, paths: null, name: 'Rotundă' },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({
      id: stand.id,
      name: 'Rotundă',
      radius: 50,
      paths: null,
    });
    const crossing = await send(dispatcher, {
      method: 'PATCH',
      url,
      payload: { radius: null, paths: bowTie },
    });
    expect(crossing.statusCode).toBe(422);
    expect(errorsOf(crossing.body)).toEqual({ paths: [ZONE_SELF_INTERSECTS] });
    const radiusBounds = await send(dispatcher, { method: 'PATCH', url, payload: { radius: 5 } });
    expect(radiusBounds.statusCode).toBe(422);
    expect(Object.keys(errorsOf(radiusBounds.body))).toEqual(['radius']);
  });

  it("moves a stand, answers 404 for another company's, deletes, then 404", async () => {
    const stand = await createStand(dispatcher, { name: 'Copou', lat: 47.18, long: 27.56 });
    const url = `/api/stands/${stand.id}`;
    const moved = await send(dispatcher, {
      method: 'PATCH',
      url,
      payload: { lat: 47.19, long: 27.57 },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ lat: 47.19, long: 27.57, radius: 100 });
    expect(t.app.zoneIndex().locate([companyA], 27.57, 47.19).standIds).toContain(stand.id);
    expect(t.app.zoneIndex().locate([companyA], 27.56, 47.18).standIds).not.toContain(stand.id);

    const stolen = await send(foreign, { method: 'PATCH', url, payload: { name: 'Furată' } });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json<ErrorBody>().message).toBe('Stația nu a fost găsită.');
    expect((await send(foreign, { method: 'DELETE', url })).statusCode).toBe(404);

    expect((await send(companyUser, { method: 'DELETE', url })).statusCode).toBe(403);
    expect(
      (await send(companyUser, { method: 'POST', url: '/api/stands', payload: {} })).statusCode,
    ).toBe(403);
    expect((await send(driver, { method: 'GET', url: '/api/stands' })).statusCode).toBe(403);

    expect((await send(dispatcher, { method: 'DELETE', url })).statusCode).toBe(204);
    expect((await send(dispatcher, { method: 'DELETE', url })).statusCode).toBe(404);
    expect(
      (await send(dispatcher, { method: 'PATCH', url, payload: { name: 'X' } })).statusCode,
    ).toBe(404);
    expect(t.app.zoneIndex().locate([companyA], 27.57, 47.19).standIds).not.toContain(stand.id);
    const list = (await send(dispatcher, { method: 'GET', url: '/api/stands' })).json<Stand[]>();
    expect(list.map((s) => s.id)).not.toContain(stand.id);
  });
});

describe('zones revision and the index follower', () => {
  it('moves the revision once per write, and not for a refused one', async () => {
    const before = await readRevision(t.db);
    const zone = await createZone(dispatcher, { name: 'Numărată' });
    expect(await readRevision(t.db)).toBe(before + 1);
    await send(foreign, { method: 'DELETE', url: `/api/polygons/${zone.id}` });
    await send(dispatcher, { method: 'POST', url: '/api/polygons', payload: { name: 'X' } });
    expect(await readRevision(t.db)).toBe(before + 1);
    await send(dispatcher, { method: 'DELETE', url: `/api/polygons/${zone.id}` });
    expect(await readRevision(t.db)).toBe(before + 2);
  });

  it("follows another node's write when woken, and by polling when the wake-up is lost", async () => {
    // Two followers of one database stand for two nodes; `polled` never hears a wake-up.
    const woken = createZoneIndexFollower({
      db: t.db,
      pollMs: 600_000,
      onError: (e) => {
        throw e;
      },
    });
    const polled = createZoneIndexFollower({
      db: t.db,
      pollMs: 100,
      onError: (e) => {
        throw e;
      },
    });
    await woken.start();
    await polled.start();
    try {
      const company = (await buildCompany(t.db)).id;
      const { row, revision } = await insertPolygon(t.db, company, {
        name: 'Alt nod',
        isVisible: true,
        priority: 0,
        paths: centre,
      });
      expect(woken.index().locate([company], 27.585, 47.165).polygonId).toBeNull();
      await woken.wake();
      expect(woken.revision()).toBe(revision);
      expect(woken.index().locate([company], 27.585, 47.165).polygonId).toBe(row.id);
      await expect
        .poll(() => polled.index().locate([company], 27.585, 47.165).polygonId, { timeout: 5_000 })
        .toBe(row.id);
      // An index is a snapshot: one taken before a change does not move under its reader.
      const snapshot = woken.index();
      await send(dispatcher, {
        method: 'POST',
        url: '/api/polygons',
        payload: { name: 'Y', paths: east },
      });
      await woken.wake();
      expect(woken.index()).not.toBe(snapshot);
      // Nothing changed: the same index is kept (one read of the revision, no reload).
      const kept = woken.index();
      await woken.wake();
      expect(woken.index()).toBe(kept);
    } finally {
      woken.stop();
      polled.stop();
    }
  });
});
