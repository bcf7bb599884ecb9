import type { LoggedUser, UserCompany } from '@common/auth/auth.schema';
import { mayOpenPage } from '@common/auth/page-access';
import { describe, expect, it } from 'vitest';
import { headerFor, routeAccess } from './access';
import { buildMenu, type MenuEntry, visibleMenu } from './menu';
import { deepestHandle, isPlannedPage } from './route-meta';
import { ROUTES } from './routes';

type Facts = Pick<LoggedUser, 'roles' | 'companies'>;
const company = (
  package_id: UserCompany['package_id'],
  type: UserCompany['type'],
): UserCompany => ({
  id: 10 + package_id,
  name: 'Firma',
  type,
  package_id,
  lat: null,
  lng: null,
});
const taxi = company(1, 'dispatch');

/** Every kind of person the demo has, and a few the sign-up makes. */
const PEOPLE: Record<string, Facts> = {
  admin: { roles: ['admin'], companies: [taxi] },
  manager: { roles: ['manager'], companies: [taxi] },
  dispatcher: { roles: ['dispatcher'], companies: [taxi] },
  'manager+dispatcher': { roles: ['manager', 'dispatcher'], companies: [taxi] },
  courier: { roles: ['company'], companies: [company(2, 'courier')] },
  restaurant: { roles: ['company'], companies: [company(3, 'restaurant')] },
  protocol: { roles: ['company'], companies: [company(1, 'protocol')] },
  driver: { roles: ['driver'], companies: [taxi] },
  client: { roles: ['client'], companies: [taxi] },
};

/** The pages whose right depends on the role, with which people may open them. */
const PAGES: Record<string, string[]> = {
  '/dashboard': ['admin', 'manager', 'dispatcher', 'manager+dispatcher', 'courier', 'restaurant'],
  '/live': ['admin', 'manager', 'dispatcher', 'manager+dispatcher', 'courier', 'restaurant'],
  '/operator/map': [
    'admin',
    'manager',
    'dispatcher',
    'manager+dispatcher',
    'courier',
    'restaurant',
  ],
  '/users/dispatcher': ['admin', 'manager', 'dispatcher', 'manager+dispatcher'],
  '/users/driver': ['admin', 'manager', 'dispatcher', 'manager+dispatcher'],
  '/users/manager': ['admin', 'manager', 'manager+dispatcher'],
  '/users/admin': ['admin'],
  '/user/0/dispatcher': ['admin', 'manager', 'manager+dispatcher'],
  '/user/7/dispatcher': ['admin', 'manager', 'dispatcher', 'manager+dispatcher'],
  '/cars': ['admin', 'manager', 'dispatcher', 'manager+dispatcher'],
  '/car/0': ['admin', 'manager', 'manager+dispatcher'],
  '/car/7': ['admin', 'manager', 'dispatcher', 'manager+dispatcher'],
  '/devices': ['admin', 'manager', 'manager+dispatcher'],
  '/device/7': ['admin', 'manager', 'manager+dispatcher'],
  '/settings': ['admin', 'manager', 'manager+dispatcher'],
  '/settings/polygons': ['admin', 'dispatcher', 'manager+dispatcher'],
  '/finances': ['admin', 'manager', 'dispatcher', 'manager+dispatcher', 'courier', 'restaurant'],
  '/finances/sold': [
    'admin',
    'manager',
    'dispatcher',
    'manager+dispatcher',
    'courier',
    'restaurant',
  ],
  '/finances/transfer': [
    'admin',
    'manager',
    'dispatcher',
    'manager+dispatcher',
    'courier',
    'restaurant',
  ],
  '/finances/history': [
    'admin',
    'manager',
    'dispatcher',
    'manager+dispatcher',
    'courier',
    'restaurant',
  ],
  '/finances/transfer-discount': [
    'admin',
    'manager',
    'dispatcher',
    'manager+dispatcher',
    'courier',
    'restaurant',
  ],
  '/finances/statements': [
    'admin',
    'manager',
    'dispatcher',
    'manager+dispatcher',
    'courier',
    'restaurant',
    'protocol',
  ],
  '/finances/statements/7': [
    'admin',
    'manager',
    'dispatcher',
    'manager+dispatcher',
    'courier',
    'restaurant',
    'protocol',
  ],
  '/discounts': ['admin', 'manager', 'dispatcher', 'manager+dispatcher', 'courier', 'restaurant'],
  '/discount/7': ['admin', 'manager', 'dispatcher', 'manager+dispatcher', 'courier', 'restaurant'],
  '/discount/0': ['admin', 'manager', 'manager+dispatcher'],
  '/reports/orders': [
    'admin',
    'manager',
    'dispatcher',
    'manager+dispatcher',
    'courier',
    'restaurant',
    'protocol',
  ],
  '/builder': ['admin', 'dispatcher', 'manager+dispatcher', 'courier', 'restaurant'],
  '/simulator': ['admin', 'dispatcher', 'manager+dispatcher'],
};

