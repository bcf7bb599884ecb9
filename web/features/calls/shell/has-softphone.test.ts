import type { LoggedUser } from '@common/auth/auth.schema';
import { describe, expect, it } from 'vitest';
import { hasSoftphone } from './has-softphone';

const company: LoggedUser['companies'][number] = {
  id: 1,
  name: 'OGO',
  type: 'dispatch',
  package_id: 1,
  lat: null,
  lng: null,
};
const user = (roles: LoggedUser['roles'], meta: string[] = [], companies = [company]) => ({
  roles,
  companies,
  meta: meta.map((key) => ({ key, value: 'x' })),
});

describe('who gets a softphone and its telephony alerts (Shell)', () => {
  it('gives one to every operator of a company, settings or not (says what is missing)', () => {
    expect(hasSoftphone(user(['dispatcher']))).toBe(true);
    expect(hasSoftphone(user(['dispatcher'], [], []))).toBe(false);
  });

  it('gives one to an admin only when he has telephony settings', () => {
    expect(hasSoftphone(user(['admin']))).toBe(false);
    expect(hasSoftphone(user(['admin'], ['sip_extension']))).toBe(true);
    expect(hasSoftphone(user(['company'], ['sip_extension']))).toBe(false);
  });

  it('spares a new company’s manager + dispatcher without an extension the alert, until he has one', () => {
    expect(hasSoftphone(user(['manager', 'dispatcher']))).toBe(false);
    expect(hasSoftphone(user(['manager', 'dispatcher'], ['sip_extension']))).toBe(true);
    expect(hasSoftphone(user(['manager']))).toBe(false);
    expect(hasSoftphone(user(['manager'], ['sip_extension']))).toBe(false);
  });
});
