import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/client';
import { migrate } from '../db/migrate';

/**
 * Server tests run on PGlite in memory by default, or on a real PostgreSQL when
 * TEST_DATABASE_URL is set (CI runs both). On PostgreSQL each test file gets its own
 * database cloned from a template migrated once by global-setup.ts.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const TEMPLATE_DB = 'ogo_test_template';

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE). */
export async function adminQuery(statement: string): Promise<void> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let counter = 0;

export async function openTestDatabase(): Promise<Database> {
  if (!TEST_DATABASE_URL) {
    // Creating and migrating a PGlite costs ~2.7 s; loading the migrated template ~0.8 s.
    const dump = await readFile(pgliteTemplate()).catch(() => undefined);
    const database = await openPglite(undefined, dump ? new Blob([dump]) : undefined);
    await migrate(database); // a no-op on the template, and the real thing without one
    return database;
  }
  const name = `ogo_test_${process.pid}_${Date.now()}_${++counter}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  const database = await openPostgres(withDatabase(TEST_DATABASE_URL, name), 5);
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * The migrated PGlite data directory every test file starts from (written by global-setup).
 * Read when asked, not at import: global-setup imports this module before it sets the run's id,
 * and a path fixed then named another file than the test files looked for.
 */
const pgliteTemplate = () =>
  path.join(tmpdir(), `ogo-test-template-${process.env.OGO_TEST_RUN_ID ?? 'local'}.tar`);

/** Migrates the template database once per test run. */
export async function prepareTemplate(): Promise<() => Promise<void>> {
  if (!TEST_DATABASE_URL) {
    const database = await openPglite();
    await migrate(database);
    const dump = await database.dump?.();
    await database.close();
    if (dump) await writeFile(pgliteTemplate(), Buffer.from(await dump.arrayBuffer()));
    return async () => {
      await import('node:fs/promises').then((fs) => fs.rm(pgliteTemplate(), { force: true }));
    };
  }
  await adminQuery(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${TEMPLATE_DB}`);
  const database = await openPostgres(withDatabase(TEST_DATABASE_URL, TEMPLATE_DB), 1);
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  return async () => adminQuery(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
}
