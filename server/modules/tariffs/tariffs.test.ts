import type { ErrorBody } from '@common/http/errors';
import type { CompanyTariffs, SurchargeRow, Tariff, ZonePrice } from '@common/money/tariffs.schema';
import type { Polygon } from '@common/zones/zones.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { NOT_YOUR_COMPANY } from '../companies/acting-company';
import { PAIR_PRICED } from './tariffs.service';

const SETTINGS = { accept_taximeter: true, min_balance: 0, allow_negative_balance: false };

type Headers = { authorization: string };

let t: TestApp;
let companyA: number;
let companyB: number;
let serviceA: number;
let serviceB: number;
let manager: Headers;
let dispatcher: Headers;
let companyUser: Headers;
let protocolClient: Headers;
let driver: Headers;
let platformAdmin: Headers;
let managerB: Headers;
let zonesA: [Polygon, Polygon];
let zoneB: Polygon;

const METER = { start_fee: 500, per_km: 280, per_minute: 50, minimum_fare: 1200 };
const NIGHT = { name: 'Noapte', days: [5, 6], time_from: '22:00', time_to: '06:00', percent: 130 };

const call = (
  headers: Headers,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const square = (long: number, lat: number) =>
  [
    [long, lat],
    [long + 0.02, lat],
    [long + 0.02, lat + 0.02],
    [long, lat + 0.02],
  ].map(([x, y]) => ({ lat: y as number, long: x as number }));

async function zone(headers: Headers, name: string, long: number): Promise<Polygon> {
  const response = await call(headers, 'POST', '/api/polygons', {
    name,
    paths: square(long, 47.15),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Polygon>();
}

async function serviceOf(companyId: number, name: string) {
  const [row] = rowsOf<{ id: number }>(
    await t.db.execute(
      sql`insert into services (company_id, name) values (${companyId}, ${name}) returning id`,
    ),
  );
  return row?.id ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  companyA = (await buildCompany(t.db)).id;
  companyB = (await buildCompany(t.db)).id;
  const protocol = await buildCompany(t.db, { type: 'protocol', parent_company_id: companyA });
  serviceA = await serviceOf(companyA, 'Confort');
  serviceB = await serviceOf(companyB, 'Premium B');
  const user = (roles: ('manager' | 'dispatcher' | 'company' | 'admin')[], companyIds: number[]) =>
    buildUser(t.db, { roles, companyIds }).then((u) => t.login(u));
  manager = await user(['manager'], [companyA]);
  dispatcher = await user(['dispatcher'], [companyA]);
  companyUser = await user(['company'], [companyA]);
  protocolClient = await user(['company'], [protocol.id]);
  platformAdmin = await user(['admin'], [companyA]);
  managerB = await user(['manager'], [companyB]);
  driver = await t.login(await buildDriver(t.db, companyA));
  zonesA = [await zone(dispatcher, 'Centru', 27.57), await zone(dispatcher, 'Copou', 27.6)];
  const dispatcherB = await user(['dispatcher'], [companyB]);
  zoneB = await zone(dispatcherB, 'Zona B', 27.57);
});
afterAll(() => t.close());

describe('reading the tariffs', () => {
  it("answers the fleet console's roles, and refuses a protocol client and a driver", async () => {
    for (const headers of [manager, dispatcher, companyUser]) {
      const response = await call(headers, 'GET', '/api/tariffs');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<CompanyTariffs>()).toMatchObject({
        company_id: companyA,
        settings: { accept_taximeter: false },
      });
    }
    expect((await call(protocolClient, 'GET', '/api/tariffs')).statusCode).toBe(403);
    expect((await call(driver, 'GET', '/api/tariffs')).statusCode).toBe(403);
  });

  it("refuses another company's tariffs, which the platform admin reads by naming it", async () => {
    const foreign = await call(dispatcher, 'GET', `/api/tariffs?company_id=${companyB}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json<ErrorBody>().message).toBe(NOT_YOUR_COMPANY);
    const admin = await call(platformAdmin, 'GET', `/api/tariffs?company_id=${companyB}`);
    expect(admin.json<CompanyTariffs>().company_id).toBe(companyB);
  });
});

describe('setting the meters (administrators only)', () => {
  it("sets the company's every-service meter (service 0) and a service's, then reads them", async () => {
    const all = await call(manager, 'PUT', '/api/tariffs/0', METER);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<Tariff>()).toMatchObject({ service_id: null, ...METER });
    const own = await call(manager, 'PUT', `/api/tariffs/${serviceA}`, { ...METER, per_km: 300 });
    expect(own.json<Tariff>()).toMatchObject({ service_id: serviceA, service_name: 'Confort' });
    // Everyone's service 1 is the company's to price too; a second PUT replaces the meter.
    expect((await call(manager, 'PUT', '/api/tariffs/1', METER)).statusCode).toBe(200);
    await call(manager, 'PUT', '/api/tariffs/0', { ...METER, start_fee: 600 });
    const { tariffs } = (await call(dispatcher, 'GET', '/api/tariffs')).json<CompanyTariffs>();
    expect(tariffs.map((tariff) => [tariff.service_id, tariff.start_fee, tariff.per_km])).toEqual([
      [null, 600, 280],
      [1, 500, 280],
      [serviceA, 500, 300],
    ]);
  });

  it('refuses a dispatcher and a company user (403), a service the company does not sell (404)', async () => {
    expect((await call(dispatcher, 'PUT', '/api/tariffs/0', METER)).statusCode).toBe(403);
    expect((await call(companyUser, 'PUT', '/api/finance-settings', SETTINGS)).statusCode).toBe(
      403,
    );
    const foreign = await call(manager, 'PUT', `/api/tariffs/${serviceB}`, METER);
    expect(foreign.statusCode).toBe(404);
    expect(
      (await call(manager, 'PUT', `/api/tariffs/0?company_id=${companyB}`, METER)).statusCode,
    ).toBe(403);
  });

  it('answers 422 with the field of each bad figure', async () => {
    const response = await call(manager, 'PUT', '/api/tariffs/0', {
      ...METER,
      per_km: -1,
      minimum_fare: 12.5,
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<ErrorBody>().errors ?? {}).sort()).toEqual([
      'minimum_fare',
      'per_km',
    ]);
  });

  it('lets the platform admin price another company by naming it, and its manager sees it', async () => {
    const set = await call(platformAdmin, 'PUT', `/api/tariffs/0?company_id=${companyB}`, METER);
    expect(set.statusCode, set.body).toBe(200);
    const { tariffs } = (await call(managerB, 'GET', '/api/tariffs')).json<CompanyTariffs>();
    expect(tariffs).toHaveLength(1);
  });

  it("names the company's own zones for its zone prices, whoever reads them", async () => {
    const own = (await call(manager, 'GET', '/api/tariffs')).json<CompanyTariffs>();
    expect(own.zones.map((z) => z.name)).toEqual(['Centru', 'Copou']);
    // The platform admin acting in B gets B's zones, not A's.
    const ofB = await call(platformAdmin, 'GET', `/api/tariffs?company_id=${companyB}`);
    expect(ofB.json<CompanyTariffs>().zones.map((z) => z.name)).toEqual(['Zona B']);
  });
});

describe('surcharges', () => {
  it('adds a night window, lists it, and deletes it; another company cannot delete it', async () => {
    const created = await call(manager, 'POST', '/api/tariff-surcharges', NIGHT);
    expect(created.statusCode, created.body).toBe(201);
    const night = created.json<SurchargeRow>();
    expect(night).toMatchObject(NIGHT);
    const { surcharges } = (await call(dispatcher, 'GET', '/api/tariffs')).json<CompanyTariffs>();
    expect(surcharges.map((s) => s.id)).toContain(night.id);
    expect((await call(managerB, 'DELETE', `/api/tariff-surcharges/${night.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(dispatcher, 'DELETE', `/api/tariff-surcharges/${night.id}`)).statusCode,
    ).toBe(403);
    expect((await call(manager, 'DELETE', `/api/tariff-surcharges/${night.id}`)).statusCode).toBe(
      204,
    );
    expect((await call(manager, 'DELETE', `/api/tariff-surcharges/${night.id}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses an empty window, a repeated day and a percent that is not a surcharge', async () => {
    const response = await call(manager, 'POST', '/api/tariff-surcharges', {
      ...NIGHT,
      days: [1, 1],
      percent: 90,
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<ErrorBody>().errors ?? {}).sort()).toEqual([
      'days',
      'percent',
    ]);
    const same = await call(manager, 'POST', '/api/tariff-surcharges', {
      ...NIGHT,
      time_to: '22:00',
    });
    expect(same.json<ErrorBody>().errors?.time_to).toHaveLength(1);
  });
});

describe('zone prices', () => {
  it('prices a pair of zones once, both ways: the same pair or its reverse answers 409', async () => {
    const [centre, copou] = zonesA;
    const created = await call(manager, 'POST', '/api/zone-prices', {
      from_polygon_id: centre.id,
      to_polygon_id: copou.id,
      price: 1800,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<ZonePrice>()).toMatchObject({
      from_name: 'Centru',
      to_name: 'Copou',
      price: 1800,
      both_ways: true,
      service_id: null,
    });
    for (const [from, to] of [
      [centre, copou],
      [copou, centre],
    ] as const) {
      const again = await call(manager, 'POST', '/api/zone-prices', {
        from_polygon_id: from.id,
        to_polygon_id: to.id,
        price: 2000,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorBody>().message).toBe(PAIR_PRICED);
    }
    // For one service the pair is free to price.
    const forService = await call(manager, 'POST', '/api/zone-prices', {
      service_id: serviceA,
      from_polygon_id: centre.id,
      to_polygon_id: copou.id,
      price: 2500,
    });
    expect(forService.statusCode).toBe(201);
    const id = created.json<ZonePrice>().id;
    expect((await call(managerB, 'DELETE', `/api/zone-prices/${id}`)).statusCode).toBe(404);
    expect((await call(manager, 'DELETE', `/api/zone-prices/${id}`)).statusCode).toBe(204);
  });

  it("answers 404 for another company's zone or service, 422 for a price of zero", async () => {
    const [centre] = zonesA;
    for (const body of [
      { from_polygon_id: centre.id, to_polygon_id: zoneB.id, price: 1000 },
      { from_polygon_id: centre.id, to_polygon_id: centre.id, price: 1000, service_id: serviceB },
    ]) {
      expect((await call(manager, 'POST', '/api/zone-prices', body)).statusCode).toBe(404);
    }
    const zero = await call(manager, 'POST', '/api/zone-prices', {
      from_polygon_id: centre.id,
      to_polygon_id: centre.id,
      price: 0,
    });
    expect(zero.statusCode).toBe(422);
    expect(zero.json<ErrorBody>().errors?.price).toHaveLength(1);
  });
});

describe('fare settings', () => {
  it('turns the taximeter on for the company only', async () => {
    const set = await call(manager, 'PUT', '/api/finance-settings', SETTINGS);
    expect(set.json()).toEqual(SETTINGS);
    expect((await call(dispatcher, 'GET', '/api/tariffs')).json<CompanyTariffs>().settings).toEqual(
      SETTINGS,
    );
    expect((await call(managerB, 'GET', '/api/tariffs')).json<CompanyTariffs>().settings).toEqual({
      ...SETTINGS,
      accept_taximeter: false,
    });
  });
});
