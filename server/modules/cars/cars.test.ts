import type { CarRecord } from '@common/cars/cars.schema';
import type { ErrorBody } from '@common/http/errors';
import type { User } from '@common/users/users.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';

/** /cars (docs/ADMINISTRATION.md "People and cars"). */
let t: TestApp;
let a: { id: number };
let b: { id: number };
let admin: Awaited<ReturnType<typeof buildUser>>;
let managerA: Awaited<ReturnType<typeof buildUser>>;
let dispatcherA: Awaited<ReturnType<typeof buildUser>>;
let driverA: Awaited<ReturnType<typeof buildDriver>>;
let driverA2: Awaited<ReturnType<typeof buildDriver>>;
let driverB: Awaited<ReturnType<typeof buildDriver>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await buildCompany(t.db, { name: 'Compania A' });
  b = await buildCompany(t.db, { name: 'Compania B' });
  admin = await buildUser(t.db, { roles: ['admin'], companyIds: [a.id] });
  managerA = await buildUser(t.db, { roles: ['manager'], companyIds: [a.id] });
  dispatcherA = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [a.id] });
  driverA = await buildDriver(t.db, a.id, { car: { indicativ: '101' } });
  driverA2 = await buildDriver(t.db, a.id, { car: { indicativ: '102' } });
  driverB = await buildDriver(t.db, b.id, { car: { indicativ: '101' } });
});
afterAll(() => t.close());

const call = async (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  user: { email: string },
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: await t.login(user),
    ...(payload === undefined ? {} : { payload }),
  });

const newCar = (overrides: Record<string, unknown> = {}) => ({
  company_id: a.id,
  indicativ: '200',
  make: 'Toyota',
  model: 'Corolla',
  color: 'Negru',
  number: 'IS-20-OGO',
  year: 2021,
  seats: 4,
  itp_until: '2027-03-01',
  ...overrides,
});

