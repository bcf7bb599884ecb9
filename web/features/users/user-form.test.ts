import { describe, expect, it } from 'vitest';
import { emptyUserDraft, userBody, userValidator } from './user-form';

describe('userValidator', () => {
  it('answers the contract’s messages per field', () => {
    const errors = userValidator(true)({ ...emptyUserDraft('dispatcher', []), email: 'x' });
    expect(Object.keys(errors).sort()).toEqual(['email', 'name', 'password']);
  });

  it('lower-cases the e-mail and sends no password on an edit', () => {
    const draft = {
      ...emptyUserDraft('driver', [1]),
      name: 'Ion',
      email: 'Ion@Firma.RO',
      password: 'ignored-here',
    };
    expect(userValidator(false)(draft)).toEqual({});
    const body = userBody(draft, false);
    expect(body).toMatchObject({ email: 'ion@firma.ro', phone: null });
    expect(body).not.toHaveProperty('password');
  });
});
