import type { ErrorBody } from '@common/http/errors';
import { EMAIL_TAKEN, type User } from '@common/users/users.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * People (docs/ADMINISTRATION.md "People and cars"): who creates and edits users,
 * within which companies, and what a password reset does to the user's sessions.
 */
let t: TestApp;
let a: { id: number };
let b: { id: number };
let admin: Awaited<ReturnType<typeof buildUser>>;
let managerA: Awaited<ReturnType<typeof buildUser>>;
let dispatcherA: Awaited<ReturnType<typeof buildUser>>;
let driverA: Awaited<ReturnType<typeof buildDriver>>;
let driverB: Awaited<ReturnType<typeof buildDriver>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await buildCompany(t.db, { name: 'Compania A' });
  b = await buildCompany(t.db, { name: 'Compania B' });
  admin = await buildUser(t.db, { roles: ['admin'], companyIds: [a.id] });
  managerA = await buildUser(t.db, { roles: ['manager', 'dispatcher'], companyIds: [a.id] });
  dispatcherA = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [a.id] });
  driverA = await buildDriver(t.db, a.id, { name: 'Șofer A' });
  driverB = await buildDriver(t.db, b.id, { name: 'Șofer B' });
});
afterAll(() => t.close());

const call = async (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  user: { email: string; password?: string },
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: await t.login(user),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

let n = 0;
const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ion Popescu',
  email: `ion${++n}@firma.ro`,
  phone: '0722 000 111',
  roles: ['dispatcher'],
  company_ids: [a.id],
  password: 'parola-noua-1',
  ...overrides,
});

