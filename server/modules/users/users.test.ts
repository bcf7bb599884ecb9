import type { ErrorBody } from '@common/http/errors';
import type { User } from '@common/users/users.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * Tenant isolation: a dispatcher of company A never reads
 * anything of company B; B's canary strings never appear in A's answers.
 */
let t: TestApp;
let a: { id: number };
let b: { id: number };
let dispatcherA: Awaited<ReturnType<typeof buildUser>>;
let dispatcherB: Awaited<ReturnType<typeof buildUser>>;
let driverA: Awaited<ReturnType<typeof buildDriver>>;
let driverB: Awaited<ReturnType<typeof buildDriver>>;
let admin: Awaited<ReturnType<typeof buildUser>>;
const CANARY = 'CANARY-B-7f3a';

beforeAll(async () => {
  t = await createTestApp();
  a = await buildCompany(t.db, { name: 'Compania A' });
  b = await buildCompany(t.db, { name: `Compania ${CANARY}` });
  dispatcherA = await buildUser(t.db, {
    name: 'Dispecer A',
    roles: ['dispatcher'],
    companyIds: [a.id],
  });
  dispatcherB = await buildUser(t.db, {
    name: `Dispecer ${CANARY}`,
    phone: '+40 700 000 999',
    roles: ['dispatcher'],
    companyIds: [b.id],
    meta: { secret: CANARY },
  });
  driverA = await buildDriver(t.db, a.id, {
    name: 'Șofer Ștefan',
    car: { indicativ: '701', make: 'Skoda' },
  });
  driverB = await buildDriver(t.db, b.id, { name: `Șofer ${CANARY}`, car: { indicativ: '702' } });
  admin = await buildUser(t.db, { roles: ['admin'], companyIds: [a.id] });
});
afterAll(() => t.close());

const get = async (url: string, user: { email: string }) =>
  t.app.inject({ method: 'GET', url, headers: await t.login(user) });

describe('GET /api/users/{id}', () => {
  it('answers a user of the same company with their car', async () => {
    const response = await get(`/api/users/${driverA.id}`, dispatcherA);
    expect(response.statusCode).toBe(200);
    const user = response.json<User>();
    expect(user).toMatchObject({
      id: driverA.id,
      name: 'Șofer Ștefan',
      roles: ['driver'],
      company_ids: [a.id],
    });
    expect(user.default_car).toMatchObject({ indicativ: '701', make: 'Skoda', model: 'Logan' });
    expect(response.body).not.toContain('password');
  });

  it("answers 404 for another company's user, exactly like a missing id", async () => {
    const foreign = await get(`/api/users/${driverB.id}`, dispatcherA);
    const missing = await get('/api/users/999999', dispatcherA);
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json<ErrorBody>().message).toBe(missing.json<ErrorBody>().message);
    expect(foreign.body).not.toContain(CANARY);
  });

  it('lets the platform admin read every company', async () => {
    expect((await get(`/api/users/${driverB.id}`, admin)).statusCode).toBe(200);
  });

  it('refuses the roles that have no back-office (drivers, clients) with 403', async () => {
    expect((await get(`/api/users/${dispatcherA.id}`, driverA)).statusCode).toBe(403);
  });

  it('validates the id', async () => {
    const response = await get('/api/users/abc', dispatcherA);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors?.id).toHaveLength(1);
  });
});

describe('GET /api/users', () => {
  it('lists only the caller company, filtered by role and accent-insensitive search', async () => {
    const all = await get('/api/users?per_page=100', dispatcherA);
    expect(all.statusCode).toBe(200);
    const body = all.json<{ data: User[]; meta: { total: number } }>();
    expect(body.data.map((u) => u.id).sort()).toEqual(
      [dispatcherA.id, driverA.id, admin.id].sort(),
    );
    expect(body.meta.total).toBe(3);
    expect(all.body).not.toContain(CANARY);

    const drivers = await get('/api/users?role=driver&search=stefan', dispatcherA);
    expect(drivers.json<{ data: User[] }>().data.map((u) => u.id)).toEqual([driverA.id]);

    const byIdentifier = await get('/api/users?identifier=702', dispatcherA);
    expect(byIdentifier.json<{ data: User[] }>().data).toEqual([]);
  });

  it('finds a driver by his car’s call sign, when his identifier is another', async () => {
    const renamed = await buildDriver(t.db, a.id, {
      name: 'Vasile Toma',
      identifier: 'VT',
      car: { indicativ: 'TX915' },
    });
    const found = await get('/api/users?role=driver&search=tx91', dispatcherA);
    expect(found.json<{ data: User[] }>().data.map((u) => u.id)).toEqual([renamed.id]);
    // Another company's call sign finds nobody.
    const foreign = await get('/api/users?role=driver&search=702', dispatcherA);
    expect(foreign.json<{ data: User[] }>().data).toEqual([]);
  });

  it('caps per_page', async () => {
    const response = await get('/api/users?per_page=1000', dispatcherA);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors?.per_page).toHaveLength(1);
  });

  it('treats search wildcards as text', async () => {
    const response = await get('/api/users?search=%25', dispatcherA);
    expect(response.json<{ data: User[] }>().data).toEqual([]);
  });
});

describe('GET /api/users/{id}/meta', () => {
  it('is readable by its owner and the admin only', async () => {
    const own = await get(`/api/users/${dispatcherB.id}/meta`, dispatcherB);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([{ key: 'secret', value: CANARY }]);
    expect((await get(`/api/users/${dispatcherB.id}/meta`, admin)).statusCode).toBe(200);
    expect((await get(`/api/users/${driverA.id}/meta`, dispatcherA)).statusCode).toBe(403);
    const foreign = await get(`/api/users/${dispatcherB.id}/meta`, dispatcherA);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(CANARY);
  });
});
