import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../../db/factories';
import { discounts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await buildCompany(t.db);
  const b = await buildCompany(t.db);
  await t.db.insert(discounts).values([
    { company_id: a.id, name: 'Student 10%', type: 'percent', value: 10 },
    { company_id: b.id, name: 'Alt discount', type: 'fixed', value: 500 },
  ]);
  headers = await t.login(await buildUser(t.db, { roles: ['dispatcher'], companyIds: [a.id] }));
});
afterAll(() => t.close());

describe('catalogue (services, order options, discounts)', () => {
  it('has the default service 1 and more than eight options', async () => {
    const services = (await t.app.inject({ method: 'GET', url: '/api/services', headers })).json<
      { id: number; name: string }[]
    >();
    expect(services[0]).toEqual({ id: 1, name: 'Standard' });
    const options = (
      await t.app.inject({ method: 'GET', url: '/api/order-options', headers })
    ).json<{ key: string }[]>();
    expect(options.length).toBeGreaterThan(8);
  });

  it("lists only the company's discounts", async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/discounts', headers })).json<
      { name: string }[]
    >();
    expect(list.map((d) => d.name)).toEqual(['Student 10%']);
  });
});
