import { type Database, openPostgres } from '../../server/db/client';
import { buildCompany, buildUser } from '../../server/db/factories';
import { migrate } from '../../server/db/migrate';
import { openPgliteWorker } from '../../server/db/pglite-worker-client';
import { buildBenchApp, loginToken } from './bench-app';
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
  const database = databaseUrl ? await openPostgres(databaseUrl) : await openPgliteWorker();
  await migrate(database);
  const company = await buildCompany(database.db);
  const dispatcher = await buildUser(database.db, {
    roles: ['dispatcher'],
    companyIds: [company.id],
    meta: { theme: 'light' },
  });

  const app = await buildBenchApp(database, databaseUrl);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  const token = await loginToken(url, dispatcher.email);
  const info: AppServerInfo = { url, token, database: database.kind };
  serveUntilParentLeaves(info, async () => {
    await app.close();
    await database.close();
  });
}

start().catch(failStartup);
