import type { Role } from '@common/auth/auth.schema';
import { bucharestDate } from '@common/lib/dates';
import type { SimulatorSession } from '@common/simulator/simulator.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { buildCompany, buildDriver, buildUser } from '../db/factories';
import { accessOfRoutes } from '../http/route';
import { createTestApp, type TestApp } from '../test/harness';
import { connected, socketClients } from '../test/socket-clients';
import { ACCESS_POLICY, type Policy } from './access-policy';
import { leakedCanaries } from './oracles';
import { seedTenants, type Tenant, type TenantLabel, type Tenants } from './tenants';

/**
 * The authorization matrix, generated from the app's
 * own route inventory: every route × every role, on the caller's own company's rows and on the
 * other company's, REST and socket rooms alike, with the other company's canary strings looked
 * for in every answer and every frame. A route missing from access-policy.ts fails it.
 *
 * Roles are single (a manager who is only a manager …) so each column tests one role; the
 * 'simulator' column is a driver session a dispatcher minted for a user who is a driver and a
 * manager of both companies: it must act as a driver of one company and nothing more.
 */

const CALLER_ROLES = [
  'admin',
  'manager',
  'dispatcher',
  'company',
  'driver',
  'client',
  'simulator',
] as const;
type CallerRole = (typeof CALLER_ROLES)[number];

interface Caller {
  role: CallerRole;
  label: TenantLabel;
  userId: number;
  /** The roles the session carries: a simulator's are the driver's alone. */
  roles: readonly Role[];
  headers: { authorization: string };
  token: string;
}

/** An id no fixture has: a route whose table has no row of the company gets it. */
const MISSING = 2_147_483_000;
const ROLE_FORBIDDEN = 'Nu aveți dreptul să faceți această acțiune.';

let t: TestApp;
let url: string;
let tenants: Tenants;
const callers: Record<TenantLabel, Partial<Record<CallerRole, Caller>>> = { A: {}, B: {} };
const clients = socketClients(() => url);
/** Per company, its first row of each table a route's id names (MISSING when it has none). */
const rows: Record<TenantLabel, Record<string, number>> = { A: {}, B: {} };

const mayCall = (policy: Policy, roles: readonly Role[]) =>
  policy === 'public' || policy === 'any' || roles.some((role) => policy.includes(role));

async function session(userId: number) {
  const { token } = await t.app.auth.issueSession(userId, {
    ttlSeconds: 3600,
    ip: '127.0.0.1',
    userAgent: 'authorization-matrix',
  });
  return { token, headers: { authorization: `Bearer ${token}` } };
}

async function firstRow(table: string, where: ReturnType<typeof sql>) {
  const [row] = rowsOf<{ id: number }>(
    await t.db.execute(
      sql`select id from ${sql.identifier(table)} where ${where} order by id limit 1`,
    ),
  );
  return row?.id ?? MISSING;
}

