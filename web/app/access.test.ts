import type { LoggedUser, UserCompany } from '@common/auth/auth.schema';
import { describe, expect, it } from 'vitest';
import { consoleOf } from '../features/auth/console';
import { equivalentPath, headerFor, routeAccess } from './access';

const company = (
  package_id: UserCompany['package_id'],
  type: UserCompany['type'] = 'dispatch',
): UserCompany => ({ id: package_id + 10, name: 'Firma', type, package_id, lat: null, lng: null });
type Facts = Pick<LoggedUser, 'roles' | 'companies'>;
const user = (roles: LoggedUser['roles'], ...companies: UserCompany[]): Facts => ({
  roles,
  companies,
});

const dispatcher = user(['dispatcher'], company(1));
const protocol = user(['company'], company(1, 'protocol'));
const courier = user(['company'], company(2, 'courier'));
const restaurant = user(['company'], company(3, 'restaurant'));
const admin = user(['admin'], company(1));

describe('consoleOf (company packages)', () => {
  it('gives package 1 the taxi console and packages 2 and 3 the delivery one', () => {
    expect(consoleOf(dispatcher)).toBe('taxi');
    expect(consoleOf(protocol)).toBe('taxi');
    expect(consoleOf(admin)).toBe('taxi');
    expect(consoleOf(courier)).toBe('delivery');
    expect(consoleOf(restaurant)).toBe('delivery');
    expect(consoleOf(user(['dispatcher'], company(2, 'courier')))).toBe('delivery');
  });

  it('gives none to drivers, clients, media companies and users without a company', () => {
    expect(consoleOf(user(['driver'], company(1)))).toBeNull();
    expect(consoleOf(user(['client'], company(2)))).toBeNull();
    expect(consoleOf(user(['company'], company(0, 'media')))).toBeNull();
    expect(consoleOf(user(['dispatcher']))).toBeNull();
  });
});

describe('headerFor (the shell header)', () => {
  it('gives every company user the point-of-sale header, protocol companies included', () => {
    expect(headerFor(protocol)).toBe('pos');
    expect(headerFor(courier)).toBe('pos');
    expect(headerFor(restaurant)).toBe('pos');
    expect(headerFor(user(['client', 'company'], company(1, 'protocol')))).toBe('pos');
  });

  it('gives everyone else the admin header', () => {
    expect(headerFor(admin)).toBe('admin');
    expect(headerFor(dispatcher)).toBe('admin');
  });
});

describe('routeAccess (routes follow roles and packages)', () => {
  it('opens pages that belong to no console to everyone logged in', () => {
    expect(routeAccess(user(['driver']), undefined, '/settings/account')).toEqual({
      kind: 'open',
    });
  });

  it("opens a console to its own package's users", () => {
    expect(routeAccess(dispatcher, 'taxi', '/operator/order/0').kind).toBe('open');
    expect(routeAccess(protocol, 'taxi', '/operator/v2').kind).toBe('open');
    expect(routeAccess(admin, 'taxi', '/operator/map').kind).toBe('open');
    expect(routeAccess(courier, 'delivery', '/orders/all').kind).toBe('open');
    expect(routeAccess(restaurant, 'delivery', '/delivery/order/7').kind).toBe('open');
  });

  it('sends a courier or restaurant user who types /operator to their own console', () => {
    for (const who of [courier, restaurant]) {
      expect(routeAccess(who, 'taxi', '/operator')).toEqual({ kind: 'redirect', to: '/delivery' });
      expect(routeAccess(who, 'taxi', '/operator/order/0')).toEqual({
        kind: 'redirect',
        to: '/delivery/order/0',
      });
      expect(routeAccess(who, 'taxi', '/operator/order/35')).toEqual({
        kind: 'redirect',
        to: '/delivery/order/35',
      });
      expect(routeAccess(who, 'taxi', '/operator/v2')).toEqual({
        kind: 'redirect',
        to: '/delivery',
      });
      expect(routeAccess(who, 'taxi', '/operator/map')).toEqual({
        kind: 'redirect',
        to: '/delivery',
      });
    }
  });

  it('sends a taxi user who types a delivery page to the taxi console', () => {
    expect(routeAccess(dispatcher, 'delivery', '/delivery/order/4')).toEqual({
      kind: 'redirect',
      to: '/operator/order/4',
    });
    expect(routeAccess(protocol, 'delivery', '/orders/all')).toEqual({
      kind: 'redirect',
      to: '/operator',
    });
  });

  it('opens a console to a user with a company of its package among others', () => {
    const both = user(['company'], company(1, 'protocol'), company(2, 'courier'));
    expect(routeAccess(both, 'taxi', '/operator').kind).toBe('open');
    expect(routeAccess(both, 'delivery', '/delivery').kind).toBe('open');
  });

  it('refuses consoles to users who have none, with a clear page', () => {
    for (const who of [
      user(['driver'], company(1)),
      user(['client'], company(1)),
      user(['company'], company(0, 'media')),
      user(['dispatcher']),
    ]) {
      expect(routeAccess(who, 'taxi', '/operator')).toEqual({ kind: 'refused' });
      expect(routeAccess(who, 'delivery', '/orders/all')).toEqual({ kind: 'refused' });
    }
  });

  it('opens both consoles to a platform admin without a company', () => {
    expect(routeAccess(user(['admin']), 'taxi', '/operator').kind).toBe('open');
    expect(routeAccess(user(['admin']), 'delivery', '/orders/all').kind).toBe('open');
  });
});

describe('equivalentPath', () => {
  it('keeps an order an order and sends anything else to the dashboard', () => {
    expect(equivalentPath('/operator/order/12', 'delivery')).toBe('/delivery/order/12');
    expect(equivalentPath('/delivery/order/0/', 'taxi')).toBe('/operator/order/0');
    expect(equivalentPath('/orders/finished', 'taxi')).toBe('/operator');
    expect(equivalentPath('/operator/v2', 'delivery')).toBe('/delivery');
  });
});
