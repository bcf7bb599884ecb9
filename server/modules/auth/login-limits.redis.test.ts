import { randomBytes } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { buildUser } from '../../db/factories';
import { openTestDatabase } from '../../test/test-database';

/**
 * With REDIS_URL the login failure counts live in Redis (docs/DECISIONS.md "Login limits"): a
 * lockout survives a restart of the node, and so does a known device's exemption. Needs
 * TEST_REDIS_URL (e.g. redis://127.0.0.1:6379), like the two-node cluster test.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) {
  console.warn('[login limits on Redis] SKIPPED: set TEST_REDIS_URL to run it.');
}

const PREFIX = 'ogo:login-failures:';
// Unique per run: the counts of an earlier run live on in Redis for the window.
const run = randomBytes(4).toString('hex');
const octet = () => randomBytes(1)[0] ?? 0;
const strangerIp = `10.${octet()}.${octet()}.1`;
const dispatcherIp = `10.${octet()}.${octet()}.2`;

let database: Database;

/** One node: the app with its own Redis clients, as server/main.ts starts it. */
async function startNode(): Promise<{ app: App; stop: () => Promise<void> }> {
  const pub: RedisClientType = createClient({ url: REDIS_URL });
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    REDIS_URL,
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
  });
  const app = await buildApp({ config, database, redis: { pub, sub }, serveWeb: false });
  return {
    app,
    stop: async () => {
      await app.close();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

describe.runIf(REDIS_URL)('login limits on Redis', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    const keys = await redis.keys(`${PREFIX}*${run}*`);
    await redis.del([...keys, `${PREFIX}ip:${strangerIp}`, `${PREFIX}ip:${dispatcherIp}`]);
    await redis.quit();
    await database.close();
  });

  it('keeps a stranger’s lockout and the dispatcher’s exemption across a restart', async () => {
    const dispatcher = await buildUser(database.db, { email: `dispecer-${run}@test.ogo.local` });
    const login = (app: App, ip: string, password: string, cookie?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/access-tokens',
        payload: { email: dispatcher.email, password },
        remoteAddress: ip,
        headers: cookie ? { cookie } : {},
      });

    const first = await startNode();
    let cookie = '';
    try {
      const ok = await login(first.app, dispatcherIp, dispatcher.password);
      expect(ok.statusCode).toBe(201);
      cookie = String(ok.headers['set-cookie']).split(';')[0] ?? '';
      for (let i = 0; i < 3; i++) {
        expect((await login(first.app, strangerIp, 'guess')).statusCode).toBe(401);
      }
      expect((await login(first.app, strangerIp, dispatcher.password)).statusCode).toBe(429);
    } finally {
      await first.stop();
    }

    const second = await startNode(); // a fresh process: nothing in memory
    try {
      expect((await login(second.app, strangerIp, dispatcher.password)).statusCode).toBe(429);
      expect((await login(second.app, strangerIp, dispatcher.password, cookie)).statusCode).toBe(
        201,
      );
    } finally {
      await second.stop();
    }
  });
});