async function seedCallers(tenant: Tenant) {
  const label = tenant.label;
  const one = async (role: CallerRole, roles: Role[]) => {
    const user = await buildUser(t.db, {
      name: `${role} ${tenant.token}`,
      roles,
      companyIds: [tenant.companyId],
    });
    callers[label][role] = { role, label, userId: user.id, roles, ...(await session(user.id)) };
  };
  // One platform admin (cross-tenant by design), a member of A.
  if (label === 'A') await one('admin', ['admin']);
  await one('manager', ['manager']);
  await one('dispatcher', ['dispatcher']);
  await one('company', ['company']);
  await one('client', ['client']);
  callers[label].driver = {
    role: 'driver',
    label,
    userId: tenant.driverId,
    roles: ['driver'],
    ...(await session(tenant.driverId)),
  };
  const company = tenant.companyId;
  // Rows the tenants' fixtures do not make, so every id a route names exists in each company.
  await t.db.execute(sql`with method as (
      insert into search_methods (company_id, definitions) values (${company}, '{"items":[]}'::jsonb)
      returning id)
    insert into search_intervals (company_id, search_method_id, type, value)
      select ${company}, id, 'weekdays', '[1]'::jsonb from method`);
  await t.db.execute(sql`insert into priority_intervals (company_id, "from", "to")
    values (${company}, '2026-01-01 00:00:00', '2026-01-01 01:00:00')`);
  await t.db.execute(sql`insert into devices (company_id, identifier, model, platform)
    values (${company}, ${`device-${tenant.token}`}, ${`Model ${tenant.token}`}, 'android')`);
  await t.db.execute(sql`insert into calls (company_id, sip_call_id, phone, outcome, code)
    values (${company}, ${`call-${tenant.token}`}, ${tenant.phones[0] ?? ''}, 'missed', 487)`);
  // Its pricing: a service of its own to price, a surcharge named with the canary (GET
  // /api/tariffs must never show it to the other company), a zone price on its zone.
  await t.db.execute(
    sql`insert into services (company_id, name) values (${company}, ${`Serviciu ${tenant.token}`})`,
  );
  await t.db.execute(sql`insert into tariff_surcharges (company_id, name, days, time_from, time_to, percent)
    values (${company}, ${`Noapte ${tenant.token}`}, '{1,2,3,4,5,6,7}', '22:00', '06:00', 130)`);
  const zone = tenant.zoneIds[0] ?? MISSING;
  await t.db.execute(sql`insert into zone_prices (company_id, from_polygon_id, to_polygon_id, price)
    values (${company}, ${zone}, ${zone}, 1500)`);
  // A discount condition named with the canary (no other company may read it).
  await t.db.execute(sql`insert into discount_conditions (company_id, name, kind, value)
    values (${company}, ${`Reducere ${tenant.token}`}, 'percent', 1000)`);
  for (const [table, where] of [
    ['services', sql`company_id = ${company}`],
    ['discount_conditions', sql`company_id = ${company}`],
    ['tariff_surcharges', sql`company_id = ${company}`],
    ['zone_prices', sql`company_id = ${company}`],
    ['cars', sql`company_id = ${company}`],
    ['devices', sql`company_id = ${company}`],
    ['search_intervals', sql`company_id = ${company}`],
    ['search_methods', sql`company_id = ${company}`],
    ['priority_intervals', sql`company_id = ${company}`],
    ['announcements', sql`company_id = ${company}`],
    ['incidents', sql`company_id = ${company}`],
    ['calls', sql`company_id = ${company}`],
    ['driver_report_tokens', sql`driver_id = ${tenant.driverId}`],
  ] as const) {
    rows[label][table] = await firstRow(table, where);
  }
}

/** A simulator's session for the user, minted by A's dispatcher. */
async function simulatorSession(driverId: number) {
  const minter = callers.A.dispatcher;
  if (!minter) throw new Error('no dispatcher of A');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/simulator/sessions',
    headers: minter.headers,
    payload: { driver_id: driverId },
  });
  expect(response.statusCode).toBe(201);
  const { token } = response.json<SimulatorSession>();
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** A driver and manager of both companies: the simulator column acts as him. */
async function seedSimulator() {
  const shared = await buildDriver(t.db, tenants.A.companyId, {
    name: `Sofer comun ${tenants.A.token}`,
    roles: ['driver', 'manager'],
    companyIds: [tenants.A.companyId, tenants.B.companyId],
  });
  // Company B writes to him there: the simulator, a driver of A, must never read it.
  const writerB = await session(tenants.B.dispatcher.id);
  const toShared = await t.app.inject({
    method: 'POST',
    url: '/api/messages/to-user',
    headers: writerB.headers,
    payload: {
      user_id: shared.id,
      message: `Privat ${tenants.B.token}`,
      company_id: tenants.B.companyId,
    },
  });
  expect(toShared.statusCode).toBe(201);
  callers.A.simulator = {
    role: 'simulator',
    label: 'A',
    userId: shared.id,
    roles: ['driver'],
    ...(await simulatorSession(shared.id)),
  };
}

/** Another session of the same kind, for a route that ends the session it is called with. */
const throwaway = (caller: Caller) =>
  caller.role === 'simulator' ? simulatorSession(caller.userId) : session(caller.userId);

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  tenants = await seedTenants(t, 27);
  await seedCallers(tenants.A);
  await seedCallers(tenants.B);
  await seedSimulator();
}, 120_000);
afterAll(async () => {
  clients.closeAll();
  await t?.close();
});