describe('cars', () => {
  it('lists only the caller company, searchable', async () => {
    const list = await call('GET', '/api/cars?per_page=100', dispatcherA);
    expect(list.statusCode).toBe(200);
    const cars = list.json<{ data: CarRecord[] }>().data;
    expect(cars.map((c) => c.driver_id).sort()).toEqual([driverA.id, driverA2.id].sort());
    const search = await call('GET', '/api/cars?search=102', managerA);
    expect(search.json<{ data: CarRecord[] }>().data.map((c) => c.indicativ)).toEqual(['102']);
    expect((await call('GET', '/api/cars', driverA)).statusCode).toBe(403);
  });

  it("answers 404 for another company's car, exactly like a missing one", async () => {
    const foreign = await call('GET', `/api/cars/${driverB.car.id}`, managerA);
    const missing = await call('GET', '/api/cars/999999', managerA);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<ErrorBody>().message).toBe(missing.json<ErrorBody>().message);
    expect(
      (await call('PATCH', `/api/cars/${driverB.car.id}`, managerA, { make: 'X' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/cars/${driverB.car.id}`, managerA)).statusCode).toBe(404);
  });

  it('creates a car; a dispatcher may not', async () => {
    expect((await call('POST', '/api/cars', dispatcherA, newCar())).statusCode).toBe(403);
    const response = await call('POST', '/api/cars', managerA, newCar());
    expect(response.statusCode).toBe(201);
    expect(response.json<CarRecord>()).toMatchObject({
      indicativ: '200',
      company_name: 'Compania A',
      driver_id: null,
      itp_until: '2027-03-01',
      rca_until: null,
    });
  });

  it('refuses a call sign used in the company, not one used in another company', async () => {
    const taken = await call('POST', '/api/cars', managerA, newCar({ indicativ: '101' }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json<ErrorBody>().errors).toEqual({
      indicativ: ['Indicativul 101 este deja folosit în această companie.'],
    });
    const renamed = await call('PATCH', `/api/cars/${driverA2.car.id}`, managerA, {
      indicativ: '101',
    });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json<ErrorBody>().errors?.indicativ).toHaveLength(1);
    // '101' is B's too: another company's call signs are its own.
    expect(driverB.car.indicativ).toBe('101');
  });

  it("keeps a manager to his companies and a car's driver to the car's company", async () => {
    const foreign = await call(
      'POST',
      '/api/cars',
      managerA,
      newCar({ company_id: b.id, indicativ: '300' }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json<ErrorBody>().errors?.company_id).toHaveLength(1);
    const driver = await call(
      'POST',
      '/api/cars',
      managerA,
      newCar({ indicativ: '301', driver_id: driverB.id }),
    );
    expect(driver.statusCode).toBe(422);
    expect(driver.json<ErrorBody>().errors?.driver_id).toHaveLength(1);
    const notDriver = await call(
      'POST',
      '/api/cars',
      managerA,
      newCar({ indicativ: '302', driver_id: dispatcherA.id }),
    );
    expect(notDriver.json<ErrorBody>().errors?.driver_id).toHaveLength(1);
  });

  it('giving a driver a car frees his previous one, and his call sign follows', async () => {
    const created = await call(
      'POST',
      '/api/cars',
      managerA,
      newCar({ indicativ: '400', driver_id: driverA.id }),
    );
    expect(created.statusCode).toBe(201);
    const old = await call('GET', `/api/cars/${driverA.car.id}`, managerA);
    expect(old.json<CarRecord>().driver_id).toBeNull();
    const user = await call('GET', `/api/users/${driverA.id}`, managerA);
    expect(user.json<User>().default_car?.indicativ).toBe('400');
    // Moved to another driver: driverA2's car '102' is freed.
    const moved = await call('PATCH', `/api/cars/${created.json<CarRecord>().id}`, managerA, {
      driver_id: driverA2.id,
    });
    expect(moved.json<CarRecord>()).toMatchObject({ driver_id: driverA2.id });
    expect(
      (await call('GET', `/api/cars/${driverA2.car.id}`, managerA)).json<CarRecord>().driver_id,
    ).toBeNull();
    expect(
      (await call('GET', `/api/users/${driverA.id}`, managerA)).json<User>().default_car,
    ).toBeNull();
  });

  it('validates fields per field and deletes', async () => {
    const bad = await call(
      'POST',
      '/api/cars',
      managerA,
      newCar({ indicativ: '', year: 1800, itp_until: '2027-02-30' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<ErrorBody>().errors ?? {}).sort()).toEqual([
      'indicativ',
      'itp_until',
      'year',
    ]);
    const car = (
      await call('POST', '/api/cars', admin, newCar({ company_id: b.id, indicativ: '500' }))
    ).json<CarRecord>();
    expect(car.company_id).toBe(b.id);
    expect((await call('DELETE', `/api/cars/${car.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/cars/${car.id}`, admin)).statusCode).toBe(404);
  });

  it("numbers a driver's car change in the drivers' stream, and a move out of the company frees his car", async () => {
    const driver = await buildDriver(t.db, a.id, { car: { indicativ: '700' } });
    const changes = async () =>
      rowsOf<{ kind: string }>(
        await t.db.execute(
          sql`select kind from driver_changes where driver_id = ${driver.id} order by seq`,
        ),
      ).map((row) => row.kind);
    const before = await changes();
    const moved = await call('PATCH', `/api/cars/${driver.car.id}`, managerA, { indicativ: '701' });
    expect(moved.statusCode).toBe(200);
    expect(await changes()).toEqual([...before, 'profile']);
    // The admin moves him to company B only: his car of A is no longer his.
    const user = await call('PATCH', `/api/users/${driver.id}`, admin, { company_ids: [b.id] });
    expect(user.json<User>()).toMatchObject({ company_ids: [b.id], default_car: null });
    expect(
      (await call('GET', `/api/cars/${driver.car.id}`, managerA)).json<CarRecord>().driver_id,
    ).toBeNull();
  });
});
