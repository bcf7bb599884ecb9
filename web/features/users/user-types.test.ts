import { describe, expect, it } from 'vitest';
import { defaultCompanyIds, isAdministrator, isUserType, mayOpenType } from './user-types';

describe('user types', () => {
  it('knows the SPEC §2 list types, the administrators list for admins only', () => {
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
