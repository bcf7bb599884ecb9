import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { log } from './report';

/**
 * CPU pinning (it cut round-to-round spread from ±50% to ±3%).
 *
 * The benchmark process itself runs the load generator (on its main thread), so it pins
 * *itself* to CPU 1 with `taskset -a -p` — no re-exec needed, and it works however the
 * benchmark was started. What a server gets (BENCH_PIN):
 * - `loop` (default): its event loop — the main thread — runs on CPU 0 alone, pinned once the
 *   server is ready; its other threads (V8's collector and compiler helpers, the PGlite worker)
 *   may run on any CPU, as PostgreSQL's backends always could. This is a two-core host with the
 *   load generator on one core (measured in session 9: `git log -p bench/README.md`).
 * - `process`: every thread of the server on CPU 0 (sessions 1–8): a one-core host whose core
 *   the collector's helpers and the PGlite worker share with the event loop.
 * - `0`: nothing pinned.
 * Without taskset or with fewer than 2 CPUs nothing is pinned and the numbers are noisier.
 */
type PinMode = 'loop' | 'process' | 'none';
const pinMode: PinMode = (() => {
  const asked = process.env.BENCH_PIN ?? 'loop';
  if (asked === '0') return 'none';
  if (asked !== 'loop' && asked !== 'process') {
    throw new Error(`BENCH_PIN=${asked}: use loop (default), process or 0`);
  }
  return asked;
})();
const canPin = (() => {
  if (pinMode === 'none' || availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

export const SERVER_CPU = '0';
export const LOAD_CPU = '1';

export function pinSelfToLoadCpu(): boolean {
  if (!canPin) {
    log('taskset unavailable or < 2 CPUs: running unpinned (expect more noise)');
    return false;
  }
  execFileSync('taskset', ['-a', '-p', '-c', LOAD_CPU, String(process.pid)], { stdio: 'ignore' });
  log(
    pinMode === 'loop'
      ? `load generator pinned to CPU ${LOAD_CPU}, servers' event loops to CPU ${SERVER_CPU} ` +
          `(their other threads on any CPU)`
      : `load generator pinned to CPU ${LOAD_CPU}, servers (every thread) to CPU ${SERVER_CPU}`,
  );
  return true;
}

const children = new Set<ChildProcess>();

/** Kills every child still running: SIGKILL, by pid. Safe to call more than once. */
export function killChildren(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  children.clear();
}

let guarded = false;
/**
 * Makes the process clean up its children however it ends: normal exit, an uncaught error,
 * SIGINT/SIGTERM, or the overall time limit. (Children also exit by themselves when their stdin
 * closes, which covers this process being SIGKILLed; see servers/lifecycle.ts.)
 */
export function guardProcess(timeLimitSeconds: number): void {
  if (guarded) return;
  guarded = true;
  process.on('exit', killChildren);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping`);
      killChildren();
      process.exit(130);
    });
  }
  const timer = setTimeout(() => {
    log(`time limit of ${timeLimitSeconds} s exceeded: killing servers and failing`);
    killChildren();
    process.exit(3);
  }, timeLimitSeconds * 1000);
  timer.unref();
}

export interface Server<Info> {
  info: Info;
  pid: number;
  stop(): Promise<void>;
}

/** Every CPU of the machine (availableParallelism() counts only those this pinned process has). */
const everyCpu = () => `0-${cpus().length - 1}`;

/**
 * Starts a `bench/servers/*.ts` entry as `taskset -c <cpus> node --import tsx <entry>` and waits
 * for the first stdout line, a JSON object the server prints once it listens; then, in `loop`
 * mode, pins its main thread (whose thread id is the pid) to the server CPU.
 */
export async function startServer<Info>(
  entry: URL,
  env: Record<string, string>,
  readyTimeoutSeconds = 90,
): Promise<Server<Info>> {
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it exits.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  // BENCH_NODE_FLAGS: more V8/Node flags for the servers (e.g. `--trace-gc` to see GC reasons).
  const extra = process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const command = [
    process.execPath,
    // The V8 flags `npm start` runs the product with (package.json), for the baselines too.
    '--max-semi-space-size=32',
    ...profile,
    ...extra,
    '--import',
    'tsx',
    fileURLToPath(entry),
  ];
  // Spawned on every CPU in `loop` mode: a child inherits this process's CPU-1 mask otherwise.
  const spawnCpus = pinMode === 'loop' ? everyCpu() : SERVER_CPU;
  const argv = canPin ? ['taskset', '-c', spawnCpus, ...command] : command;
  const [file, ...args] = argv as [string, ...string[]];
  const child = spawn(file, args, {
    env: { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production', ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const info = await new Promise<Info>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`${entry.pathname} not ready within ${readyTimeoutSeconds} s`));
    }, readyTimeoutSeconds * 1000);
    const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
    // The first JSON line; anything else the server prints (V8 traces asked for by
    // BENCH_NODE_FLAGS) goes to stderr: stdout is the benchmark's JSON lines.
    let ready = false;
    lines.on('line', (line) => {
      if (ready || !line.startsWith('{')) {
        process.stderr.write(`[server ${child.pid}] ${line}\n`);
        return;
      }
      ready = true;
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line) as Info);
      } catch {
        reject(new Error(`${entry.pathname} printed a non-JSON first line: ${line}`));
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${entry.pathname} exited before ready (code ${code}, signal ${signal})`));
    });
  }).catch((error: unknown) => {
    if (child.pid !== undefined && child.exitCode === null) child.kill('SIGKILL');
    children.delete(child);
    throw error;
  });

  if (child.pid === undefined) throw new Error('spawned server has no pid');
  const pid = child.pid;
  // Without -a: the main thread only. Threads it starts from now on inherit the CPU; those it
  // started while getting ready (V8's helpers, the PGlite worker) keep every CPU.
  if (canPin && pinMode === 'loop') {
    execFileSync('taskset', ['-p', '-c', SERVER_CPU, String(pid)], { stdio: 'ignore' });
  }
  return {
    info,
    pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // Closing stdin asks the server to close gracefully; SIGKILL if it takes over 5 s.
        child.stdin?.end();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      children.delete(child);
    },
  };
}
