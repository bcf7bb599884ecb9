import { SAME_PASSWORD, WRONG_CURRENT_PASSWORD } from '@common/account/account.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
});
afterAll(() => t.close());

const verify = (authorization: string) =>
  t.app.inject({ method: 'GET', url: '/api/verify-access-tokens', headers: { authorization } });
const changePassword = (authorization: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/password',
    headers: { authorization },
    payload,
  });

describe('/settings/account: a user’s own profile and password', () => {
  it('saves his own name and phone, and nobody else’s', async () => {
    const company = await buildCompany(t.db);
    const user = await buildUser(t.db, { name: 'Vechi Nume', companyIds: [company.id] });
    const other = await buildUser(t.db, { name: 'Altcineva', companyIds: [company.id] });
    const { authorization } = await t.login(user);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { authorization },
      payload: { name: 'Nume Nou', phone: '0744 111 222' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, name: 'Nume Nou', phone: '+40744111222' });
    // The session reads the new name at once (its cache dropped).
    expect((await verify(authorization)).json().name).toBe('Nume Nou');
    const untouched = await t.login(other);
    expect((await verify(untouched.authorization)).json().name).toBe('Altcineva');
    // Only name and phone: no roles, no e-mail through here.
    const sneaky = await t.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { authorization },
      payload: { name: 'X', phone: null, roles: ['admin'] },
    });
    expect(sneaky.statusCode).toBe(422);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { authorization },
      payload: { name: ' ', phone: 'abc' },
    });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'phone']);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/account',
          payload: { name: 'A', phone: null },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('changes the password with the current one and ends the OTHER sessions only', async () => {
    const user = await buildUser(t.db, { password: 'parola-veche-1' });
    const here = await t.login({ email: user.email, password: 'parola-veche-1' });
    const phone = await t.login({ email: user.email, password: 'parola-veche-1' });
    const laptop = await t.login({ email: user.email, password: 'parola-veche-1' });

    const response = await changePassword(here.authorization, {
      current_password: 'parola-veche-1',
      new_password: 'parola-noua-22',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked_sessions: 2 });
    expect((await verify(here.authorization)).statusCode).toBe(200);
    expect((await verify(phone.authorization)).statusCode).toBe(401);
    expect((await verify(laptop.authorization)).statusCode).toBe(401);
    // The new password logs in, the old one does not.
    await t.login({ email: user.email, password: 'parola-noua-22' });
    await expect(t.login({ email: user.email, password: 'parola-veche-1' })).rejects.toThrow(/401/);
  });

  it('refuses a wrong current password on its field, a weak or unchanged new one, and limits guesses', async () => {
    const user = await buildUser(t.db, { password: 'parola-buna-1' });
    const { authorization } = await t.login({ email: user.email, password: 'parola-buna-1' });
    const other = await t.login({ email: user.email, password: 'parola-buna-1' });
    const weak = await changePassword(authorization, {
      current_password: 'parola-buna-1',
      new_password: 'scurt',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.new_password).toBeDefined();
    const same = await changePassword(authorization, {
      current_password: 'parola-buna-1',
      new_password: 'parola-buna-1',
    });
    expect(same.json().errors.new_password).toEqual([SAME_PASSWORD]);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const wrong = await changePassword(authorization, {
        current_password: `gresita-${i}`,
        new_password: 'parola-noua-33',
      });
      codes.push(wrong.statusCode);
      if (wrong.statusCode === 422) {
        expect(wrong.json().errors.current_password).toEqual([WRONG_CURRENT_PASSWORD]);
      }
    }
    expect(codes).toEqual([422, 422, 422, 429]);
    // Nothing changed meanwhile: the other session still works.
    expect((await verify(other.authorization)).statusCode).toBe(200);
  });
});
