import type { CompanyType, Role } from '@common/auth/auth.schema';
import { can, mayOpenPage, type PersonFacts } from '@common/auth/page-access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../db/factories';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * The web app offers a page (menu entry, route guard) by `mayOpenPage`; here every person
 * it offers a page to calls that page's main API, which must answer 200, and where the page
 * is refused for a role the server refuses too, it answers 403. So the menu never offers a
 * page that only answers "forbidden".
 */
let t: TestApp;
const ids = { taxi: 0, dispatcher: 0, car: 0, driver: 0 };

interface Person {
  facts: PersonFacts;
  headers: { authorization: string };
  companyId: number;
}
const people = new Map<string, Person>();

const PERSONS: Record<string, { roles: Role[]; company: CompanyType }> = {
  admin: { roles: ['admin'], company: 'dispatch' },
  manager: { roles: ['manager'], company: 'dispatch' },
  dispatcher: { roles: ['dispatcher'], company: 'dispatch' },
  'manager+dispatcher': { roles: ['manager', 'dispatcher'], company: 'dispatch' },
  courier: { roles: ['company'], company: 'courier' },
  protocol: { roles: ['company'], company: 'protocol' },
  driver: { roles: ['driver'], company: 'dispatch' },
};

/** Each page the menu may offer, with the request its screen cannot work without. */
const PAGE_APIS: Record<string, (person: Person) => string> = {
  '/dashboard': () => '/api/statistics/common',
  '/live': () => '/api/drivers-positions',
  '/operator/map': () => '/api/drivers-positions',
  '/users/dispatcher': () => '/api/users?role=dispatcher',
  '/users/driver': () => '/api/users?role=driver',
  '/users/client': () => '/api/users?role=client',
  '/users/company': () => '/api/users?role=company',
  '/users/manager': () => '/api/users?role=manager',
  '/users/admin': () => '/api/users?role=admin',
  '/user/7/dispatcher': () => `/api/users/${ids.dispatcher}`,
  '/user/7/driver': () => `/api/users/${ids.driver}`,
  '/cars': () => '/api/cars',
  '/car/7': () => `/api/cars/${ids.car}`,
  '/devices': () => '/api/devices',
  '/settings': (person) => `/api/companies/${person.companyId}/settings`,
  '/settings/polygons': () => '/api/polygons',
  '/builder': () => '/api/search-intervals',
  '/simulator': () => '/api/users?role=driver',
};
/**
 * Pages refused by the very roles of their API: the server says 403 to the others. (The
 * administrators' lists are the people list filtered, which a dispatcher may read.)
 */
const REFUSED_BY_ROLE = ['/users/dispatcher', '/cars', '/car/7', '/devices', '/settings'];

beforeAll(async () => {
  t = await createTestApp();
  const taxi = await buildCompany(t.db, { name: 'Taxi Pagini', type: 'dispatch' });
  ids.taxi = taxi.id;
  const companyOf: Record<CompanyType, { id: number }> = {
    dispatch: taxi,
    courier: await buildCompany(t.db, { type: 'courier', package_id: 2 }),
    protocol: await buildCompany(t.db, { type: 'protocol', parent_company_id: taxi.id }),
    restaurant: await buildCompany(t.db, { type: 'restaurant', package_id: 3 }),
    media: await buildCompany(t.db, { type: 'media', package_id: 0 }),
  };
  const driver = await buildDriver(t.db, taxi.id);
  ids.driver = driver.id;
  ids.car = driver.car.id;
  for (const [name, { roles, company }] of Object.entries(PERSONS)) {
    const companyId = companyOf[company].id;
    const user = await buildUser(t.db, { roles, companyIds: [companyId] });
    if (name === 'dispatcher') ids.dispatcher = user.id;
    people.set(name, {
      facts: { roles, companies: [{ type: company }] },
      headers: await t.login(user),
      companyId,
    });
  }
});
afterAll(() => t.close());

describe("each page's main API answers the people the menu offers it to", () => {
  for (const name of Object.keys(PERSONS)) {
    it(name, async () => {
      const person = people.get(name) as Person;
      for (const [page, apiOf] of Object.entries(PAGE_APIS)) {
        const url = apiOf(person);
        const response = await t.app.inject({ method: 'GET', url, headers: person.headers });
        if (mayOpenPage(person.facts, page)) {
          expect(response.statusCode, `${name} ${page} → GET ${url}`).toBe(200);
        } else if (REFUSED_BY_ROLE.includes(page)) {
          expect(response.statusCode, `${name} ${page} → GET ${url}`).toBe(403);
        }
      }
    });
  }

  it('lets the console roles read the order tabs, and only them', async () => {
    for (const [name, person] of people) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/dispatcher-orders/statistics',
        headers: person.headers,
      });
      expect(response.statusCode, name).toBe(can(person.facts, 'console') ? 200 : 403);
    }
  });
});
