import { describe, expect, it } from 'vitest';
import { emptyUserDraft, validateUser } from './user-form';

describe('validateUser', () => {
  it('answers the contract’s messages per field', () => {
    const result = validateUser({ ...emptyUserDraft('dispatcher', []), email: 'x' }, true);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['email', 'name', 'password']);
  });

  it('lower-cases the e-mail and sends no password on an edit', () => {
    const draft = {
      ...emptyUserDraft('driver', [1]),
      name: 'Ion',
      email: 'Ion@Firma.RO',
      password: 'ignored-here',
    };
    const result = validateUser(draft, false);
    expect(result).toMatchObject({ ok: true, body: { email: 'ion@firma.ro', phone: null } });
    if (result.ok) expect(result.body).not.toHaveProperty('password');
  });
});
