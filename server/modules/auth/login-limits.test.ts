import type { ErrorBody } from '@common/http/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../db/factories';
import { deviceCookies } from '../../db/schema';
import { newToken, tokenDigest } from '../../lib/tokens';
import { createTestApp, type TestApp } from '../../test/harness';
import { deviceCookieName, deviceSetCookie } from './device-cookie';

/**
 * The login limits (docs/DECISIONS.md "Login limits"): strangers' failures
 * never lock out a browser that logged in to the account before (its device cookie); unknown
 * devices are limited per address, per account and address, and per account all together.
 */
const PER_ACCOUNT = 3;
const PER_IP = 8;
const UNKNOWN_DEVICES = 6;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
    LOGIN_MAX_FAILURES_PER_IP: String(PER_IP),
    LOGIN_MAX_FAILURES_PER_ACCOUNT_UNKNOWN_DEVICES: String(UNKNOWN_DEVICES),
  });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/access-tokens',
    payload: { email, password },
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });

/** Logs in and answers the device cookie it set, as the browser sends it back (`name=value`). */
async function deviceOf(user: { email: string; password: string }, ip: string, cookie?: string) {
  const response = await login(user.email, user.password, ip, cookie);
  expect(response.statusCode).toBe(201);
  const header = response.headers['set-cookie'];
  expect(typeof header).toBe('string');
  const [pair] = String(header).split(';');
  return pair ?? '';
}

const expectTooMany = (response: Awaited<ReturnType<typeof login>>) => {
  expect(response.statusCode).toBe(429);
  expect(response.headers['retry-after']).toBe(String(15 * 60));
  expect(response.json<ErrorBody>().message).toBe(
    'Prea multe încercări. Încercați din nou mai târziu.',
  );
};

describe('the device cookie', () => {
  it('is set at login: random, httpOnly, SameSite=Strict, only for the login path, 180 days, stored as a digest and never in the body', async () => {
    const user = await buildUser(t.db);
    const response = await login(user.email, user.password, '10.9.0.1');
    expect(response.statusCode).toBe(201);
    const header = String(response.headers['set-cookie']);
    const [pair, ...attributes] = header.split('; ');
    const [name, value] = (pair ?? '').split('=');
    expect(name).toBe(deviceCookieName(user.id));
    expect(value).toMatch(/^[\w-]{43}$/);
    expect(attributes.sort()).toEqual(
      ['HttpOnly', 'Max-Age=15552000', 'Path=/api/access-tokens', 'SameSite=Strict'].sort(),
    );
    expect(Object.keys(response.json()).sort()).toEqual(['expires_at', 'token']);
    expect(response.body).not.toContain(value);
    const rows = await t.db.select().from(deviceCookies).where(eq(deviceCookies.user_id, user.id));
    expect(rows.map((row) => row.token_hash)).toEqual([tokenDigest(value ?? '')]);

    // A later login on that browser keeps its cookie (no new device row).
    const again = await login(user.email, user.password, '10.9.0.1', pair);
    expect(String(again.headers['set-cookie']).split(';')[0]).toBe(pair);
    expect(
      await t.db.select().from(deviceCookies).where(eq(deviceCookies.user_id, user.id)),
    ).toHaveLength(1);
  });

  it('is Secure when PUBLIC_URL is https', async () => {
    expect(deviceSetCookie({ userId: 7, token: 'x'.repeat(43) }, { secure: true })).toContain(
      '; Secure',
    );
    const https = await createTestApp({ PUBLIC_URL: 'https://dispecerat.example' });
    try {
      const user = await buildUser(https.db);
      const response = await https.app.inject({
        method: 'POST',
        url: '/api/access-tokens',
        payload: { email: user.email, password: user.password },
      });
      expect(String(response.headers['set-cookie']).split('; ')).toContain('Secure');
    } finally {
      await https.close();
    }
  });
});