const menuOf = (facts: Facts) =>
  visibleMenu(
    buildMenu({
      roles: facts.roles,
      companies: facts.companies,
      packageId: facts.companies[0]?.package_id ?? null,
      header: headerFor(facts),
    }),
    (path) => !isPlannedPage(path),
  );
const linksOf = (entries: readonly MenuEntry[]) =>
  entries.flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.children));

/** A path for each route pattern of the table, its parameters filled in. */
const samplePath = (pattern: string) =>
  pattern
    .replace(':type', 'dispatcher')
    .replace(':role', 'dispatcher')
    .replace(':id', '7')
    .replace(':url', 'despre')
    .replace(':token', 'abc');
const consoleOfRoute = (path: string) =>
  deepestHandle([ROUTES.find((route) => route.path === path)?.handle], 'console');

describe('one rule for the menu and the route guard, per role', () => {
  for (const [who, facts] of Object.entries(PEOPLE)) {
    it(`${who}: every page of the table opens exactly for the people it lists`, () => {
      for (const [path, allowed] of Object.entries(PAGES)) {
        expect(mayOpenPage(facts, path), `${who} ${path}`).toBe(allowed.includes(who));
        const access = routeAccess(facts, undefined, path);
        expect(access.kind === 'forbidden', `${who} ${path} guard`).toBe(!allowed.includes(who));
      }
    });

    it(`${who}: the menu offers only pages the guard opens, and every such page of the table`, () => {
      const links = linksOf(menuOf(facts));
      for (const { path } of links) {
        const access = routeAccess(facts, consoleOfRoute(path), path);
        expect(['open', 'redirect'], `${who} ${path}`).toContain(access.kind);
      }
      const offered = new Set(links.map((link) => link.path));
      for (const [path, allowed] of Object.entries(PAGES)) {
        if (!offered.has(path)) continue;
        expect(allowed, `${who} is offered ${path}`).toContain(who);
      }
    });

    it(`${who}: every route of the table answers the guard without a crash`, () => {
      for (const route of ROUTES) {
        if (route.path === '*') continue;
        const path = samplePath(route.path);
        expect(routeAccess(facts, route.handle.console, path).kind).toMatch(
          /^(open|redirect|refused|forbidden)$/,
        );
      }
    });
  }

  it('keeps Dispozitive from a dispatcher and Transport from company users', () => {
    expect(linksOf(menuOf(PEOPLE.dispatcher as Facts)).map((l) => l.label)).not.toContain(
      'Dispozitive',
    );
    for (const who of ['courier', 'restaurant', 'protocol']) {
      expect(
        linksOf(menuOf(PEOPLE[who] as Facts)).map((l) => l.path),
        who,
      ).not.toContain('/cars');
    }
  });

  it('offers the balances and the fare’s settings under Financiar to the fleet console, a protocol client only his statement', () => {
    for (const who of ['admin', 'manager', 'dispatcher', 'courier']) {
      const financial = menuOf(PEOPLE[who] as Facts).find((entry) => entry.label === 'Financiar');
      expect(financial?.kind === 'group' && financial.children, who).toEqual([
        { kind: 'link', label: 'Sold șoferi', path: '/finances/sold' },
        { kind: 'link', label: 'Transfer sold', path: '/finances/transfer' },
        { kind: 'link', label: 'Istoric sold', path: '/finances/history' },
        { kind: 'link', label: 'Transfer cu reducere', path: '/finances/transfer-discount' },
        { kind: 'link', label: 'Deconturi protocol', path: '/finances/statements' },
        { kind: 'link', label: 'Reduceri', path: '/discounts' },
        { kind: 'link', label: 'Setări', path: '/finances' },
      ]);
    }
    // A protocol client reads his own company's statement, nothing else of the money.
    const protocol = menuOf(PEOPLE.protocol as Facts).find((entry) => entry.label === 'Financiar');
    expect(protocol?.kind === 'group' && protocol.children).toEqual([
      { kind: 'link', label: 'Deconturi protocol', path: '/finances/statements' },
    ]);
  });

  it('offers the builder to the company users who may edit it, and not to a protocol client', () => {
    for (const who of ['courier', 'restaurant', 'dispatcher', 'admin']) {
      expect(
        linksOf(menuOf(PEOPLE[who] as Facts)).map((l) => l.path),
        who,
      ).toContain('/builder');
    }
    const protocol = linksOf(menuOf(PEOPLE.protocol as Facts)).map((l) => l.path);
    expect(protocol).not.toContain('/builder');
    expect(protocol).not.toContain('/settings/polygons');
    expect(protocol).toContain('/operator');
  });
});
