import type { AccessToken } from '@common/auth/auth.schema';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type Database, openPglite, openPostgres } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { buildCompany, buildUser, DEFAULT_PASSWORD } from '../../server/test/factories';
import { failStartup, serveUntilParentLeaves } from './lifecycle';

/**
 * The real application for benchmarks: PGlite in memory, or the PostgreSQL database named by
 * BENCH_SERVER_DATABASE_URL (a throwaway one the benchmark created), migrated, with one company
 * and one dispatcher, listening on 127.0.0.1 on a free port. Logs the dispatcher in through
 * POST /api/access-tokens and prints {url, token, database} once ready.
 */
export interface AppServerInfo {
  url: string;
  token: string;
  database: Database['kind'];
}

async function start() {
  const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL;
  const database = databaseUrl ? await openPostgres(databaseUrl) : await openPglite();
  await migrate(database);
  const company = await buildCompany(database.db);
  const dispatcher = await buildUser(database.db, {
    roles: ['dispatcher'],
    companyIds: [company.id],
    meta: { theme: 'light' },
  });

  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp({ config, database, serveWeb: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  const response = await fetch(`${url}/api/access-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: dispatcher.email, password: DEFAULT_PASSWORD }),
  });
  if (response.status !== 201) {
    throw new Error(`login failed: ${response.status} ${await response.text()}`);
  }
  const { token } = (await response.json()) as AccessToken;
  const info: AppServerInfo = { url, token, database: database.kind };
  serveUntilParentLeaves(info, async () => {
    await app.close();
    await database.close();
  });
}

start().catch(failStartup);
