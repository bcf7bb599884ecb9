import { INVALID_CUI } from '@common/companies/signup.schema';
import { describe, expect, it } from 'vitest';
import {
  CONSENT_REQUIRED,
  cuiForLookup,
  draftFromLookup,
  emptySignupDraft,
  validateSignup,
} from './signup-form';

const filled = () => ({
  ...emptySignupDraft(),
  cui: 'RO14146589',
  name: 'TNT COMPUTERS SRL',
  phone: '0744123456',
  user_name: 'Ion Popescu',
  user_email: 'ion@tnt.ro',
  user_password: 'parola-lunga',
  consent: true,
});

describe('sign-up form', () => {
  it('requires the consent checkbox, besides the API contract', () => {
    expect(validateSignup(filled())).toEqual({});
    expect(validateSignup({ ...filled(), consent: false })).toEqual({
      consent: CONSENT_REQUIRED,
    });
    const empty = validateSignup(emptySignupDraft());
    for (const field of ['cui', 'name', 'phone', 'user_name', 'user_email', 'user_password']) {
      expect(empty[field], field).toBeDefined();
    }
  });

  it('strips a leading RO before the lookup and refuses a malformed CUI before any call', () => {
    expect(cuiForLookup(' ro 14146589 ')).toEqual({ cui: '14146589' });
    expect(cuiForLookup('14146588')).toEqual({ error: INVALID_CUI });
  });

  it('fills name, address and VAT from the registry, keeping what the user typed elsewhere', () => {
    const draft = draftFromLookup(filled(), {
      cui: '14146589',
      denumire: 'TNT',
      adresa: 'Iași',
      scpTVA: true,
    });
    expect(draft).toMatchObject({ cui: '14146589', name: 'TNT', address: 'Iași', vat_payer: true });
    expect(draft.user_email).toBe('ion@tnt.ro');
  });
});
