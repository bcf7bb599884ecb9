import { describe, expect, it } from 'vitest';
import {
  administersUser,
  defaultCompanyIds,
  isAdministrator,
  isUserType,
  mayOpenType,
  readsPeople,
} from './user-types';

describe('user types', () => {
  it('knows the Users menu list types, the administrators list for admins only', () => {
    expect(isUserType('driver')).toBe(true);
    expect(isUserType('transport')).toBe(false);
    expect(isUserType('toString')).toBe(false);
    expect(mayOpenType('admin', ['manager'])).toBe(false);
    expect(mayOpenType('admin', ['admin'])).toBe(true);
    expect(mayOpenType('manager', ['manager'])).toBe(true);
  });

  it('lets administrators change users, not dispatchers', () => {
    expect(isAdministrator(['manager', 'dispatcher'])).toBe(true);
    expect(isAdministrator(['dispatcher'])).toBe(false);
  });

  it("starts a new user in the only company administered, else in the caller's own", () => {
    expect(defaultCompanyIds([{ id: 4 }], [])).toEqual([4]);
    expect(defaultCompanyIds([{ id: 1 }, { id: 2 }], [{ id: 2 }])).toEqual([2]);
    expect(defaultCompanyIds([{ id: 1 }, { id: 2 }], [{ id: 1 }, { id: 2 }])).toEqual([]);
    expect(defaultCompanyIds([], [{ id: 1 }])).toEqual([]);
  });
});

describe('who administers a user', () => {
  const manager = { roles: ['manager' as const], companies: [{ id: 1 }, { id: 2 }] };
  it('a manager: a non-admin user all of whose companies are his', () => {
    expect(administersUser(manager, { roles: ['driver'], company_ids: [1, 2] })).toBe(true);
    expect(administersUser(manager, { roles: ['driver'], company_ids: [1, 3] })).toBe(false);
    expect(administersUser(manager, { roles: ['admin'], company_ids: [1] })).toBe(false);
  });
  it('the platform admin: everyone; a dispatcher: nobody', () => {
    const admin = { roles: ['admin' as const], companies: [] };
    expect(administersUser(admin, { roles: ['admin'], company_ids: [7] })).toBe(true);
    const dispatcher = { roles: ['dispatcher' as const], companies: [{ id: 1 }] };
    expect(administersUser(dispatcher, { roles: ['driver'], company_ids: [1] })).toBe(false);
  });
  it('people are read by administrators and dispatchers, not company users', () => {
    expect(readsPeople(['dispatcher'])).toBe(true);
    expect(readsPeople(['manager'])).toBe(true);
    expect(readsPeople(['company'])).toBe(false);
    expect(readsPeople(['driver'])).toBe(false);
  });
});
