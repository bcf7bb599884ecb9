import { prepareTemplate, TEST_DATABASE_URL } from './test-database';

/** Vitest global setup of the server project: say which database the suite runs on. */
export default async function setup() {
  if (TEST_DATABASE_URL) {
    await prepareTemplate();
    console.log(`[server tests] database: PostgreSQL (${new URL(TEST_DATABASE_URL).host})`);
  } else {
    console.log('[server tests] database: PGlite in memory');
  }
}
