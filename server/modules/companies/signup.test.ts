import {
  COORDINATES_TOGETHER,
  type CompanySignupResponse,
  CUI_TAKEN,
  EMAIL_TAKEN,
  INVALID_CUI,
} from '@common/companies/signup.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany } from '../../db/factories';
import { companies, companySignups, companyUsers, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SIGNUP_MAX_PER_IP: '5' });
});
afterAll(() => t.close());

/** Valid CUIs (check digit right): each test signs up a company of its own. */
const CUIS = ['14146589', '37024165', '4267117', '18547290', '13548146', '6859662', '2816464'];
let nextIp = 1;
/** Each sign-up from its own address unless a test says otherwise: the limit is per address. */
const freshIp = () => `10.0.0.${nextIp++}`;

const body = (overrides: Record<string, unknown> = {}) => ({
  cui: 'RO14146589',
  name: 'TNT COMPUTERS SRL',
  address: 'MUN. IAȘI, STR. PALAT NR.1',
  lat: 47.16,
  lng: 27.58,
  euid: 'ROONRC.J22/123/2001',
  phone: '0744 123 456',
  description: 'Taxi în Iași',
  logo: null,
  package_id: 1,
  user_name: 'Ion Popescu',
  user_email: 'ion@tnt.ro',
  user_password: 'parola-lunga-1',
  ...overrides,
});

const post = (payload: unknown, options: { ip?: string; key?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/company',
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? freshIp(),
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });

describe('POST /api/company (sign-up)', () => {
  it('creates the company on trial and its manager-dispatcher, and answers logged in', async () => {
    const response = await post(body());
    expect(response.statusCode).toBe(201);
    const answer = response.json<CompanySignupResponse>();
    const [company] = await t.db
      .select()
      .from(companies)
      .where(eq(companies.id, answer.company_id));
    expect(company).toMatchObject({
      name: 'TNT COMPUTERS SRL',
      cui: '14146589',
      type: 'dispatch',
      package_id: 1,
      lat: 47.16,
      lng: 27.58,
      phone: '+40744123456',
      euid: 'ROONRC.J22/123/2001',
    });
    // A 14-day trial from now (UTC).
    const trialDays = (Date.parse(`${company?.trial_ends_at}Z`) - Date.now()) / (24 * 3600 * 1000);
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThan(14.1);

    expect(answer.user).toMatchObject({
      name: 'Ion Popescu',
      email: 'ion@tnt.ro',
      roles: ['manager', 'dispatcher'],
      companies: [{ id: answer.company_id, type: 'dispatch', package_id: 1 }],
    });
    // The token works: the browser is logged in as that user.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/verify-access-tokens',
      headers: { authorization: `Bearer ${answer.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(answer.user.id);
    // And the password is the one chosen: a normal login works.
    await t.login({ email: 'ion@tnt.ro', password: 'parola-lunga-1' });
  });

  it('gives each package its company type, coordinates optional', async () => {
    const courier = await post(
      body({ cui: CUIS[1], user_email: 'c@x.ro', package_id: 2, lat: null, lng: null }),
    );
    expect(courier.statusCode).toBe(201);
    expect(courier.json().user.companies[0]).toMatchObject({ type: 'courier', lat: null });
    const restaurant = await post(body({ cui: CUIS[2], user_email: 'r@x.ro', package_id: 3 }));
    expect(restaurant.json().user.companies[0].type).toBe('restaurant');
  });

  it('replays a retry with the same Idempotency-Key: the same company, a fresh login', async () => {
    const payload = body({ cui: CUIS[3], user_email: 'retry@x.ro' });
    const first = await post(payload, { key: 'signup-key-0001' });
    const second = await post(payload, { key: 'signup-key-0001' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    const [a, b] = [first.json<CompanySignupResponse>(), second.json<CompanySignupResponse>()];
    expect(b.company_id).toBe(a.company_id);
    expect(b.user.id).toBe(a.user.id);
    expect(b.token).not.toBe(a.token);
    expect(
      await t.db
        .select()
        .from(companies)
        .where(eq(companies.cui, CUIS[3] ?? '')),
    ).toHaveLength(1);
    // The key with another body (or another password) is refused, on the header.
    for (const other of [
      { ...payload, name: 'Alta SRL' },
      { ...payload, user_password: 'alta-parola-9' },
    ]) {
      const refused = await post(other, { key: 'signup-key-0001' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors['Idempotency-Key']).toBeDefined();
    }
    // Two at once with one key: one company, both logged in as its user.
    const racing = body({ cui: CUIS[4], user_email: 'race@x.ro' });
    const both = await Promise.all([
      post(racing, { key: 'signup-race-0001' }),
      post(racing, { key: 'signup-race-0001' }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both[0]?.json().company_id).toBe(both[1]?.json().company_id);
    const rows = await t.db
      .select()
      .from(companySignups)
      .where(eq(companySignups.idempotency_key, 'signup-race-0001'));
    expect(rows).toHaveLength(1);
  });

  it('refuses a registered CUI and a used e-mail on their fields, creating nothing', async () => {
    await buildCompany(t.db, { cui: CUIS[5] });
    const before = await t.db.select({ id: users.id }).from(users);
    const response = await post(body({ cui: `RO${CUIS[5]}`, user_email: 'ION@tnt.ro' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ cui: [CUI_TAKEN], user_email: [EMAIL_TAKEN] });
    const emailOnly = await post(body({ cui: CUIS[6], user_email: 'ion@tnt.ro' }));
    expect(emailOnly.json().errors).toEqual({ user_email: [EMAIL_TAKEN] });
    expect(await t.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
    expect(
      await t.db
        .select()
        .from(companies)
        .where(eq(companies.cui, CUIS[6] ?? '')),
    ).toEqual([]);
  });

  it('answers field → messages for bad input, in Romanian', async () => {
    const response = await post(
      body({
        cui: '14146588',
        name: ' ',
        phone: 'abc',
        package_id: 0,
        user_email: 'nu-e-mail',
        user_password: 'scurt',
        lat: 47.1,
        lng: null,
      }),
    );
    expect(response.statusCode).toBe(422);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    expect(errors.cui).toEqual([INVALID_CUI]);
    for (const field of ['name', 'phone', 'package_id', 'user_email', 'user_password']) {
      expect(errors[field], field).toBeDefined();
    }
    expect(errors.user_password?.[0]).toMatch(/cel puțin 8 caractere/);
    const half = await post(body({ cui: CUIS[6], user_email: 'half@x.ro', lng: null }));
    expect(half.json().errors.lat).toEqual([COORDINATES_TOGETHER]);
    // Unknown fields are refused (strict contract).
    expect((await post({ ...body(), roles: ['admin'] })).statusCode).toBe(422);
  });

  it('limits sign-ups per address (429 with Retry-After), other addresses unaffected', async () => {
    const ip = '192.0.2.77';
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      // Invalid on purpose after the check (a taken CUI): each attempt still counts.
      codes.push((await post(body({ cui: CUIS[0], user_email: `l${i}@x.ro` }), { ip })).statusCode);
    }
    expect(codes).toEqual([422, 422, 422, 422, 422, 429]);
    const limited = await post(body({ cui: CUIS[6], user_email: 'late@x.ro' }), { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const other = await post(body({ cui: CUIS[6], user_email: 'late@x.ro' }));
    expect(other.statusCode).toBe(201);
    const [membership] = await t.db
      .select()
      .from(companyUsers)
      .where(eq(companyUsers.company_id, other.json().company_id));
    expect(membership?.user_id).toBe(other.json().user.id);
  });
});