describe('POST /api/users', () => {
  it('lets a manager create a dispatcher of his company, who then logs in with that password', async () => {
    const body = newUser({ email: 'Nou.Dispecer@Firma.ro' });
    const response = await call('POST', '/api/users', managerA, body);
    expect(response.statusCode).toBe(201);
    const user = response.json<User>();
    expect(user).toMatchObject({
      email: 'nou.dispecer@firma.ro',
      roles: ['dispatcher'],
      company_ids: [a.id],
      disabled: false,
    });
    expect(response.body).not.toContain('parola-noua-1');
    const login = await t.login({ email: 'nou.dispecer@firma.ro', password: 'parola-noua-1' });
    expect(login.token.length).toBeGreaterThan(20);
  });

  it('refuses a used e-mail (any company, any case) on the email field', async () => {
    const response = await call(
      'POST',
      '/api/users',
      admin,
      newUser({ email: driverB.email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual({ email: [EMAIL_TAKEN] });
  });

  it('keeps a manager to his own companies and away from the admin role', async () => {
    const foreign = await call('POST', '/api/users', managerA, newUser({ company_ids: [b.id] }));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json<ErrorBody>().errors?.company_ids).toHaveLength(1);
    const grant = await call('POST', '/api/users', managerA, newUser({ roles: ['admin'] }));
    expect(grant.statusCode).toBe(422);
    expect(grant.json<ErrorBody>().errors?.roles).toHaveLength(1);
    const none = await call('POST', '/api/users', managerA, newUser({ company_ids: [] }));
    expect(none.json<ErrorBody>().errors?.company_ids).toHaveLength(1);
  });

  it('lets the platform admin create an admin and a user of any company', async () => {
    const newAdmin = await call(
      'POST',
      '/api/users',
      admin,
      newUser({ roles: ['admin'], company_ids: [] }),
    );
    expect(newAdmin.statusCode).toBe(201);
    const inB = await call('POST', '/api/users', admin, newUser({ company_ids: [b.id] }));
    expect(inB.statusCode).toBe(201);
    expect(inB.json<User>().company_ids).toEqual([b.id]);
  });

  it('creates a driver with priority, which the driver list shows', async () => {
    const response = await call(
      'POST',
      '/api/users',
      managerA,
      newUser({ roles: ['driver'], high_priority: true }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json<User>()).toMatchObject({ roles: ['driver'], high_priority: true });
  });

  it('refuses dispatchers, drivers and clients (403), and answers validation per field', async () => {
    expect((await call('POST', '/api/users', dispatcherA, newUser())).statusCode).toBe(403);
    expect((await call('POST', '/api/users', driverA, newUser())).statusCode).toBe(403);
    const bad = await call('POST', '/api/users', admin, {
      name: ' ',
      email: 'nu-e-email',
      roles: [],
      company_ids: [a.id],
      password: 'scurt',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<ErrorBody>().errors ?? {}).sort()).toEqual([
      'email',
      'name',
      'password',
      'roles',
    ]);
  });
});

describe('PATCH /api/users/{id}', () => {
  it('edits a driver of the company: profile, priority, disabled', async () => {
    const response = await call('PATCH', `/api/users/${driverA.id}`, managerA, {
      name: 'Șofer A Editat',
      phone: '0744 111 222',
      high_priority: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<User>()).toMatchObject({
      name: 'Șofer A Editat',
      phone: '0744 111 222',
      high_priority: true,
    });
  });

  it("answers 404 for another company's user, and a manager may not touch an admin", async () => {
    const foreign = await call('PATCH', `/api/users/${driverB.id}`, managerA, { name: 'X' });
    expect(foreign.statusCode).toBe(404);
    const onAdmin = await call('PATCH', `/api/users/${admin.id}`, managerA, { name: 'X' });
    expect(onAdmin.statusCode).toBe(403);
    const grant = await call('PATCH', `/api/users/${dispatcherA.id}`, managerA, {
      roles: ['dispatcher', 'admin'],
    });
    expect(grant.statusCode).toBe(422);
    expect(grant.json<ErrorBody>().errors?.roles).toHaveLength(1);
  });

  it('refuses to take away one’s own administration role or disable oneself', async () => {
    const ownRole = await call('PATCH', `/api/users/${managerA.id}`, managerA, {
      roles: ['dispatcher'],
    });
    expect(ownRole.statusCode).toBe(422);
    expect(ownRole.json<ErrorBody>().errors?.roles).toHaveLength(1);
    const self = await call('PATCH', `/api/users/${admin.id}`, admin, { disabled: true });
    expect(self.json<ErrorBody>().errors?.disabled).toHaveLength(1);
  });

  it('refuses an e-mail another user has', async () => {
    const response = await call('PATCH', `/api/users/${dispatcherA.id}`, managerA, {
      email: admin.email,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual({ email: [EMAIL_TAKEN] });
  });

  it('moves a user between companies; a manager only adds his own', async () => {
    const user = (
      await call('POST', '/api/users', admin, newUser({ company_ids: [b.id] }))
    ).json<User>();
    const byManager = await call('PATCH', `/api/users/${user.id}`, managerA, {
      company_ids: [a.id],
    });
    expect(byManager.statusCode).toBe(404);
    const byAdmin = await call('PATCH', `/api/users/${user.id}`, admin, {
      company_ids: [a.id, b.id],
    });
    expect(byAdmin.json<User>().company_ids).toEqual([a.id, b.id]);
    // In A too now, the manager sees him; removing him from B (not his) is refused.
    const removeB = await call('PATCH', `/api/users/${user.id}`, managerA, { company_ids: [a.id] });
    expect(removeB.statusCode).toBe(422);
    const removeA = await call('PATCH', `/api/users/${user.id}`, managerA, { company_ids: [b.id] });
    expect(removeA.statusCode).toBe(200);
    expect((await call('GET', `/api/users/${user.id}`, managerA)).statusCode).toBe(404);
  });

  it('disabling a user ends his sessions', async () => {
    const user = (await call('POST', '/api/users', admin, newUser())).json<User>();
    const session = await t.login({ email: user.email, password: 'parola-noua-1' });
    const disabled = await call('PATCH', `/api/users/${user.id}`, managerA, { disabled: true });
    expect(disabled.json<User>().disabled).toBe(true);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/verify-access-tokens',
      headers: session,
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('POST /api/users/{id}/password', () => {
  it('sets the password and revokes every session of the user', async () => {
    const user = (await call('POST', '/api/users', managerA, newUser())).json<User>();
    const old = await t.login({ email: user.email, password: 'parola-noua-1' });
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/verify-access-tokens',
      headers: old,
    });
    expect(ok.statusCode).toBe(200);
    const reset = await call('POST', `/api/users/${user.id}/password`, managerA, {
      password: 'alta-parola-2',
    });
    expect(reset.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/verify-access-tokens',
      headers: old,
    });
    expect(after.statusCode).toBe(401);
    await expect(t.login({ email: user.email, password: 'parola-noua-1' })).rejects.toThrow();
    expect((await t.login({ email: user.email, password: 'alta-parola-2' })).token).toBeTruthy();
  });

  it('is refused across companies (404), to dispatchers (403), and for a short password (422)', async () => {
    expect(
      (
        await call('POST', `/api/users/${driverB.id}/password`, managerA, {
          password: 'alta-parola-2',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', `/api/users/${driverA.id}/password`, dispatcherA, {
          password: 'alta-parola-2',
        })
      ).statusCode,
    ).toBe(403);
    const short = await call('POST', `/api/users/${driverA.id}/password`, managerA, {
      password: '123',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json<ErrorBody>().errors?.password).toHaveLength(1);
  });
});

describe('GET /api/users filters', () => {
  it('filters drivers by banned and online', async () => {
    // A manager bans his own driver (the driver page's ban control).
    const ban = await call('PATCH', `/api/users/${driverA.id}/ban`, managerA, {
      unit: 'hours',
      amount: 3,
      reason: 'test',
    });
    expect(ban.statusCode).toBe(200);
    const banned = await call('GET', '/api/users?role=driver&banned=true', managerA);
    expect(banned.json<{ data: User[] }>().data.map((u) => u.id)).toEqual([driverA.id]);
    const notBanned = await call('GET', '/api/users?role=driver&banned=false', managerA);
    expect(notBanned.json<{ data: User[] }>().data.map((u) => u.id)).not.toContain(driverA.id);
    const online = await call('GET', '/api/users?role=driver&online=true', managerA);
    expect(online.json<{ data: User[] }>().data).toEqual([]);
    const bad = await call('GET', '/api/users?online=da', managerA);
    expect(bad.statusCode).toBe(422);
  });
});

describe('GET /api/companies', () => {
  it('lists every company with its type to the platform admin, his own to a manager, nothing to a dispatcher', async () => {
    // The money screens' picker leaves protocol clients out by this type.
    const client = await buildCompany(t.db, {
      name: 'Client Protocol',
      type: 'protocol',
      parent_company_id: a.id,
    });
    const all = await call('GET', '/api/companies', admin);
    expect(all.json()).toEqual([
      { id: client.id, name: 'Client Protocol', type: 'protocol' },
      { id: a.id, name: 'Compania A', type: 'dispatch' },
      { id: b.id, name: 'Compania B', type: 'dispatch' },
    ]);
    const own = await call('GET', '/api/companies', managerA);
    expect(own.json()).toEqual([{ id: a.id, name: 'Compania A', type: 'dispatch' }]);
    expect((await call('GET', '/api/companies', dispatcherA)).statusCode).toBe(403);
  });
});

describe("a driver's role taken away", () => {
  it('leaves the live fleet at once (the online count drops)', async () => {
    const driver = await buildDriver(t.db, a.id, { name: 'Șofer Retrogradat' });
    const headers = await t.login(driver);
    const online = await t.app.inject({
      method: 'PATCH',
      url: '/api/drivers/me/status',
      headers,
      payload: { status: 'online' },
    });
    expect(online.statusCode).toBe(200);
    const count = async () =>
      (await call('GET', '/api/statistics/common', managerA)).json<{ driversOnlineCount: number }>()
        .driversOnlineCount;
    const before = await count();
    const demoted = await call('PATCH', `/api/users/${driver.id}`, managerA, {
      roles: ['dispatcher'],
    });
    expect(demoted.statusCode).toBe(200);
    expect(await count()).toBe(before - 1);
  });
});
