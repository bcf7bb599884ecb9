import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { type OpenApiDocument, readOperations } from './openapi';
import { ORACLE_TITLES, ORACLES } from './oracles';
import { parseRouteTree, undocumentedRoutes } from './route-inventory';
import { describeFailures, type FuzzReport, runFuzz, summarize } from './runner';
import { seedTenants } from './tenants';

/**
 * Schema-driven API fuzz (with Schemathesis-like checks and tenant
 * canaries): requests generated from our own OpenAPI document for every operation, in
 * valid, boundary and invalid modes, from company A's and company B's dispatchers, an anonymous
 * caller and callers with broken tokens; every answer is judged by five oracles.
 *
 *   FUZZ_SEED=<n>        replays a run (default 15; the seed is printed with the summary)
 *   FUZZ_REQUESTS=<n>    requests per run (default 5,000; `npm run test:fuzz` sends 100,000)
 *   FUZZ_ONLY=<i,j>      sends only those run indexes (each draw has its own seed)
 *   FUZZ_REPORT=<file>   also writes the full report as JSON
 */
const SEED = Number(process.env.FUZZ_SEED ?? 15);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5_000);
const ONLY = process.env.FUZZ_ONLY?.split(',').map(Number);

let t: TestApp;
let document: OpenApiDocument;
let report: FuzzReport;

beforeAll(
  async () => {
    t = await createTestApp({
      // Fuzzed logins fail by the thousand: the limiter (tested in auth.test.ts) must not lock
      // the fuzz callers out.
      LOGIN_MAX_FAILURES_PER_IP: '100000000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT_UNKNOWN_DEVICES: '100000000',
    });
    await t.app.ready();
    document = t.app.swagger() as unknown as OpenApiDocument;
    const tenants = await seedTenants(t, SEED);
    report = await runFuzz(t, document, tenants, {
      seed: SEED,
      requests: REQUESTS,
      ...(ONLY ? { only: ONLY } : {}),
    });
    console.log(summarize(report));
    if (process.env.FUZZ_REPORT) {
      writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(report, null, 2));
    }
  },
  120_000 + REQUESTS * 30,
);
afterAll(() => t?.close());

describe(`API fuzz from the OpenAPI document (seed ${SEED}, ${ONLY ? `runs ${ONLY.join(',')}` : `${REQUESTS} requests`})`, () => {
  it('documents every registered route', () => {
    const registered = parseRouteTree(t.app.printRoutes({ commonPrefix: false }));
    expect(registered.length).toBeGreaterThan(10);
    expect(undocumentedRoutes(registered, readOperations(document))).toEqual([]);
  });

  it('sent the requests it was asked to', () => {
    expect(report.sent + report.notSent).toBe(ONLY?.length ?? REQUESTS);
  });

  it('sees each company its own canaries (so the leak oracle is not blind)', () => {
    if (ONLY) return;
    expect(report.ownCanariesSeen.A).toBeGreaterThan(0);
    expect(report.ownCanariesSeen.B).toBeGreaterThan(0);
  });

  for (const oracle of ORACLES) {
    it(ORACLE_TITLES[oracle], () => {
      expect(describeFailures(report, oracle)).toEqual([]);
    });
  }
});
