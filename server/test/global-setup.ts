import { prepareTemplate, TEST_DATABASE_URL } from './test-database';

/**
 * Vitest global setup of the server project: migrates one template database that every test
 * file clones, and says which database the suite runs on.
 */
export default async function setup() {
  process.env.OGO_TEST_RUN_ID ??= String(process.pid);
  const teardown = await prepareTemplate();
  console.log(
    TEST_DATABASE_URL
      ? `[server tests] database: PostgreSQL (${new URL(TEST_DATABASE_URL).host})`
      : '[server tests] database: PGlite in memory',
  );
  return teardown;
}
