import type { UserCompany } from '@common/auth/auth.schema';
import { describe, expect, it } from 'vitest';
import { homePath } from './home-path';

const company = (
  package_id: UserCompany['package_id'],
  type: UserCompany['type'] = 'dispatch',
): UserCompany => ({
  id: 1,
  name: 'Firma',
  type,
  package_id,
  lat: null,
  lng: null,
});
describe('homePath', () => {
  it('sends each role to its screen', () => {
    expect(homePath({ roles: ['admin'], companies: [] })).toBe('/dashboard');
    expect(homePath({ roles: ['dispatcher'], companies: [company(1)] })).toBe('/operator');
    expect(homePath({ roles: ['company'], companies: [company(1)] })).toBe('/operator');
    expect(homePath({ roles: ['company'], companies: [company(2)] })).toBe('/orders/all');
    expect(homePath({ roles: ['company'], companies: [company(3)] })).toBe('/orders/all');
  });

  it('follows the company package, not the role alone', () => {
    expect(homePath({ roles: ['company'], companies: [company(1, 'protocol')] })).toBe('/operator');
    // A dispatcher of a courier company works in the delivery console, not the taxi one.
    expect(homePath({ roles: ['dispatcher'], companies: [company(2, 'courier')] })).toBe(
      '/orders/all',
    );
  });

  it('sends users without a console to their account page', () => {
    expect(homePath({ roles: ['driver'], companies: [company(1)] })).toBe('/settings/account');
    expect(homePath({ roles: ['client'], companies: [] })).toBe('/settings/account');
    expect(homePath({ roles: ['company'], companies: [company(0, 'media')] })).toBe(
      '/settings/account',
    );
  });
});
