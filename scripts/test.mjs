// `npm test`: every suite, with one summary line each at the end.
//   1. unit + server on PGlite + web + the server process (vitest)
//   2. server again on a real PostgreSQL         (TEST_DATABASE_URL, default: the local server)
//   3. two app nodes on PostgreSQL + Redis       (TEST_REDIS_URL, default: the local server)
//   4. browser flows in Debian Chromium          (Playwright, after a production build)
// On four cores or more two lanes run at once, 1 → 2 → 3 and the build → 4, each suite's output
// kept in .test-output/<suite>.log and printed when it ends; on two cores both lanes are busy
// enough that running them together took as long as one after the other (measured), so they
// run in order there. TEST_LANES=1 or 2 chooses.
// A suite whose service is missing is skipped with a clear line on a developer's machine, and
// fails the run under CI=true: never skip silently in CI.
//
// Nothing outlives the run: each suite runs in its own process group, which is killed once the
// suite has exited (whatever it left behind: a browser, an app node); SIGINT, SIGTERM and
// SIGHUP are passed on to the running suites; and the browser tests' server, which Playwright
// starts in a process group of its own, is stopped through the file it leaves
// (scripts/e2e-server-file.mjs) if it is still there after Playwright, or from an earlier run.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { e2ePort, reapE2eServer } from './e2e-server-file.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.test-output');
const strict = process.env.CI === 'true' || process.env.OGO_TEST_REQUIRE_ALL === '1';
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// `npm test -- --only=browser e2e/ui/map.spec.ts`: only the named suites (unit, postgres, cluster,
// browser); any other argument goes to Playwright (a spec file, --grep).
const SUITES = ['unit', 'postgres', 'cluster', 'browser'];
const onlyArg = process.argv.slice(2).find((arg) => arg.startsWith('--only='));
const only = onlyArg ? onlyArg.slice('--only='.length).split(',') : SUITES;
const unknown = only.filter((suite) => !SUITES.includes(suite));
if (unknown.length > 0) {
  console.error(`unknown suite(s) ${unknown.join(', ')}: choose from ${SUITES.join(', ')}`);
  process.exit(2);
}
const wants = (suite) => only.includes(suite);
const playwrightArgs = process.argv.slice(2).filter((arg) => arg !== onlyArg);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const results = [];

/** The suites running now, each in its own process group (its pid is the group's id). */
const running = new Set();
const lanes = Number(process.env.TEST_LANES ?? (availableParallelism() >= 4 ? 2 : 1)) === 2 ? 2 : 1;

const killGroup = (pid, signal) => {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // nobody left in the group
  }
};

const logName = (name) =>
  name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

async function run(name, command, args, env = {}) {
  const started = Date.now();
  // One lane: the output as it comes. Two: into a file, printed whole once the suite ends.
  const log = lanes === 1 ? undefined : path.join(out, `${logName(name)}.log`);
  if (!log) console.log(`\n=== ${name} ===`);
  else console.log(`\n=== ${name}: started (output in ${path.relative(root, log)}) ===`);
  const file = log ? createWriteStream(log) : undefined;
  const child = spawn(command, args, {
    cwd: root,
    // No stdin: a suite in a process group of its own must not read the terminal.
    stdio: ['ignore', file ? 'pipe' : 'inherit', file ? 'pipe' : 'inherit'],
    env: { ...process.env, ...env },
    detached: true,
  });
  if (file) {
    child.stdout.pipe(file, { end: false });
    child.stderr.pipe(file, { end: false });
  }
  running.add(child);
  const exitCode = await new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  running.delete(child);
  // Whatever the suite left running in its group dies with it.
  killGroup(child.pid, 'SIGKILL');
  // Interrupted: the signal handler below ends the run; no further suite, no summary.
  if (interrupted) await new Promise(() => {});
  const seconds = Math.round((Date.now() - started) / 1000);
  if (file) {
    await new Promise((resolve) => file.end(resolve));
    console.log(`\n=== ${name} (${seconds} s) ===`);
    console.log(readFileSync(log, 'utf8').trimEnd());
  }
  return { exitCode, seconds };
}

/** Stops the browser tests' server if it outlived its Playwright run (or an earlier one's). */
async function reapE2e() {
  const pid = await reapE2eServer(e2ePort());
  if (pid) console.log(`\nstopped the browser tests' server left running (pid ${pid})`);
}

// Ctrl+C, a CI timeout or a kill: the running suites get the signal, then no more than 15 s.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, async () => {
    if (interrupted) return;
    interrupted = true;
    console.log(`\n${signal}: stopping the running suites`);
    const children = [...running];
    for (const child of children) killGroup(child.pid, signal);
    const exited = Promise.all(
      children.map((child) => new Promise((resolve) => child.once('exit', resolve))),
    );
    const timer = new Promise((resolve) => setTimeout(resolve, 15_000));
    await Promise.race([exited, timer]);
    for (const child of children) killGroup(child.pid, 'SIGKILL');
    await reapE2e();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

