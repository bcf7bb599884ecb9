import pg from 'pg';
import { log } from './report';

/**
 * A throwaway database `ogo_bench_<pid>` on the PostgreSQL server of `adminUrl` (any database
 * the role may connect to, e.g. …/postgres). `drop()` removes it, even with open connections.
 */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  const name = `ogo_bench_${process.pid}`;
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  log(`created database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      log(`dropped database ${name}`);
    },
  };
}