/** The value of one path parameter: a row of `label`'s company, or the caller himself. */
function paramValue(path: string, param: string, label: TenantLabel, caller: Caller): string {
  const tenant = tenants[label];
  const own = label === caller.label;
  const first = (ids: readonly (number | string)[]) => String(ids[0] ?? MISSING);
  if (path.startsWith('/api/users/') || path.startsWith('/api/drivers/:id'))
    return String(own ? caller.userId : tenant.driverId);
  if (param === 'placeId') return first(tenant.orderPlaceIds);
  if (param === 'orderId' || path.startsWith('/api/orders/') || path.includes('/me/orders/'))
    return first(tenant.orderIds);
  if (param === 'clientId' || param === 'phoneOrUserId') return first(tenant.clientIds);
  if (param === 'addressId' || path.startsWith('/user-addresses/')) return first(tenant.addressIds);
  if (path.startsWith('/api/polygons/')) return first(tenant.zoneIds);
  if (path.startsWith('/api/stands/')) return first(tenant.standIds);
  if (path.startsWith('/api/blocked-phone/')) return first(tenant.blockedPhoneIds);
  if (path.startsWith('/geo/')) return first(tenant.placeIds);
  if (path.startsWith('/api/companies/')) return String(tenant.companyId);
  if (path.startsWith('/api/protocol-statements/')) return first(tenant.protocolCompanyIds);
  const table = (
    [
      ['/api/cars/', 'cars'],
      ['/api/devices/', 'devices'],
      ['/api/search-intervals/', 'search_intervals'],
      ['/api/search-methods/', 'search_methods'],
      ['/api/users-intervals/', 'priority_intervals'],
      ['/api/announcements/', 'announcements'],
      ['/api/incidents/', 'incidents'],
      ['/api/calls/missed/', 'calls'],
      ['/api/tariffs/', 'services'],
      ['/api/commissions/', 'services'],
      ['/api/tariff-surcharges/', 'tariff_surcharges'],
      ['/api/zone-prices/', 'zone_prices'],
      ['/api/discounts/', 'discount_conditions'],
    ] as const
  ).find(([prefix]) => path.startsWith(prefix))?.[1];
  if (param === 'linkId') return String(rows[label].driver_report_tokens ?? MISSING);
  return String(table ? (rows[label][table] ?? MISSING) : MISSING);
}

/**
 * Routes that name a person or a company in the query or the body rather than the path: each
 * gets one of `label`'s, so the cross-company run asks for the other company's and the
 * own-company run reaches the service's rule rather than a 422.
 */
