import type { AccessToken } from '@common/auth/auth.schema';
import { type App, buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { DEFAULT_PASSWORD } from '../../server/db/factories';

/** The real app as production runs it (quiet, no demo), on a database a bench server prepared. */
export async function buildBenchApp(
  database: Database,
  databaseUrl: string | undefined,
  /** Settings a benchmark needs otherwise (environment variable names, as main.ts reads them). */
  overrides: Record<string, string> = {},
): Promise<App> {
  const config = loadConfig({
    NODE_ENV: 'production',
    // No PBX here (production requires the variable).
    SIP_SECRET: '',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...overrides,
  });
  return buildApp({ config, database, serveWeb: false });
}

/** Logs a factory-built user in through the real endpoint and returns the bearer token. */
export async function loginToken(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/access-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEFAULT_PASSWORD }),
  });
  if (response.status !== 201)
    throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as AccessToken).token;
}
