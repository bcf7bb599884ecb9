import type { CompanySettings } from '@common/companies/settings.schema';
import { DEFAULT_SEARCH_ITEM, type SearchItem } from '@common/dispatch/search-method.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../../db/factories';
import { orderSearches, services } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let own: number;
let other: number;
let otherService: number;
let manager: { authorization: string };
let admin: { authorization: string };
let dispatcher: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  own = (await buildCompany(t.db, { name: 'Firma Proprie' })).id;
  other = (await buildCompany(t.db, { name: 'Altă Firmă' })).id;
  const [service] = await t.db
    .insert(services)
    .values({ company_id: other, name: 'Doar a celeilalte', position: 5 })
    .returning();
  otherService = service?.id ?? 0;
  const [m, a, d] = await Promise.all([
    buildUser(t.db, { roles: ['manager', 'dispatcher'], companyIds: [own] }),
    buildUser(t.db, { roles: ['admin'] }),
    buildUser(t.db, { roles: ['dispatcher'], companyIds: [own] }),
  ]);
  manager = await t.login(m);
  admin = await t.login(a);
  dispatcher = await t.login(d);
});
afterAll(() => t.close());

const url = (id: number) => `/api/companies/${id}/settings`;
const get = (id: number, headers: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: url(id), headers });
const patch = (id: number, headers: { authorization: string }, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: url(id), headers, payload });

const STEP: SearchItem = {
  ...DEFAULT_SEARCH_ITEM,
  search_type: 'by_radius',
  search_limit: 4000,
  search_time: 20,
};

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Firma Proprie SRL',
  phone: '0232 123 456',
  address: 'Iași, Str. Palat 1',
  lat: 47.1,
  lng: 27.5,
  default_service_id: 1,
  dispatch_defaults: STEP,
  ...overrides,
});

describe('/settings: a company set up by its administrators', () => {
  it('lets a manager read and save his own company', async () => {
    const read = await get(own, manager);
    expect(read.statusCode).toBe(200);
    const settings = read.json<CompanySettings>();
    expect(settings).toMatchObject({ id: own, name: 'Firma Proprie', dispatch_defaults: null });
    // Everyone's services are offered, another company's own ones are not.
    expect(settings.services.map((s) => s.id)).toContain(1);
    expect(settings.services.map((s) => s.id)).not.toContain(otherService);

    const saved = await patch(own, manager, body());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Firma Proprie SRL',
      phone: '+40232123456',
      lat: 47.1,
      lng: 27.5,
      default_service_id: 1,
      dispatch_defaults: STEP,
    });
    expect((await get(own, manager)).json().dispatch_defaults).toEqual(STEP);
  });

  it('never lets a manager see or change another company (404), the platform admin may', async () => {
    expect((await get(other, manager)).statusCode).toBe(404);
    expect((await patch(other, manager, body({ name: 'Furată' }))).statusCode).toBe(404);
    const untouched = await get(other, admin);
    expect(untouched.statusCode).toBe(200);
    expect(untouched.json().name).toBe('Altă Firmă');
    const byAdmin = await patch(
      other,
      admin,
      body({ name: 'Altă Firmă SA', dispatch_defaults: null }),
    );
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().name).toBe('Altă Firmă SA');
  });

  it('is for administrators only: a dispatcher is refused (403), a visitor 401', async () => {
    expect((await get(own, dispatcher)).statusCode).toBe(403);
    expect((await patch(own, dispatcher, body())).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url(own) })).statusCode).toBe(401);
  });

  it('answers field → messages for bad input; another company’s service is refused', async () => {
    const bad = await patch(
      own,
      manager,
      body({ name: '', phone: 'x', lat: 95, dispatch_defaults: { search_type: 'far' } }),
    );
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors as Record<string, string[]>;
    for (const field of ['name', 'phone', 'lat']) expect(errors[field], field).toBeDefined();
    expect(Object.keys(errors).some((key) => key.startsWith('dispatch_defaults'))).toBe(true);
    const foreign = await patch(own, manager, body({ default_service_id: otherService }));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.default_service_id).toEqual([
      'Serviciul nu este al acestei firme.',
    ]);
    const half = await patch(own, manager, body({ lng: null }));
    expect(half.json().errors.lat).toBeDefined();
  });

  it('the dispatch engine searches with the company’s dispatch defaults when no interval applies', async () => {
    expect((await patch(own, manager, body({ dispatch_defaults: STEP }))).statusCode).toBe(200);
    const order = await t.postOrder(dispatcher);
    // The engine fixes the search's plan at its first step (poll: the engine runs on its own).
    let plan: unknown = null;
    for (let i = 0; i < 100 && !plan; i++) {
      const [search] = await t.db
        .select({ plan: orderSearches.plan })
        .from(orderSearches)
        .where(eq(orderSearches.order_id, order.id));
      plan = search?.plan ?? null;
      if (!plan) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(plan).toEqual({ method_id: null, interval_id: null, items: [STEP] });
  });

  it('a new order without a service gets the company’s default service; the session tells the form', async () => {
    const [own2] = await t.db
      .insert(services)
      .values({ company_id: own, name: 'Confort', position: 6 })
      .returning();
    const serviceId = own2?.id ?? 0;
    expect((await patch(own, manager, body({ default_service_id: serviceId }))).statusCode).toBe(
      200,
    );
    expect((await t.postOrder(dispatcher)).service_id).toBe(serviceId);
    // One the dispatcher chose stays his choice.
    expect((await t.postOrder(dispatcher, { service_id: 1 })).service_id).toBe(1);
    // The order form starts from the logged user's company (common/auth UserCompany).
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/verify-access-tokens',
      headers: dispatcher,
    });
    expect(me.json().companies[0].default_service_id).toBe(serviceId);
    // Back to the platform's service 1 when the company has none.
    expect((await patch(own, manager, body({ default_service_id: null }))).statusCode).toBe(200);
    expect((await t.postOrder(dispatcher)).service_id).toBe(1);
  });
});
