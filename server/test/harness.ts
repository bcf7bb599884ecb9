import type { AccessToken } from '@common/auth/auth.schema';
import type { Order } from '@common/orders/orders.schema';
import type { DestinationStream } from 'pino';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database, Db } from '../db/client';
import { DEFAULT_PASSWORD } from '../db/factories';
import { openTestDatabase } from './test-database';

/**
 * The tests' SIP secret (no secret is built in): deterministic, so a test can
 * compute its credentials and hook tokens; a test may pass its own SIP_SECRET.
 */
export const TEST_SIP_SECRET = 'ogo-test-sip-secret';

export interface TestApp {
  app: App;
  db: Db;
  database: Database;
  /** Logs a user in through the real endpoint and returns the bearer headers. */
  login(user: {
    email: string;
    password?: string;
  }): Promise<{ authorization: string; token: string }>;
  /**
   * Creates an order through POST /api/orders as the caller of `headers` (a valid phone, client
   * name and address, overridden or extended by `fields`); fails unless it answers 201.
   */
  postOrder(headers: { authorization: string }, fields?: Record<string, unknown>): Promise<Order>;
  close(): Promise<void>;
}

/**
 * A real app on a fresh migrated database, not listening unless the test asks.
 * Not yet `ready`: a test may add routes before its first request. Logs are off
 * unless `env.LOG_LEVEL` says otherwise; `options.logStream` receives them.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: DestinationStream; clock?: () => number } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // Tests never reach a host outside this machine: no company registry unless a test brings
    // its own stand-in (fake-anaf.ts).
    COMPANY_REGISTRY_URL: '',
    SIP_SECRET: TEST_SIP_SECRET,
    ...env,
  });
  const app = await buildApp({ config, database, serveWeb: false, ...options });
  return {
    app,
    db: database.db,
    database,
    async login(user) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/access-tokens',
        payload: { email: user.email, password: user.password ?? DEFAULT_PASSWORD },
      });
      if (response.statusCode !== 201)
        throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      const { token } = response.json<AccessToken>();
      return { authorization: `Bearer ${token}`, token };
    },
    async postOrder(headers, fields = {}) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers,
        payload: {
          phone: '0744 555 666',
          client_name: 'Ana',
          places: [{ name: 'Strada Lungă 1', lat: 47.16, long: 27.58 }],
          ...fields,
        },
      });
      if (response.statusCode !== 201)
        throw new Error(`POST /api/orders: ${response.statusCode} ${response.body}`);
      return response.json<Order>();
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
