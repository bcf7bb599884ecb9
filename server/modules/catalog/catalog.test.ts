import { PACKAGES, type PackageId } from '@common/auth/auth.schema';
import type { ErrorBody } from '@common/http/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await buildCompany(t.db);
  headers = await t.login(await buildUser(t.db, { roles: ['dispatcher'], companyIds: [a.id] }));
});
afterAll(() => t.close());

describe('catalogue (services, order options)', () => {
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
});

describe('order options by package', () => {
  const keysFor = async (packageId: PackageId) => {
    const company = await buildCompany(t.db, { package_id: packageId, type: 'courier' });
    const user = await t.login(
      await buildUser(t.db, { roles: ['company'], companyIds: [company.id] }),
    );
    const options = (
      await t.app.inject({ method: 'GET', url: '/api/order-options', headers: user })
    ).json<{ key: string }[]>();
    return { keys: options.map((o) => o.key), user };
  };

  it('offers a taxi company ride options, and no delivery ones', async () => {
    const options = (
      await t.app.inject({ method: 'GET', url: '/api/order-options', headers })
    ).json<{ key: string }[]>();
    const keys = options.map((o) => o.key);
    expect(keys).toEqual(expect.arrayContaining(['animal', 'child_seat', 'card']));
    expect(keys).not.toContain('fragile');
  });

  it('offers a courier and a restaurant delivery options, never a pet or a child seat', async () => {
    const courier = await keysFor(PACKAGES.courier);
    expect(courier.keys).toEqual(
      expect.arrayContaining(['card', 'fragile', 'documents', 'cash_on_delivery', 'call_before']),
    );
    const restaurant = await keysFor(PACKAGES.restaurant);
    expect(restaurant.keys).toEqual(expect.arrayContaining(['thermal_bag', 'cutlery', 'card']));
    for (const { keys } of [courier, restaurant]) {
      expect(keys).not.toContain('animal');
      expect(keys).not.toContain('child_seat');
    }
    expect(courier.keys).not.toContain('cutlery');

    // Placing checks the same fit: a pet on a delivery is refused on its field.
    const body = (options: string[]) => ({
      places: [
        { name: 'Depozit', lat: 46.77, long: 23.59 },
        { name: 'Strada Memorandumului 2', lat: 46.769, long: 23.585 },
      ],
      phone: '0740 111 333',
      client_name: 'Destinatar',
      options,
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: courier.user,
      payload: body(['fragile', 'animal']),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorBody>().errors?.options).toEqual(['Opțiune necunoscută: animal']);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: courier.user,
      payload: body(['fragile', 'call_before']),
    });
    expect(placed.statusCode, placed.body).toBe(201);
  });
});
