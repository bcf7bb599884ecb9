import type { LoggedUser } from '@common/auth/auth.schema';
import type { ErrorBody } from '@common/http/errors';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCompany, buildUser } from '../../db/factories';
import { accessTokens, users } from '../../db/schema';
import { tokenDigest } from '../../lib/tokens';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/access-tokens',
    payload: payload as object,
    remoteAddress: ip,
  });
const verify = (authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/verify-access-tokens',
    headers: authorization ? { authorization } : {},
  });

describe('POST /api/access-tokens (auth and session)', () => {
  it('logs in with e-mail and password and answers an opaque token stored only as a digest', async () => {
    const company = await buildCompany(t.db);
    const user = await buildUser(t.db, { email: 'Ana@Test.ogo.local', companyIds: [company.id] });
    const response = await login({ email: 'ana@test.ogo.local', password: user.password });
    expect(response.statusCode).toBe(201);
    const { token, expires_at } = response.json<{ token: string; expires_at: string }>();
    expect(token).toMatch(/^[\w-]{43}$/); // 256 bits, base64url
    expect(expires_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const rows = await t.db.select().from(accessTokens).where(eq(accessTokens.user_id, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(tokenDigest(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers the same 401 for an unknown e-mail and a wrong password', async () => {
    const user = await buildUser(t.db);
    const wrong = await login({ email: user.email, password: 'not-the-password' }, '10.0.1.1');
    const unknown = await login(
      { email: 'nobody@test.ogo.local', password: 'whatever' },
      '10.0.1.2',
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const strip = (body: ErrorBody) => ({ ...body, request_id: undefined });
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));
    expect(wrong.json<ErrorBody>().errors?.email?.[0]).toBe('E-mailul sau parola nu sunt corecte.');
  });

  it('validates the body into field → messages (login: both required, e-mail format)', async () => {
    const missing = await login({});
    expect(missing.statusCode).toBe(422);
    const body = missing.json<ErrorBody>();
    expect(body.code).toBe('validation_failed');
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['email', 'password']);

    const badEmail = await login({ email: 'not-an-email', password: 'x' });
    expect(badEmail.json<ErrorBody>().errors?.email).toEqual(['Adresa de e-mail nu este validă.']);

    const extra = await login({ email: 'a@b.ro', password: 'x', roles: ['admin'] });
    expect(extra.statusCode).toBe(422);
    expect(extra.json<ErrorBody>().errors?.roles).toEqual(['Câmp necunoscut.']);
  });

  it('refuses a disabled account', async () => {
    const user = await buildUser(t.db, { disabled: true });
    expect(
      (await login({ email: user.email, password: user.password }, '10.0.2.1')).statusCode,
    ).toBe(401);
  });
  // The login limits: login-limits.test.ts.
});

describe('GET /api/verify-access-tokens', () => {
  it('answers the user with roles, companies and meta', async () => {
    const company = await buildCompany(t.db, {
      name: 'Taxi Test',
      package_id: 1,
      lat: 45.1,
      lng: 25.2,
    });
    const user = await buildUser(t.db, {
      name: 'Elena Test',
      roles: ['dispatcher'],
      companyIds: [company.id],
      meta: { sip_ws: 'wss://pbx.example/ws' },
    });
    const { authorization } = await t.login(user);
    const response = await verify(authorization);
    expect(response.statusCode).toBe(200);
    const body = response.json<LoggedUser>();
    expect(body).toMatchObject({
      id: user.id,
      name: 'Elena Test',
      email: user.email,
      roles: ['dispatcher'],
    });
    expect(body.companies).toEqual([
      {
        id: company.id,
        name: 'Taxi Test',
        type: 'dispatch',
        package_id: 1,
        lat: 45.1,
        lng: 25.2,
        default_service_id: null,
      },
    ]);
    expect(body.meta).toEqual([{ key: 'sip_ws', value: 'wss://pbx.example/ws' }]);
    expect(response.body).not.toContain('password');
  });

  it('answers 401 for a missing, malformed, unknown, expired or revoked token', async () => {
    const user = await buildUser(t.db);
    expect((await verify()).statusCode).toBe(401);
    expect((await verify('Bearer')).statusCode).toBe(401);
    expect((await verify(`Bearer ${'x'.repeat(43)}`)).statusCode).toBe(401);

    const expired = await t.login(user);
    await t.db
      .update(accessTokens)
      .set({ expires_at: sql`(now() at time zone 'utc') - interval '1 second'` })
      .where(eq(accessTokens.token_hash, tokenDigest(expired.token)));
    expect((await verify(expired.authorization)).statusCode).toBe(401);

    const revoked = await t.login(user);
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/access-tokens',
      headers: revoked,
    });
    expect(logout.statusCode).toBe(204);
    expect((await verify(revoked.authorization)).statusCode).toBe(401);
    // Logging out of one session leaves the others alive.
    const other = await t.login(user);
    expect((await verify(other.authorization)).statusCode).toBe(200);
  });

  it('verifies a token in use again in the background, so one revoked behind the node’s back is refused within seconds', async () => {
    const user = await buildUser(t.db);
    const session = await t.login(user);
    expect((await verify(session.authorization)).statusCode).toBe(200); // now cached
    await t.db
      .update(accessTokens)
      .set({ revoked_at: sql`now() at time zone 'utc'` })
      .where(eq(accessTokens.token_hash, tokenDigest(session.token)));
    // Within the first half of the cache's 5 s the cached session answers, unchecked.
    expect((await verify(session.authorization)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3_000 });
    try {
      // Past half its lifetime: answered from the cache while the token is checked again.
      expect((await verify(session.authorization)).statusCode).toBe(200);
      await vi.waitFor(async () => {
        expect((await verify(session.authorization)).statusCode).toBe(401);
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops a live token when its user is disabled', async () => {
    const user = await buildUser(t.db);
    const session = await t.login(user);
    await t.db
      .update(users)
      .set({ disabled_at: '2026-01-01 00:00:00' })
      .where(eq(users.id, user.id));
    expect((await verify(session.authorization)).statusCode).toBe(401);
  });
});

describe('PATCH /api/user-activity', () => {
  it('records whether the user is at work', async () => {
    const user = await buildUser(t.db);
    const session = await t.login(user);
    const on = await t.app.inject({
      method: 'PATCH',
      url: '/api/user-activity',
      headers: session,
      payload: { isOnline: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ isOnline: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.is_online).toBe(true);
    expect(row?.last_activity_at).not.toBeNull();

    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/user-activity',
      headers: session,
      payload: { isOnline: 'yes' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<ErrorBody>().errors?.isOnline).toHaveLength(1);
  });
});
