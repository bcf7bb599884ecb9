import { randomBytes } from 'node:crypto';
import { WRONG_CURRENT_PASSWORD } from '@common/account/account.schema';
import type { ErrorBody } from '@common/http/errors';
import { EMAIL_TAKEN } from '@common/users/users.schema';
import { eq } from 'drizzle-orm';
import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { buildCompany, buildUser } from '../../db/factories';
import { companies, driverReportTokens } from '../../db/schema';
import { tokenDigest } from '../../lib/tokens';
import { openTestDatabase } from '../../test/test-database';

/**
 * A limit is counted and decided in one atomic step, so a burst of parallel
 * requests passes no limit, in memory (one node) or in Redis (every node). Each rule is run
 * against both counters; the Redis one when TEST_REDIS_URL is set.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;
const PER_ACCOUNT = 10;
const PER_IP = 50;
const SIGNUPS_PER_IP = 10;

// Unique per run: an earlier run's counts live on in Redis for the window.
const run = randomBytes(4).toString('hex');
const PREFIX = 'ogo:login-failures:';
/** Keys without the run's mark in them, deleted from Redis after the run. */
const unmarked: string[] = [];
let ipSeq = 0;
const freshIp = () => {
  ipSeq += 1;
  const ip = `10.${randomBytes(1)[0] ?? 0}.${ipSeq}.${randomBytes(1)[0] ?? 0}`;
  unmarked.push(`ip:${ip}`, `signup-ip:${ip}`, `driver-report:${ip}`);
  return ip;
};
let userSeq = 0;
const freshEmail = (what: string) => `${what}-${run}-${++userSeq}@test.ogo.local`;

/** A valid Romanian CUI of 8 digits (its check digit computed as common/companies does). */
function cui(n: number): string {
  const body = String(4_000_000 + n * 7919); // 7 digits, far from the factories' CUIs
  const weights = [7, 5, 3, 2, 1, 7, 5, 3, 2];
  const padded = body.padStart(9, '0');
  const sum = [...padded].reduce((total, digit, i) => total + Number(digit) * (weights[i] ?? 0), 0);
  return `${body}${((sum * 10) % 11) % 10}`;
}

const counters = [
  { name: 'in memory', redisUrl: undefined },
  ...(REDIS_URL ? [{ name: 'on Redis', redisUrl: REDIS_URL }] : []),
];
if (!REDIS_URL) console.warn('[rate-limit bursts on Redis] SKIPPED: set TEST_REDIS_URL to run it.');