function vitestCounts(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failures = [];
  for (const suite of report.testResults ?? []) {
    const where = path.relative(root, suite.name);
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failedTests) failures.push(`${where} › ${test.fullName}`);
    // A file that failed to load has no failed test of its own.
    if (suite.status === 'failed' && failedTests.length === 0) failures.push(`${where} (file)`);
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0),
    failures,
  };
}

function playwrightCounts(file) {
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  const failures = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      if (!spec.ok) failures.push(`${spec.file}:${spec.line} › ${spec.title}`);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of suites ?? []) visit(suite);
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, failures };
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

/** The last lines of a log a failed suite's server wrote (its own output is not shown). */
function printTail(file, what, lines = 150) {
  if (!existsSync(file))
    return console.log(`\n${what} wrote no log (${path.relative(root, file)})`);
  const tail = readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines);
  console.log(`\n=== ${what}: last ${tail.length} lines of ${path.relative(root, file)} ===`);
  console.log(tail.join('\n'));
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

// The suites' services are asked for once, before either lane starts.
const needsServices = wants('postgres') || wants('cluster');
const hasPostgres = needsServices && (await postgresReachable());
const hasRedis = needsServices && (await redisReachable());

/** 1. Unit, server on PGlite, web, and the real server process on PGlite. */
async function unitSuite() {
  if (!wants('unit')) return;
  const unit = await run(
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
}

/** 2. The server's tests again on a real PostgreSQL. */
async function postgresSuite() {
  if (!wants('postgres')) return;
  if (!hasPostgres) {
    skip(
      'server (PostgreSQL)',
      `no PostgreSQL at ${new URL(databaseUrl).host} (set TEST_DATABASE_URL)`,
    );
    return;
  }
  const serverPg = await run(
    'server (PostgreSQL)',
    process.execPath,
    [vitest, 'run', '--project', 'server', ...jsonOut('server-pg.json')],
    // With Redis, the login limits' restart test runs here too (login-limits.redis.test.ts).
    { TEST_DATABASE_URL: databaseUrl, ...(hasRedis ? { TEST_REDIS_URL: redisUrl } : {}) },
  );
  record('server (PostgreSQL)', serverPg, () => vitestCounts(path.join(out, 'server-pg.json')));
}

/** 3. Two app nodes on PostgreSQL and Redis. */
async function clusterSuite() {
  if (!wants('cluster')) return;
  if (!hasPostgres || !hasRedis) {
    skip(
      'two nodes (PostgreSQL + Redis)',
      `needs PostgreSQL and Redis (${hasPostgres ? '' : 'no PostgreSQL; '}${hasRedis ? '' : `no Redis at ${redisUrl}`})`,
    );
    return;
  }
  const cluster = await run(
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
}

/** 4. Browser flows on the production build. */
async function browserSuite() {
  if (!wants('browser')) return;
  if (!existsSync(chromium)) {
    skip(
      'browser (Chromium)',
      `no Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`,
    );
    return;
  }
  const build = await run('build', process.execPath, [path.join(root, 'scripts/build.mjs')]);
  if (build.exitCode !== 0) {
    results.push({ name: 'browser (Chromium)', passed: 0, failed: 1, seconds: build.seconds });
  } else {
    await reapE2e(); // a server an earlier run left on the port would fail this one
    const e2e = await run(
      'browser (Chromium)',
      process.execPath,
      [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...playwrightArgs],
      {
        CI: 'true', // json report for the summary
        CHROMIUM_PATH: chromium,
        // CI=true above is for the report: whether a missing Kamailio fails the run is this.
        E2E_REQUIRE_PBX: strict ? '1' : '0',
      },
    );
    await reapE2e();
    record('browser (Chromium)', e2e, () => playwrightCounts(path.join(out, 'e2e.json')));
    if (e2e.exitCode !== 0)
      printTail(path.join(out, 'e2e-server.log'), "the browser tests' server");
  }
}

const serverLane = async () => {
  await unitSuite();
  await postgresSuite();
  await clusterSuite();
};
if (lanes === 1) {
  await serverLane();
  await browserSuite();
} else {
  await Promise.all([serverLane(), browserSuite()]);
}

// Summary.
console.log('\n=== summary ===');
let passed = 0;
let failed = 0;
const skipped = [];
const SUITE_ORDER = ['unit', 'server (PostgreSQL)', 'two nodes', 'browser'];
const rank = (r) => SUITE_ORDER.findIndex((prefix) => r.name.startsWith(prefix));
for (const r of results.sort((x, y) => rank(x) - rank(y))) {
  if (r.skipped) {
    skipped.push(r);
    console.log(`  ${r.name}: SKIPPED (${r.skipped})`);
    continue;
  }
  passed += r.passed;
  failed += r.failed;
  console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds} s)`);
  // The names again here: a CI log is often read from its tail only.
  for (const failure of r.failures ?? []) console.log(`    ✗ ${failure}`);
}
if (skipped.length > 0 && strict) {
  console.log(`\nCI requires every suite: ${skipped.length} suite(s) could not run.`);
  failed += skipped.length;
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
