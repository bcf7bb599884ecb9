import type { IncomingMessage, ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * What the fleet benchmarks' servers report about themselves (bench-only routes, never in
 * server/): the process's CPU time (every thread: the event loop, V8's helpers, the PGlite
 * worker) and its memory after a forced, full garbage collection.
 */
export interface CpuReading {
  /** user + system, ms, cumulative since the process started. */
  cpuMs: number;
}

export interface MemoryReading {
  heapUsed: number;
  rss: number;
  external: number;
  arrayBuffers: number;
}

// `--expose-gc` at run time: the servers start with `npm start`'s flags only.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export function cpuReading(): CpuReading {
  const { user, system } = process.cpuUsage();
  return { cpuMs: (user + system) / 1000 };
}

/**
 * Collects until the heap stops shrinking (at most 6 times, letting finalizers and weak
 * callbacks run between), then reads the memory: what the live objects hold.
 */
export async function memoryAfterGc(): Promise<MemoryReading> {
  let last = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 6; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const used = process.memoryUsage().heapUsed;
    if (used > last * 0.995) break;
    last = used;
  }
  const { heapUsed, rss, external, arrayBuffers } = process.memoryUsage();
  return { heapUsed, rss, external, arrayBuffers };
}

export const CPU_ROUTE = '/__bench/cpu';
export const MEMORY_ROUTE = '/__bench/memory';

/**
 * The two routes for a server without Fastify (the bare Socket.IO and raw-ws baselines):
 * answers them and returns true, or returns false for any other request. `extra` adds the
 * server's own figures to the CPU answer.
 */
export function answerProbe(
  request: IncomingMessage,
  response: ServerResponse,
  extra: () => object = () => ({}),
): boolean {
  const path = request.url?.split('?')[0];
  const send = (body: object) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (path === CPU_ROUTE) {
    send({ ...cpuReading(), ...extra() });
    return true;
  }
  if (path === MEMORY_ROUTE) {
    void memoryAfterGc().then(send);
    return true;
  }
  return false;
}

/** GET a probe route of a benchmark server. */
export async function probe<T>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
