import { DEFAULT_SEARCH_ITEM } from '@common/dispatch/search-method.schema';
import type { PickupReach } from '@common/zones/zones.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../../db/factories';
import { companies } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

/** The far-pickup warning: outside every zone and beyond the searches' reach from the centre. */
let t: TestApp;
let iasi: { id: number };
let dispatcher: { authorization: string };
let protocolUser: { authorization: string };

/** A square over Iași's centre and one over Vaslui (about 60 km south), as [long, lat]. */
const square = (long: number, lat: number, half = 0.02) =>
  [
    [long - half, lat - half],
    [long + half, lat - half],
    [long + half, lat + half],
    [long - half, lat + half],
  ].map(([x, y]) => ({ long: x, lat: y }));

const reach = async (lat: number, long: number, headers = dispatcher) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/pickup-reach?lat=${lat}&long=${long}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PickupReach>();
};

beforeAll(async () => {
  t = await createTestApp();
  iasi = await buildCompany(t.db, { name: 'Taxi Iași', lat: 47.1585, lng: 27.6014 });
  const protocol = await buildCompany(t.db, { type: 'protocol', parent_company_id: iasi.id });
  dispatcher = await t.login(
    await buildUser(t.db, { roles: ['dispatcher'], companyIds: [iasi.id] }),
  );
  protocolUser = await t.login(
    await buildUser(t.db, { roles: ['company'], companyIds: [protocol.id] }),
  );
  for (const [name, paths] of [
    ['Centru', square(27.59, 47.16)],
    ['Vaslui', square(27.73, 46.64)],
  ] as const) {
    const zone = await t.app.inject({
      method: 'POST',
      url: '/api/polygons',
      headers: dispatcher,
      payload: { name, paths },
    });
    expect(zone.statusCode, zone.body).toBe(201);
  }
});
afterAll(() => t.close());

describe('GET /api/pickup-reach', () => {
  it('warns about a Cluj pickup for an Iași company, with the distance in km', async () => {
    const cluj = await reach(46.7712, 23.6236);
    expect(cluj).toMatchObject({ far: true, in_zone: false, reach_km: 50 });
    expect(cluj.distance_km).toBeGreaterThan(300);
    expect(cluj.distance_km).toBeLessThan(310);
    // A protocol client's orders are dispatched by its taxi company: the same answer.
    expect(await reach(46.7712, 23.6236, protocolUser)).toEqual(cluj);
  });

  it('does not warn inside a zone, however far, nor near the centre outside the zones', async () => {
    expect(await reach(47.16, 27.59)).toMatchObject({ far: false, in_zone: true });
    const vaslui = await reach(46.64, 27.73);
    expect(vaslui).toMatchObject({ far: false, in_zone: true });
    expect(vaslui.distance_km).toBeGreaterThan(50);
    // Păcurari, outside the zones, 4 km from the centre.
    expect(await reach(47.18, 27.55)).toMatchObject({ far: false, in_zone: false });
    // Bacău: outside the zones and beyond the default 50 km.
    expect(await reach(46.5679, 26.9138)).toMatchObject({ far: true, in_zone: false });
  });

  it('reaches as far as the widest radius step of the company’s search', async () => {
    await t.db
      .update(companies)
      .set({
        dispatch_defaults: {
          ...DEFAULT_SEARCH_ITEM,
          search_type: 'by_radius',
          search_limit: 100_000,
        },
      })
      .where(eq(companies.id, iasi.id));
    const bacau = await reach(46.5679, 26.9138);
    expect(bacau).toMatchObject({ far: false, reach_km: 100 });
    expect(await reach(46.7712, 23.6236)).toMatchObject({ far: true, reach_km: 100 });
  });

  it('refuses coordinates out of range on their field', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/pickup-reach?lat=91&long=27',
      headers: dispatcher,
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['lat']);
  });
});
