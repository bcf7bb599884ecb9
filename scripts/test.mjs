// `npm test`: every suite, in order, with one summary line at the end.
//   1. unit + server on PGlite + web + the server process (vitest)
//   2. server again on a real PostgreSQL         (TEST_DATABASE_URL, default: the local server)
//   3. two app nodes on PostgreSQL + Redis       (TEST_REDIS_URL, default: the local server)
//   4. browser flows in Debian Chromium          (Playwright, after a production build)
// A suite whose service is missing is skipped with a clear line on a developer's machine, and
// fails the run under CI=true (issue #2 item 10: never skip silently in CI).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.test-output');
const strict = process.env.CI === 'true' || process.env.OGO_TEST_REQUIRE_ALL === '1';
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const results = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return { exitCode: result.status ?? 1, seconds: Math.round((Date.now() - started) / 1000) };
}

function vitestCounts(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0),
  };
}

function playwrightCounts(file) {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
}

function record(name, run, countsOf) {
  let counts = { passed: 0, failed: 0 };
  try {
    counts = countsOf();
  } catch {
    counts.failed = 1; // no report: the runner itself failed
  }
  if (run.exitCode !== 0 && counts.failed === 0) counts.failed = 1;
  results.push({ name, ...counts, seconds: run.seconds });
}

function skip(name, reason) {
  console.log(`\n=== ${name} ===\nSKIPPED: ${reason}`);
  results.push({ name, skipped: reason });
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function redisReachable() {
  const { hostname, port } = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 2000 });
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const jsonOut = (file) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(out, file)}`,
];

// 1. Unit, server on PGlite, web, and the real server process on PGlite.
const unit = run(
  'unit, server (PGlite), web',
  process.execPath,
  [
    vitest,
    'run',
    '--project',
    'common',
    '--project',
    'server',
    '--project',
    'web',
    '--project',
    'process',
    ...jsonOut('unit.json'),
    // PGlite here even when the caller exported TEST_DATABASE_URL for step 2 (.ci/run does): an
    // empty value means "not set" to server/test/test-database.ts.
  ],
  { TEST_DATABASE_URL: '' },
);
record('unit + server (PGlite) + web', unit, () => vitestCounts(path.join(out, 'unit.json')));

// 2 and 3. PostgreSQL, then two nodes with Redis.
const hasPostgres = await postgresReachable();
const hasRedis = await redisReachable();
if (hasPostgres) {
  const serverPg = run(
    'server (PostgreSQL)',
    process.execPath,
    [vitest, 'run', '--project', 'server', ...jsonOut('server-pg.json')],
    // With Redis, the login limits' restart test runs here too (login-limits.redis.test.ts).
    { TEST_DATABASE_URL: databaseUrl, ...(hasRedis ? { TEST_REDIS_URL: redisUrl } : {}) },
  );
  record('server (PostgreSQL)', serverPg, () => vitestCounts(path.join(out, 'server-pg.json')));
} else {
  skip(
    'server (PostgreSQL)',
    `no PostgreSQL at ${new URL(databaseUrl).host} (set TEST_DATABASE_URL)`,
  );
}
if (hasPostgres && hasRedis) {
  const cluster = run(
    'two nodes (PostgreSQL + Redis)',
    process.execPath,
    [vitest, 'run', '--project', 'cluster', ...jsonOut('cluster.json')],
    {
      TEST_DATABASE_URL: databaseUrl,
      TEST_REDIS_URL: redisUrl,
    },
  );
  record('two nodes (PostgreSQL + Redis)', cluster, () =>
    vitestCounts(path.join(out, 'cluster.json')),
  );
} else {
  skip(
    'two nodes (PostgreSQL + Redis)',
    `needs PostgreSQL and Redis (${hasPostgres ? '' : 'no PostgreSQL; '}${hasRedis ? '' : `no Redis at ${redisUrl}`})`,
  );
}

// 4. Browser flows on the production build.
if (existsSync(chromium)) {
  const build = run('build', process.execPath, [path.join(root, 'scripts/build.mjs')]);
  if (build.exitCode !== 0) {
    results.push({ name: 'browser (Chromium)', passed: 0, failed: 1, seconds: build.seconds });
  } else {
    const e2e = run(
      'browser (Chromium)',
      process.execPath,
      [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test'],
      {
        CI: 'true', // json report for the summary
        CHROMIUM_PATH: chromium,
      },
    );
    record('browser (Chromium)', e2e, () => playwrightCounts(path.join(out, 'e2e.json')));
  }
} else {
  skip(
    'browser (Chromium)',
    `no Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`,
  );
}

// Summary.
console.log('\n=== summary ===');
let passed = 0;
let failed = 0;
const skipped = [];
for (const r of results) {
  if (r.skipped) {
    skipped.push(r);
    console.log(`  ${r.name}: SKIPPED (${r.skipped})`);
    continue;
  }
  passed += r.passed;
  failed += r.failed;
  console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds} s)`);
}
if (skipped.length > 0 && strict) {
  console.log(`\nCI requires every suite: ${skipped.length} suite(s) could not run.`);
  failed += skipped.length;
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
