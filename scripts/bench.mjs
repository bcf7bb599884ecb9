#!/usr/bin/env node
/**
 * Runs the benchmark suite: every bench/*.bench.ts, one after the other, each as
 * `node --import tsx bench/<name>.bench.ts <args>` (see bench/README.md).
 *
 *   npm run bench                      full run
 *   npm run bench -- --smoke           short run for CI-like checks
 *   npm run bench -- --only=verify-token [--rounds=N --duration=S --warmup=S --connections=C]
 *
 * stdout carries only the benchmarks' JSON lines (one per metric); progress goes to stderr.
 * Exits non-zero when a benchmark crashes, times out or prints no metric. A missed target is not
 * a failure here: it is reported in the line as "pass": false.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = path.join(root, 'bench');
const SUFFIX = '.bench.ts';
/** Hard cap per benchmark file; each benchmark also enforces its own, tighter limit. */
const TIME_LIMIT_MS = 20 * 60_000;

const args = process.argv.slice(2);
const only = args
  .filter((arg) => arg.startsWith('--only='))
  .flatMap((arg) => arg.slice('--only='.length).split(','))
  .filter(Boolean);
const passThrough = args.filter((arg) => !arg.startsWith('--only='));

const available = readdirSync(benchDir)
  .filter((file) => file.endsWith(SUFFIX))
  .map((file) => file.slice(0, -SUFFIX.length))
  .sort();
const unknown = only.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}
const selected = only.length > 0 ? available.filter((name) => only.includes(name)) : available;

/** The benchmark currently running, so a signal to this runner can end it (by pid). */
let current;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    if (current?.pid !== undefined && current.exitCode === null) current.kill(signal);
    process.exitCode = 130;
  });
}

function run(name) {
  return new Promise((resolve) => {
    const file = path.join(benchDir, `${name}${SUFFIX}`);
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...passThrough], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    current = child;
    const metrics = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      process.stdout.write(`${line}\n`);
      try {
        const parsed = JSON.parse(line);
        if (parsed && typeof parsed === 'object' && 'metric' in parsed) metrics.push(parsed);
      } catch {
        // not a metric line; printed as is
      }
    });
    const timer = setTimeout(() => {
      console.error(
        `[bench] ${name}: over ${TIME_LIMIT_MS / 60_000} min, killing pid ${child.pid}`,
      );
      child.kill('SIGKILL');
    }, TIME_LIMIT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ name, code: 1, signal: null, metrics, error });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ name, code, signal, metrics });
    });
  });
}

const results = [];
for (const name of selected) {
  if (process.exitCode === 130) break;
  console.error(`[bench] ${name} ${passThrough.join(' ')}`.trimEnd());
  results.push(await run(name));
}

let failed = process.exitCode === 130;
for (const { name, code, signal, metrics, error } of results) {
  const missed = metrics.filter((metric) => metric.pass === false).map((metric) => metric.metric);
  const crashed = code !== 0 || metrics.length === 0;
  if (crashed) failed = true;
  const status = crashed
    ? `CRASHED (${error?.message ?? (signal ? `signal ${signal}` : `exit ${code}`)}${metrics.length === 0 ? ', no metrics' : ''})`
    : `ok, ${metrics.length} metrics, ${missed.length === 0 ? 'all targets met' : `targets missed: ${missed.join(', ')}`}`;
  console.error(`[bench] ${name}: ${status}`);
}
process.exit(failed ? 1 : 0);