function namedInput(
  key: string,
  label: TenantLabel,
  caller: Caller,
): { query?: string; payload?: object } | undefined {
  const tenant = tenants[label];
  const person = tenant.dispatcher.id;
  switch (key) {
    case 'GET /api/messages/self':
      return { query: `interlocutor_id=${person}` };
    // His own lists unnarrowed (the canary scan reads all of them), and narrowed to the other's.
    case 'GET /api/messages/self-interlocutors':
    case 'GET /api/messages/unread-count':
      return label === caller.label ? {} : { query: `company_id=${tenant.companyId}` };
    case 'GET /api/messages/recipients':
      return { query: `search=${tenant.token}` };
    case 'POST /api/messages/read':
      return { payload: { interlocutor_id: person } };
    case 'POST /api/messages/to-user':
      return { payload: { user_id: person, message: `Matrice ${caller.role}` } };
    // The pricing of the company named in the query (the caller's own when none is named).
    case 'GET /api/tariffs':
      return label === caller.label ? {} : { query: `company_id=${tenant.companyId}` };
    case 'POST /api/tariff-surcharges':
    case 'PUT /api/finance-settings':
      return {
        ...(label === caller.label ? {} : { query: `company_id=${tenant.companyId}` }),
        payload:
          key === 'PUT /api/finance-settings'
            ? { accept_taximeter: false, min_balance: 0, allow_negative_balance: false }
            : { name: 'Matrice', days: [1], time_from: '22:00', time_to: '06:00', percent: 120 },
      };
    // Valid bodies, so that the other company's service or zones decide.
    case 'PUT /api/tariffs/:service_id':
      return { payload: { start_fee: 500, per_km: 280, per_minute: 50, minimum_fare: 1200 } };
    case 'POST /api/zone-prices':
      return {
        payload: {
          from_polygon_id: tenant.zoneIds[0] ?? MISSING,
          to_polygon_id: tenant.zoneIds[0] ?? MISSING,
          price: 2000,
        },
      };
    case 'POST /api/fare-estimates':
      return {
        payload: {
          places: [
            { lat: 47.16, long: 27.58 },
            { lat: 47.17, long: 27.6 },
          ],
          ...(label === caller.label ? {} : { company_id: tenant.companyId }),
        },
      };
    // The discounts of the company named in the query (the caller's own when none is named).
    case 'GET /api/discounts':
    case 'GET /api/discounts/applicable':
    case 'GET /api/discount-compensations':
      return label === caller.label ? {} : { query: `company_id=${tenant.companyId}` };
    // A valid condition, for the company named; and the edit of one (its id in the path).
    case 'POST /api/discounts':
    case 'PUT /api/discounts/:id':
      return {
        ...(label === caller.label || key === 'PUT /api/discounts/:id'
          ? {}
          : { query: `company_id=${tenant.companyId}` }),
        payload: { name: `Matrice ${caller.role}`, kind: 'percent', value: 500 },
      };
    // An order of the company: the other company's must be a 404.
    case 'POST /api/ledger/discount-compensations':
      return { payload: { order_id: tenant.orderIds[0] ?? MISSING } };
    case 'POST /api/messages/to-all-drivers':
    case 'POST /api/messages/to-all-clients':
      return { payload: { message: `Matrice ${caller.role}`, company_id: tenant.companyId } };
    // The balances and entries of the company named (the caller's own when none is named).
    case 'GET /api/driver-balances':
    case 'GET /api/ledger-entries':
    case 'GET /api/drivers/me/ledger':
      return label === caller.label ? {} : { query: `company_id=${tenant.companyId}` };
    case 'GET /api/ledger-entries/export':
      return {
        query: `format=csv${label === caller.label ? '' : `&company_id=${tenant.companyId}`}`,
      };
    // Money for the company's driver: the other company's must be refused.
    case 'POST /api/ledger/top-ups':
    case 'POST /api/ledger/payouts':
      return { payload: { driver_id: tenant.driverId, amount: 100 } };
    case 'POST /api/ledger/transfers':
      return {
        payload: { from_driver_id: tenant.driverId, to_driver_id: tenant.driverId + 1, amount: 1 },
      };
    case 'PATCH /api/orders/:id/fare':
      return { payload: { cost: 1_000 } };
    case 'PUT /api/commissions/:service_id':
      return { payload: { percent_bp: 1_000, fixed: 0 } };
    // This month's statements: the clients of the company named; one client's (in the path).
    case 'GET /api/protocol-statements':
      return {
        query: `month=${thisMonth()}${label === caller.label ? '' : `&company_id=${tenant.companyId}`}`,
      };
    case 'GET /api/protocol-statements/:company_id':
      return { query: `month=${thisMonth()}` };
    case 'GET /api/protocol-statements/:company_id/export':
      return { query: `month=${thisMonth()}&format=csv` };
    // The orders report of the company named (a narrowing of the caller's orders).
    case 'GET /api/reports/orders':
      return label === caller.label ? {} : { query: `company_id=${tenant.companyId}` };
    case 'GET /api/reports/orders/export':
      return {
        query: `format=csv${label === caller.label ? '' : `&company_id=${tenant.companyId}`}`,
      };
    default:
      return undefined;
  }
}

/** The Bucharest month of now: the fixtures' finished rides are billed in it. */
const thisMonth = () => bucharestDate(new Date()).slice(0, 7);

const urlOf = (path: string, label: TenantLabel, caller: Caller) =>
  path.replace(/:([A-Za-z_]+)/g, (_match, param: string) =>
    encodeURIComponent(paramValue(path, param, label, caller)),
  );

