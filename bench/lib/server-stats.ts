import {
  createHistogram,
  monitorEventLoopDelay,
  PerformanceObserver,
  performance,
} from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * What a benchmark server reports about itself on `GET /__bench/stats` (a route that only the
 * benchmark server entries add, never the application): the event loop's longest stall and
 * delay percentiles since the last `?reset=1`, and the process's cumulative CPU time.
 */
export interface ServerStats {
  /** Longest event-loop delay seen (ms): how long the loop was blocked at worst. */
  maxStallMs: number;
  p99DelayMs: number;
  meanDelayMs: number;
  /** Cumulative since the process started (ms); diff two readings for a phase. */
  cpuUserMs: number;
  cpuSystemMs: number;
  rssMb: number;
  /** Longest garbage-collection pause since the last reset (ms): one cause of a stall. */
  maxGcPauseMs: number;
  /** Its kind (V8: minor = scavenge of new objects, major = mark-compact of the whole heap). */
  maxGcKind: string;
  /** All GC pauses since the last reset (ms). */
  gcTotalMs: number;
  /** The main thread's JavaScript heap in use now (MB). */
  heapUsedMb: number;
  /** Cumulative: times the OS took the CPU from the process (another process wanted it). */
  involuntarySwitches: number;
  /**
   * The longest gap between two 5 ms ticks since the last reset, and the CPU time the process
   * used during it: about the gap when the loop was busy (work or GC), near 0 when the process
   * was waiting for a CPU that another process held.
   */
  longestGap: { ms: number; cpuMs: number };
  /**
   * Time in the server (Fastify's onRequest to the response sent) of every request but this
   * route's: what the handlers cost, without the wait before the loop read the request and the
   * way back to the load generator. Set against the client's latencies, it tells the server's
   * share of a tail from the rest's.
   */
  served: Served;
  /** The same for reads alone (GET): the requests the orders-lists targets are about. */
  servedReads: Served;
  /** The same per route (`GET /api/orders`; a `page` past 1 adds ` page>1`). */
  servedByRoute: Record<string, Served>;
}

export interface Served {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Requests that spent more than 10 ms in the server. */
  over10Ms: number;
}

/** A histogram of server times (µs) and how many passed 10 ms. */
function servedHistogram() {
  const histogram = createHistogram();
  let over10 = 0;
  return {
    record(ms: number) {
      histogram.record(Math.max(1, Math.round(ms * 1000)));
      if (ms > 10) over10++;
    },
    read(): Served {
      return {
        count: histogram.count,
        p50Ms: round(histogram.percentile(50) / 1000),
        p99Ms: round(histogram.percentile(99) / 1000),
        maxMs: round(histogram.max / 1000),
        over10Ms: over10,
      };
    },
    reset() {
      histogram.reset();
      over10 = 0;
    },
  };
}

export const STATS_ROUTE = '/__bench/stats';

/** Starts the event-loop monitor and adds the stats route (call before `listen`). */
export function addStatsRoute(app: FastifyInstance): void {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let maxGcPause = 0;
  let maxGcKind = '';
  let gcTotal = 0;
  const gcKinds: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcTotal += entry.duration;
      if (entry.duration <= maxGcPause) continue;
      maxGcPause = entry.duration;
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
      maxGcKind = gcKinds[kind] ?? String(kind);
    }
  }).observe({ entryTypes: ['gc'] });
  const served = servedHistogram();
  const servedReads = servedHistogram();
  const byRoute = new Map<string, ReturnType<typeof servedHistogram>>();
  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url ?? '(no route)';
    if (url === STATS_ROUTE) return;
    served.record(reply.elapsedTime);
    if (request.method === 'GET') servedReads.record(reply.elapsedTime);
    const page = Number((request.query as { page?: string } | undefined)?.page ?? 1);
    const key = `${request.method} ${url}${page > 1 ? ' page>1' : ''}`;
    let histogram = byRoute.get(key);
    if (!histogram) {
      histogram = servedHistogram();
      byRoute.set(key, histogram);
    }
    histogram.record(reply.elapsedTime);
  });
  let longestGap = { ms: 0, cpuMs: 0 };
  let lastTick = performance.now();
  let lastCpu = process.cpuUsage();
  setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage();
    const ms = now - lastTick;
    if (ms > longestGap.ms) {
      const cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
      longestGap = { ms: round(ms), cpuMs: round(cpuMs) };
    }
    lastTick = now;
    lastCpu = cpu;
  }, 5).unref();
  app.get(STATS_ROUTE, async (request, reply) => {
    const stats: ServerStats = {
      maxStallMs: round(delay.max / 1e6),
      p99DelayMs: round(delay.percentile(99) / 1e6),
      meanDelayMs: round(delay.mean / 1e6),
      cpuUserMs: round(process.cpuUsage().user / 1000),
      cpuSystemMs: round(process.cpuUsage().system / 1000),
      rssMb: Math.round(process.memoryUsage.rss() / 2 ** 20),
      maxGcPauseMs: round(maxGcPause),
      maxGcKind,
      gcTotalMs: round(gcTotal),
      heapUsedMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
      involuntarySwitches: process.resourceUsage().involuntaryContextSwitches,
      longestGap,
      served: served.read(),
      servedReads: servedReads.read(),
      servedByRoute: Object.fromEntries([...byRoute].map(([key, h]) => [key, h.read()])),
    };
    if ((request.query as Record<string, string | undefined>).reset === '1') {
      delay.reset();
      maxGcPause = 0;
      maxGcKind = '';
      gcTotal = 0;
      longestGap = { ms: 0, cpuMs: 0 };
      served.reset();
      servedReads.reset();
      for (const histogram of byRoute.values()) histogram.reset();
    }
    reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(stats));
  });
}

const round = (value: number) => (Number.isFinite(value) ? Math.round(value * 100) / 100 : 0);
