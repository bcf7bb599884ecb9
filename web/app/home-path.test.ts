import type { UserCompany } from '@common/auth/auth.schema';
import { describe, expect, it } from 'vitest';
import { homePath } from './home-path';

const company = (package_id: UserCompany['package_id']): UserCompany => ({
  id: 1,
  name: 'Firma',
  type: 'dispatch',
  package_id,
  lat: null,
  lng: null,
});
const everything = () => true;

describe('homePath', () => {
  it('sends each role to its screen when that screen exists', () => {
    expect(homePath({ roles: ['admin'], companies: [] }, everything)).toBe('/dashboard');
    expect(homePath({ roles: ['dispatcher'], companies: [company(1)] }, everything)).toBe(
      '/operator',
    );
    expect(homePath({ roles: ['company'], companies: [company(1)] }, everything)).toBe('/operator');
    expect(homePath({ roles: ['company'], companies: [company(2)] }, everything)).toBe(
      '/orders/all',
    );
    expect(homePath({ roles: ['company'], companies: [company(3)] }, everything)).toBe(
      '/orders/all',
    );
  });

  it('falls back to the account page while the screen is not built', () => {
    expect(homePath({ roles: ['admin'], companies: [] }, () => false)).toBe('/settings/account');
  });
});