/** Calls a route as a caller with an empty body: the guard and the lookups decide, not the body. */
async function callRoute(key: string, caller: Caller | null, label: TenantLabel) {
  const [method, path] = key.split(' ') as [string, string];
  const named = caller ? namedInput(key, label, caller) : undefined;
  const target = `${caller ? urlOf(path, label, caller) : path.replace(/:[A-Za-z_]+/g, '1')}${
    named?.query ? `?${named.query}` : ''
  }`;
  // Logging out ends the session it is called with: a throwaway one of the same user.
  const headers =
    caller && key === 'DELETE /api/access-tokens'
      ? (await throwaway(caller)).headers
      : (caller?.headers ?? {});
  const response = await t.app.inject({
    method: method as 'GET',
    url: target,
    headers,
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: named?.payload ?? {} }),
  });
  return { response, target };
}

describe('authorization matrix: every route × role', () => {
  it('holds every registered route to its reviewed access, and no stale entry', () => {
    const registered = accessOfRoutes(t.app);
    const missing = [...registered.keys()].filter((key) => !(key in ACCESS_POLICY));
    const stale = Object.keys(ACCESS_POLICY).filter((key) => !registered.has(key));
    expect(missing, 'routes missing from server/fuzz/access-policy.ts').toEqual([]);
    expect(stale, 'access-policy.ts entries of no route').toEqual([]);
    const differs = [...registered].flatMap(([key, access]) => {
      const declared: Policy =
        'public' in access ? 'public' : access.roles === 'any' ? 'any' : access.roles;
      const reviewed = ACCESS_POLICY[key];
      return JSON.stringify(declared) === JSON.stringify(reviewed)
        ? []
        : [`${key}: declared ${JSON.stringify(declared)}, reviewed ${JSON.stringify(reviewed)}`];
    });
    expect(differs).toEqual([]);
  });

  it('finds a row of each company for every id a route names (so no column is blind)', () => {
    const caller = callers.A.dispatcher;
    if (!caller) throw new Error('no dispatcher of A');
    const blind = Object.keys(ACCESS_POLICY).filter((key) => {
      const path = key.split(' ')[1] ?? '';
      return (['A', 'B'] as const).some((label) =>
        urlOf(path, label, caller).split('/').includes(String(MISSING)),
      );
    });
    expect(blind).toEqual(WITHOUT_FIXTURE);
  });

  it('refuses an anonymous caller on every route that is not public (401)', async () => {
    const wrong: string[] = [];
    for (const [key, policy] of Object.entries(ACCESS_POLICY)) {
      if (policy === 'public') continue;
      const { response } = await callRoute(key, null, 'A');
      if (response.statusCode !== 401) wrong.push(`${key}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  for (const role of CALLER_ROLES) {
    it(`lets the ${role} of company A call exactly the routes his role may, on his own company's rows`, async () => {
      const caller = callers.A[role];
      if (!caller) throw new Error(`no ${role} of A`);
      const wrong: string[] = [];
      const keys = Object.keys(ACCESS_POLICY).sort((a, b) =>
        a === 'DELETE /api/access-tokens' ? 1 : b === 'DELETE /api/access-tokens' ? -1 : 0,
      );
      for (const key of keys) {
        const policy = ACCESS_POLICY[key] as Policy;
        const { response, target } = await callRoute(key, caller, 'A');
        const status = response.statusCode;
        const roleRefused = status === 403 && response.body.includes(ROLE_FORBIDDEN);
        if (mayCall(policy, caller.roles)) {
          // Let through by the guard; the route may still find nothing (404) or refuse the
          // empty body (422), but never ask who he is again.
          if (status === 401 || (roleRefused && !SERVICE_REFUSES.has(`${role} ${key}`)))
            wrong.push(`${key} (${target}): ${status}, expected past the guard`);
        } else if (status !== 403) {
          wrong.push(`${key} (${target}): ${status}, expected 403`);
        }
        // The platform admin is the one cross-tenant role.
        const leaks =
          role === 'admin' ? [] : leakedCanaries(tenants.canaries, 'A', response.body, target);
        if (leaks.length > 0) wrong.push(`${key}: company B's ${leaks.join(', ')}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  for (const role of CALLER_ROLES.filter((r) => r !== 'admin')) {
    it(`never lets the ${role} of company A reach company B's rows`, async () => {
      const caller = callers.A[role];
      if (!caller) throw new Error(`no ${role} of A`);
      const wrong: string[] = [];
      for (const [key, policy] of Object.entries(ACCESS_POLICY)) {
        const [method, path] = key.split(' ') as [string, string];
        const names = path.includes(':') || namedInput(key, 'B', caller) !== undefined;
        if (policy === 'public' || !names || key === 'DELETE /api/access-tokens') continue;
        if (!mayCall(policy, caller.roles)) continue;
        const { response, target } = await callRoute(key, caller, 'B');
        if (response.statusCode < 300 && !foundNothing(response.body))
          wrong.push(`${method} ${target}: ${response.statusCode} on company B's row`);
        const leaks = leakedCanaries(tenants.canaries, 'A', response.body, target);
        if (leaks.length > 0) wrong.push(`${key}: company B's ${leaks.join(', ')}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});

/** The routes that administer one user's account (user-authority.ts administers). */
const ADMINISTERING = new Set([
  'PATCH /api/users/:id',
  'POST /api/users/:id/password',
  'GET /api/users/:id/meta',
  'GET /api/users/:id/telephony',
  'PATCH /api/users/:id/telephony',
]);
/** Bodies that pass validation, so the service's own rule answers. */
const VALID_BODIES: Record<string, object> = {
  'PATCH /api/users/:id': { name: 'Preluat' },
  'POST /api/users/:id/password': { password: 'parola-preluata-12' },
  'PATCH /api/users/:id/telephony': { sip_websocket: 'wss://evil.example/ws' },
};

describe('authorization matrix: a user shared with another company', () => {
  it("lets company A's manager read but not administer a user who also belongs to company B", async () => {
    const manager = callers.A.manager;
    const shared = callers.A.simulator;
    if (!manager || !shared) throw new Error('no manager or shared user');
    const wrong: string[] = [];
    for (const [key, policy] of Object.entries(ACCESS_POLICY)) {
      const [method, path] = key.split(' ') as [string, string];
      if (!path.startsWith('/api/users/:id') || !mayCall(policy, manager.roles)) continue;
      const response = await t.app.inject({
        method: method as 'GET',
        url: path.replace(':id', String(shared.userId)),
        headers: manager.headers,
        ...(method === 'GET' ? {} : { payload: VALID_BODIES[key] ?? {} }),
      });
      // Reading a colleague is his, and so is banning a driver from his company's work; the
      // account, its password, meta and softphone are not.
      const expected = ADMINISTERING.has(key) ? 403 : 200;
      if (response.statusCode !== expected) wrong.push(`${key}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * Routes whose id names a row the tenants' fixtures do not make (a device, a search method, a
 * missed call …): the matrix still checks their guard, with an id nobody has.
 */
const WITHOUT_FIXTURE: string[] = [
  // Public: a page of the platform, a report link's secret token.
  'GET /api/content/:id',
  'GET /api/content/by-url/:section/:url',
  'GET /api/driver-reports/:token',
  // The platform admin's alone: pages belong to no company.
  'PATCH /api/content/:id',
];

/**
 * A lookup's answer of nothing (an empty list or page, a count of 0): what a search by another's
 * id or company finds.
 */
function foundNothing(body: string): boolean {
  // A CSV file (UTF-8 with a BOM): its header line alone.
  if (body.startsWith('\uFEFF')) return body.trim().split('\r\n').length <= 1;
  const value: unknown = body ? JSON.parse(body) : null;
  if (Array.isArray(value)) return value.length === 0;
  if (value !== null && typeof value === 'object' && Object.keys(value).join() === 'count')
    return (value as { count: unknown }).count === 0;
  const data = (value as { data?: unknown } | null)?.data;
  return Array.isArray(data) && data.length === 0;
}

describe('authorization matrix: a protocol client of company A', () => {
  it("reaches none of A's own orders nor B's, by any order route or list, and reads no canary of either", async () => {
    const protocol = await buildCompany(t.db, {
      name: 'Protocol Matrice',
      type: 'protocol',
      parent_company_id: tenants.A.companyId,
    });
    const user = await buildUser(t.db, { roles: ['company'], companyIds: [protocol.id] });
    // Label A: a user's own account routes name himself, never A's driver.
    const caller: Caller = {
      role: 'company',
      label: 'A',
      userId: user.id,
      roles: ['company'],
      ...(await session(user.id)),
    };
    const wrong: string[] = [];
    for (const [key, policy] of Object.entries(ACCESS_POLICY)) {
      const [method, path] = key.split(' ') as [string, string];
      if (!path.includes('order') || !mayCall(policy, caller.roles)) continue;
      // The lists without a row, and every order route on each company's orders.
      const labels: TenantLabel[] = path.includes(':') ? ['A', 'B'] : method === 'GET' ? ['A'] : [];
      for (const label of labels) {
        const { response, target } = await callRoute(key, caller, label);
        if (path.includes(':') && response.statusCode < 300 && !foundNothing(response.body))
          wrong.push(`${method} ${target}: ${response.statusCode} on company ${label}'s order`);
        const leaks = leakedCanaries(tenants.canaries, 'protocol', response.body, target);
        if (leaks.length > 0) wrong.push(`${key}: ${leaks.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * A role the guard lets through whose service still refuses the route's fixture (403 with the
 * general message): GET /api/users/{id}/meta is the owner's or an admin's, and the matrix calls
 * it on the caller himself, so nobody is here today.
 */
const SERVICE_REFUSES = new Set<string>();

describe('authorization matrix: socket rooms follow the same rules', () => {
  const open = (token: string) => clients.open({ token });

  it("gives a company's orders and fleet only to its console roles, and no frame carries the other company's canaries", async () => {
    const listeners: { caller: Caller; orders: Set<number>; frames: string[] }[] = [];
    for (const label of ['A', 'B'] as const) {
      for (const role of CALLER_ROLES) {
        const caller = callers[label][role];
        if (!caller) continue;
        const socket = open(caller.token);
        await connected(socket);
        const entry = { caller, orders: new Set<number>(), frames: [] as string[] };
        socket.on('order_updated', (order) => entry.orders.add(order.id));
        socket.onAny((event: string, payload: unknown) =>
          entry.frames.push(`${event} ${JSON.stringify(payload)}`),
        );
        listeners.push(entry);
      }
    }
    const poster = callers.A.dispatcher;
    const watcherB = listeners.find(
      (l) => l.caller.label === 'B' && l.caller.role === 'dispatcher',
    );
    const watcherA = listeners.find(
      (l) => l.caller.label === 'A' && l.caller.role === 'dispatcher',
    );
    if (!poster || !watcherA || !watcherB) throw new Error('no dispatchers');
    const posterB = callers.B.dispatcher;
    if (!posterB) throw new Error('no dispatcher of B');
    const inA = await t.postOrder(poster.headers, { client_name: `Client ${tenants.A.token}` });
    const inB = await t.postOrder(posterB.headers, { client_name: `Client ${tenants.B.token}` });
    const deadline = Date.now() + 10_000;
    while (!(watcherA.orders.has(inA.id) && watcherB.orders.has(inB.id))) {
      if (Date.now() > deadline) throw new Error('the orders never reached their dispatchers');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const wrong: string[] = [];
    for (const { caller, orders, frames } of listeners) {
      const own = caller.label === 'A' ? inA.id : inB.id;
      const other = caller.label === 'A' ? inB.id : inA.id;
      const console = ['admin', 'manager', 'dispatcher', 'company'].includes(caller.role);
      const name = `${caller.role} of ${caller.label}`;
      if (console && !orders.has(own)) wrong.push(`${name} missed his company's order`);
      if (!console && orders.has(own)) wrong.push(`${name} got his company's order`);
      if (orders.has(other)) wrong.push(`${name} got the other company's order`);
      for (const frame of frames) {
        const leaks = leakedCanaries(tenants.canaries, caller.label, frame, '');
        if (leaks.length > 0) wrong.push(`${name}: ${leaks.join(', ')} in ${frame.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