describe.each(counters)('rate limits hold under a burst, counted $name', ({ redisUrl }) => {
  let database: Database;
  let app: App;
  let redis: { pub: RedisClientType; sub: RedisClientType } | undefined;

  beforeAll(async () => {
    database = await openTestDatabase();
    if (redisUrl) {
      const pub: RedisClientType = createClient({ url: redisUrl });
      const sub = pub.duplicate();
      await Promise.all([pub.connect(), sub.connect()]);
      redis = { pub, sub };
    }
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      COMPANY_REGISTRY_URL: '',
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
      LOGIN_MAX_FAILURES_PER_IP: String(PER_IP),
      SIGNUP_MAX_PER_IP: String(SIGNUPS_PER_IP),
    });
    app = await buildApp({ config, database, serveWeb: false, ...(redis ? { redis } : {}) });
  });
  afterAll(async () => {
    await app.close();
    if (redis) {
      const keys = await redis.pub.keys(`${PREFIX}*${run}*`);
      await redis.pub.del([...keys, ...unmarked.map((key) => PREFIX + key)]);
      await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    }
    await database.close();
  });

  const login = (email: string, password: string, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/access-tokens',
      payload: { email, password },
      remoteAddress: ip,
    });
  const statuses = (responses: { statusCode: number }[]) =>
    responses.reduce<Record<number, number>>((all, { statusCode }) => {
      all[statusCode] = (all[statusCode] ?? 0) + 1;
      return all;
    }, {});

  it('a burst of wrong logins for one account evaluates at most the limit, and a correct password past it is refused', async () => {
    const user = await buildUser(database.db, { email: freshEmail('burst') });
    const ip = freshIp();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(user.email, i === 96 ? user.password : 'ghicit', ip),
      ),
    );
    const counted = statuses(responses);
    expect(counted[401] ?? 0).toBeLessThanOrEqual(PER_ACCOUNT);
    expect(counted[201]).toBeUndefined();
    expect(responses[96]?.statusCode).toBe(429);
    expect(responses[96]?.json<ErrorBody>().message).toBe(
      'Prea multe încercări. Încercați din nou mai târziu.',
    );
    expect((await login(user.email, user.password, ip)).statusCode).toBe(429);
  });

  /** Runs `count` requests, `together` at a time (an attempt in flight holds its place). */
  async function inBatches<T>(count: number, together: number, send: () => Promise<T>) {
    const answers: T[] = [];
    for (let done = 0; done < count; done += together) {
      const batch = Math.min(together, count - done);
      answers.push(...(await Promise.all(Array.from({ length: batch }, send))));
    }
    return answers;
  }

  it('a correct login is not counted as a failure: its reservation is given back', async () => {
    const user = await buildUser(database.db, { email: freshEmail('ok') });
    const ip = freshIp();
    // More correct logins than the account's count of unknown devices (25) allows failures.
    const responses = await inBatches(30, 5, () => login(user.email, user.password, ip));
    expect(statuses(responses)).toEqual({ 201: 30 });
    for (let i = 0; i < PER_ACCOUNT - 1; i++) {
      expect((await login(user.email, 'ghicit', ip)).statusCode).toBe(401);
    }
    expect((await login(user.email, user.password, ip)).statusCode).toBe(201);
  });

  it('a burst of sign-ups from one address creates at most the limit of companies', async () => {
    const ip = freshIp();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/company',
          remoteAddress: ip,
          payload: {
            cui: cui(i),
            name: `Burst ${i} SRL`,
            address: 'Iași',
            package_id: 1,
            phone: '0744 123 456',
            user_name: 'Ion Popescu',
            user_email: freshEmail(`signup${i}`),
            user_password: 'parola-lunga-1',
          },
        }),
      ),
    );
    const counted = statuses(responses);
    expect(counted[201] ?? 0).toBeGreaterThan(0);
    expect(counted[201] ?? 0).toBeLessThanOrEqual(SIGNUPS_PER_IP);
    expect((counted[201] ?? 0) + (counted[429] ?? 0)).toBe(40);
    const created = await database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.address, 'Iași'));
    expect(created.length).toBeLessThanOrEqual(SIGNUPS_PER_IP);
  });

  it('a burst of report-link misses from one address is answered 404 at most the limit of times', async () => {
    const ip = freshIp();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        app.inject({
          method: 'GET',
          url: `/api/driver-reports/guess-${run}-${i}`,
          remoteAddress: ip,
        }),
      ),
    );
    const counted = statuses(responses);
    expect(counted[404] ?? 0).toBeLessThanOrEqual(PER_IP);
    expect(counted[429] ?? 0).toBeGreaterThanOrEqual(100 - PER_IP);
  });

  it('a report link that exists is not counted as a miss', async () => {
    const company = await buildCompany(database.db);
    const driver = await buildUser(database.db, {
      email: freshEmail('driver'),
      roles: ['driver'],
      companyIds: [company.id],
    });
    const token = `hit-${run}-${randomBytes(16).toString('hex')}`;
    await database.db.insert(driverReportTokens).values({
      company_id: company.id,
      driver_id: driver.id,
      token_hash: tokenDigest(token),
      expires_at: '2099-01-01 00:00:00',
    });
    const ip = freshIp();
    const responses = await inBatches(PER_IP + 5, 5, () =>
      app.inject({ method: 'GET', url: `/api/driver-reports/${token}`, remoteAddress: ip }),
    );
    expect(statuses(responses)).toEqual({ 200: PER_IP + 5 });
  });

  it('a burst of wrong current passwords counts toward the login limit: then the login is refused', async () => {
    const user = await buildUser(database.db, { email: freshEmail('pw') });
    const ip = freshIp();
    const session = await login(user.email, user.password, ip);
    expect(session.statusCode).toBe(201);
    const authorization = `Bearer ${session.json<{ token: string }>().token}`;
    const change = (current: string) =>
      app.inject({
        method: 'POST',
        url: '/api/account/password',
        headers: { authorization },
        remoteAddress: ip,
        payload: { current_password: current, new_password: 'o-parola-noua-lunga-1' },
      });
    const responses = await Promise.all(Array.from({ length: 30 }, () => change('ghicit')));
    const counted = statuses(responses);
    expect(counted[422] ?? 0).toBeLessThanOrEqual(PER_ACCOUNT);
    expect(counted[429] ?? 0).toBeGreaterThanOrEqual(30 - PER_ACCOUNT);
    const wrong = responses.find((response) => response.statusCode === 422);
    expect(wrong?.json<ErrorBody>().errors).toEqual({ current_password: [WRONG_CURRENT_PASSWORD] });
    // The same limit as a login of this account from this address: both are refused now.
    expect((await change(user.password)).statusCode).toBe(429);
    expect((await login(user.email, user.password, ip)).statusCode).toBe(429);
  });

  it('wrong current passwords and wrong logins share one limit', async () => {
    const user = await buildUser(database.db, { email: freshEmail('shared') });
    const ip = freshIp();
    const session = await login(user.email, user.password, ip);
    const authorization = `Bearer ${session.json<{ token: string }>().token}`;
    for (let i = 0; i < PER_ACCOUNT / 2; i++) {
      expect((await login(user.email, 'ghicit', ip)).statusCode).toBe(401);
    }
    for (let i = 0; i < PER_ACCOUNT / 2; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/password',
        headers: { authorization },
        remoteAddress: ip,
        payload: { current_password: 'ghicit', new_password: 'o-parola-noua-lunga-1' },
      });
      expect(response.statusCode).toBe(422);
    }
    expect((await login(user.email, user.password, ip)).statusCode).toBe(429);
  });

  /** Logs in from an address of its own and answers the bearer header. */
  async function bearer(user: { email: string; password: string }) {
    const response = await login(user.email, user.password, freshIp());
    expect(response.statusCode).toBe(201);
    return `Bearer ${response.json<{ token: string }>().token}`;
  }

  it('a manager is told that an e-mail is taken elsewhere at most the limit of times, even in a burst', async () => {
    const own = await buildCompany(database.db);
    const other = await buildCompany(database.db);
    const manager = await buildUser(database.db, {
      email: freshEmail('manager'),
      roles: ['manager', 'dispatcher'],
      companyIds: [own.id],
    });
    const strangers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        buildUser(database.db, { email: freshEmail(`stranger${i}`), companyIds: [other.id] }),
      ),
    );
    // Keyed by user id, which a fresh database gives again: an earlier run's count is not his.
    unmarked.push(`email-taken:${manager.id}`);
    await redis?.pub.del(`${PREFIX}email-taken:${manager.id}`);
    const authorization = await bearer(manager);
    const patch = (email: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/users/${manager.id}`,
        headers: { authorization },
        payload: { email },
      });
    // His own e-mail tried as each of another company's addresses, all at once.
    const responses = await Promise.all(strangers.map((stranger) => patch(stranger.email)));
    const counted = statuses(responses);
    expect(counted[422] ?? 0).toBeLessThanOrEqual(PER_ACCOUNT);
    expect(counted[429] ?? 0).toBeGreaterThanOrEqual(30 - PER_ACCOUNT);
    expect(responses.find((r) => r.statusCode === 422)?.json<ErrorBody>().errors).toEqual({
      email: [EMAIL_TAKEN],
    });
    const refused = responses.find((r) => r.statusCode === 429);
    expect(refused?.headers['retry-after']).toBe(String(15 * 60));
    expect(Object.keys(refused?.json<ErrorBody>().errors ?? {})).toEqual(['email']);
    // A free address is still his to take.
    const free = freshEmail('free');
    expect((await patch(free)).json()).toMatchObject({ id: manager.id, email: free });
  });

  it('the platform admin, who sees every company’s users, is told each time', async () => {
    const admin = await buildUser(database.db, { email: freshEmail('admin'), roles: ['admin'] });
    const target = await buildUser(database.db, { email: freshEmail('target') });
    const taken = await buildUser(database.db, { email: freshEmail('taken') });
    const authorization = await bearer(admin);
    for (let i = 0; i < PER_ACCOUNT + 2; i++) {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/users/${target.id}`,
        headers: { authorization },
        payload: { email: taken.email },
      });
      expect(response.statusCode).toBe(422);
    }
  });
});
