import type { ProtocolCompany } from '@common/companies/companies.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let taxi: { id: number };
let dispatcher: { authorization: string };

const list = async (headers: { authorization: string }) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/protocol-companies', headers });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: ProtocolCompany[] }>().data;
};

beforeAll(async () => {
  t = await createTestApp();
  // As server/db/seed.ts: protocol client companies are children of the taxi company.
  taxi = await buildCompany(t.db, { name: 'Taxi Iași' });
  dispatcher = await t.login(
    await buildUser(t.db, { roles: ['dispatcher'], companyIds: [taxi.id] }),
  );
});
afterAll(() => t.close());

describe('GET /api/protocol-companies (protocol company selector)', () => {
  it('lists the protocol children of the caller’s company by name, and no one else’s', async () => {
    const zeta = await buildCompany(t.db, {
      name: 'Zeta Protocol SRL',
      type: 'protocol',
      parent_company_id: taxi.id,
    });
    const alfa = await buildCompany(t.db, {
      name: 'Alfa Protocol SRL',
      type: 'protocol',
      parent_company_id: taxi.id,
    });
    // A child that is not a protocol company, and another taxi company's protocol client.
    await buildCompany(t.db, { name: 'Curier copil', type: 'courier', parent_company_id: taxi.id });
    const other = await buildCompany(t.db, { name: 'Alt Taxi' });
    const foreign = await buildCompany(t.db, {
      name: 'Protocol Străin SRL',
      type: 'protocol',
      parent_company_id: other.id,
    });

    expect(await list(dispatcher)).toEqual([
      { id: alfa.id, name: 'Alfa Protocol SRL' },
      { id: zeta.id, name: 'Zeta Protocol SRL' },
    ]);
    const otherDispatcher = await t.login(
      await buildUser(t.db, { roles: ['dispatcher'], companyIds: [other.id] }),
    );
    expect(await list(otherDispatcher)).toEqual([{ id: foreign.id, name: 'Protocol Străin SRL' }]);
  });

  it('lists a protocol-company user’s own company', async () => {
    const parent = await buildCompany(t.db);
    const own = await buildCompany(t.db, {
      name: 'Protocol Corporate SRL',
      type: 'protocol',
      parent_company_id: parent.id,
    });
    const user = await t.login(await buildUser(t.db, { roles: ['company'], companyIds: [own.id] }));
    expect(await list(user)).toEqual([{ id: own.id, name: 'Protocol Corporate SRL' }]);
  });

  it('offers only companies that placing an order accepts', async () => {
    const [first] = await list(dispatcher);
    if (!first) throw new Error('expected a protocol company');
    const order = await t.postOrder(dispatcher, {
      payment_type: 'protocol',
      protocol_company_id: first.id,
    });
    expect(order).toMatchObject({ payment_type: 'protocol' });
  });

  it('refuses anonymous callers and drivers', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/protocol-companies' });
    expect(anonymous.statusCode).toBe(401);
    const driver = await t.login(await buildDriver(t.db, taxi.id));
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/protocol-companies',
      headers: driver,
    });
    expect(refused.statusCode).toBe(403);
  });
});