describe('login limits (docs/DECISIONS.md "Login limits")', () => {
  it('a stranger failing again and again does not lock out the dispatcher’s known browser', async () => {
    const dispatcher = await buildUser(t.db, { roles: ['dispatcher'] });
    const cookie = await deviceOf(dispatcher, '10.3.0.1');
    for (let i = 0; i < 12; i++) {
      const response = await login(dispatcher.email, 'guess', '10.3.9.9');
      expect(response.statusCode).toBe(i < PER_ACCOUNT ? 401 : 429);
    }
    // Whatever its address, even the stranger's.
    expect(
      (await login(dispatcher.email, dispatcher.password, '10.3.0.2', cookie)).statusCode,
    ).toBe(201);
    expect(
      (await login(dispatcher.email, dispatcher.password, '10.3.9.9', cookie)).statusCode,
    ).toBe(201);
  });

  it('limits unknown devices per account and address, then per account for all of them; the known device still gets in', async () => {
    const user = await buildUser(t.db);
    const cookie = await deviceOf(user, '10.4.0.1');
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await login(user.email, 'wrong', '10.4.1.1')).statusCode).toBe(401);
    }
    expectTooMany(await login(user.email, user.password, '10.4.1.1'));
    // Another address without the cookie: below the account's cap for unknown devices.
    expect((await login(user.email, user.password, '10.4.2.1')).statusCode).toBe(201);
    // Guessing spread over addresses fills the account's cap for unknown devices.
    for (let i = PER_ACCOUNT; i < UNKNOWN_DEVICES; i++) {
      expect((await login(user.email, 'wrong', `10.4.3.${i}`)).statusCode).toBe(401);
    }
    expectTooMany(await login(user.email, user.password, '10.4.4.1'));
    expectTooMany(await login(user.email, 'wrong', '10.4.4.2'));
    expect((await login(user.email, user.password, '10.4.5.1', cookie)).statusCode).toBe(201);
  });

  it('limits an address across accounts; a known device of an account is not refused there', async () => {
    const victim = await buildUser(t.db);
    const cookie = await deviceOf(victim, '10.2.0.9');
    for (let i = 0; i < PER_IP; i++) {
      expect((await login(`spray${i}@test.ogo.local`, 'x', '10.2.0.1')).statusCode).toBe(401);
    }
    expectTooMany(await login(victim.email, victim.password, '10.2.0.1'));
    expectTooMany(await login('spray-more@test.ogo.local', 'x', '10.2.0.1'));
    expect((await login(victim.email, victim.password, '10.2.0.2')).statusCode).toBe(201);
    expect((await login(victim.email, victim.password, '10.2.0.1', cookie)).statusCode).toBe(201);
  });

  it('gives no exemption to a forged cookie, another user’s cookie or an unknown one', async () => {
    const user = await buildUser(t.db);
    const other = await buildUser(t.db);
    const own = await deviceOf(user, '10.6.9.1');
    const othersCookie = await deviceOf(other, '10.6.9.2');
    const othersToken = othersCookie.split('=')[1] ?? '';
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await login(user.email, 'wrong', '10.6.0.1')).statusCode).toBe(401);
    }
    const name = deviceCookieName(user.id);
    for (const cookie of [
      `${name}=${newToken()}`, // well formed, never issued
      `${name}=${othersToken}`, // issued, to another user
      othersCookie, // another user's cookie as it is
      `${name}=${'A'.repeat(43)}; ${name}=not-a-token`,
      `ogo_device_${user.id}0=${own.split('=')[1]}`, // this user's token under another name
    ]) {
      expectTooMany(await login(user.email, user.password, '10.6.0.1', cookie));
    }
    expect((await login(user.email, user.password, '10.6.0.1', own)).statusCode).toBe(201);
  });

  it('counts a known device’s own failures against it: a stolen cookie is not a free pass', async () => {
    const user = await buildUser(t.db);
    const cookie = await deviceOf(user, '10.7.0.9');
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await login(user.email, 'wrong', '10.7.0.1', cookie)).statusCode).toBe(401);
    }
    expectTooMany(await login(user.email, user.password, '10.7.0.1', cookie));
    expectTooMany(await login(user.email, user.password, '10.7.0.2', cookie));
    // Only that device: other browsers of the account are not locked by its failures.
    expect((await login(user.email, user.password, '10.7.0.1')).statusCode).toBe(201);
    const second = await deviceOf(user, '10.7.0.3');
    expect((await login(user.email, user.password, '10.7.0.3', second)).statusCode).toBe(201);
  });

  it('a success starts its own count again, not the account’s count of unknown devices', async () => {
    const user = await buildUser(t.db);
    for (let i = 0; i < PER_ACCOUNT - 1; i++) {
      expect((await login(user.email, 'wrong', '10.8.0.1')).statusCode).toBe(401);
    }
    expect((await login(user.email, user.password, '10.8.0.1')).statusCode).toBe(201);
    for (let i = 0; i < PER_ACCOUNT - 1; i++) {
      expect((await login(user.email, 'wrong', '10.8.0.1')).statusCode).toBe(401);
    }
    // 4 failures from this address in all, but only 2 since its success.
    expect((await login(user.email, user.password, '10.8.0.1')).statusCode).toBe(201);
    // The account's unknown devices have 4 of 6: two more from anywhere fill it.
    for (let i = 0; i < UNKNOWN_DEVICES - 2 * (PER_ACCOUNT - 1); i++) {
      expect((await login(user.email, 'wrong', `10.8.1.${i}`)).statusCode).toBe(401);
    }
    expectTooMany(await login(user.email, user.password, '10.8.2.1'));
  });

  it('answers an unknown e-mail as a wrong password, limits included', async () => {
    const ghost = 'ghost@test.ogo.local';
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await login(ghost, 'x', '10.5.0.1')).statusCode).toBe(401);
    }
    expectTooMany(await login(ghost, 'x', '10.5.0.1'));
    expect(
      (await login(ghost, 'x', '10.5.0.2', `${deviceCookieName(1)}=${newToken()}`)).statusCode,
    ).toBe(401);
  });
});
