import http from 'node:http';
import { log } from './report';

/**
 * An open-loop, rate-based load generator: requests leave at planned times
 * whatever the server's answers, as 200 polling browsers would, unlike autocannon's closed loop
 * where a slow server slows its own load down. node:http with a keep-alive agent, loopback
 * only, every request bounded by a timeout, at most `maxInFlight` requests outstanding (beyond
 * that a planned request is dropped and counted), and the run ends `timeoutMs` after the last
 * planned request at the latest.
 */
export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PlannedRequest {
  /** Milliseconds after the start of the run. */
  at: number;
  /** The metric name the latency is filed under, e.g. "live". */
  endpoint: string;
  /** Built when the request leaves (so a POST can carry a fresh Idempotency-Key). */
  make: () => RequestSpec;
}

export interface EndpointResult {
  /** Milliseconds, completed 2xx answers; a timed-out request counts as `timeoutMs`. */
  latencies: number[];
  errors: number;
  timeouts: number;
  non2xx: number;
  dropped: number;
  /** The first few failures, for the log. */
  samples: string[];
}

export interface RunResult {
  byEndpoint: Map<string, EndpointResult>;
  /** All completed requests of the run. */
  completed: number;
  seconds: number;
  /** How late the generator fired its latest request (ms): large values mean a busy CPU 1. */
  maxLagMs: number;
}

export interface RunOptions {
  timeoutMs: number;
  maxInFlight: number;
}

export function createAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256 });
}

const emptyResult = (): EndpointResult => ({
  latencies: [],
  errors: 0,
  timeouts: 0,
  non2xx: 0,
  dropped: 0,
  samples: [],
});

export async function runPlan(
  baseUrl: string,
  plan: readonly PlannedRequest[],
  agent: http.Agent,
  options: RunOptions,
): Promise<RunResult> {
  const base = new URL(baseUrl);
  if (base.hostname !== '127.0.0.1') throw new Error(`loopback only, got ${base.hostname}`);
  const sorted = [...plan].sort((a, b) => a.at - b.at);
  const byEndpoint = new Map<string, EndpointResult>();
  const resultOf = (endpoint: string) => {
    let result = byEndpoint.get(endpoint);
    if (!result) {
      result = emptyResult();
      byEndpoint.set(endpoint, result);
    }
    return result;
  };
  let inFlight = 0;
  let completed = 0;
  let maxLagMs = 0;
  let next = 0;
  const start = performance.now();

  return new Promise<RunResult>((resolve) => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(hardStop);
      resolve({
        byEndpoint,
        completed,
        seconds: (performance.now() - start) / 1000,
        maxLagMs: Math.round(maxLagMs * 10) / 10,
      });
    };
    const lastAt = sorted.at(-1)?.at ?? 0;
    // Whatever happens, the run ends shortly after its last request's timeout.
    const hardStop = setTimeout(finish, lastAt + options.timeoutMs + 2000);
    const maybeDone = () => {
      if (next >= sorted.length && inFlight === 0) finish();
    };

    const fire = (planned: PlannedRequest) => {
      const result = resultOf(planned.endpoint);
      if (inFlight >= options.maxInFlight) {
        result.dropped++;
        return;
      }
      const spec = planned.make();
      inFlight++;
      const sent = performance.now();
      let settled = false;
      const settle = (outcome: 'ok' | 'error' | 'timeout' | 'non2xx', detail?: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        inFlight--;
        completed++;
        const elapsed = performance.now() - sent;
        if (outcome === 'ok') result.latencies.push(elapsed);
        else if (outcome === 'timeout') {
          result.timeouts++;
          result.latencies.push(options.timeoutMs);
        } else if (outcome === 'error') result.errors++;
        else result.non2xx++;
        if (detail && result.samples.length < 3) result.samples.push(detail);
        maybeDone();
      };
      const request = http.request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          method: spec.method,
          path: spec.path,
          headers: {
            ...spec.headers,
            ...(spec.body !== undefined
              ? {
                  'content-type': 'application/json',
                  'content-length': String(Buffer.byteLength(spec.body)),
                }
              : {}),
          },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => {
            if (!ok) chunks.push(chunk);
          });
          response.on('end', () => {
            if (ok) settle('ok');
            else
              settle(
                'non2xx',
                `${spec.method} ${spec.path} → ${status} ${Buffer.concat(chunks).toString().slice(0, 200)}`,
              );
          });
          response.on('error', (error) => settle('error', error.message));
        },
      );
      const timer = setTimeout(() => {
        settle('timeout', `${spec.method} ${spec.path}: no answer within ${options.timeoutMs} ms`);
        request.destroy();
      }, options.timeoutMs);
      request.on('error', (error) =>
        settle('error', `${spec.method} ${spec.path}: ${error.message}`),
      );
      request.end(spec.body);
    };

    const tick = () => {
      const now = performance.now() - start;
      while (next < sorted.length && (sorted[next] as PlannedRequest).at <= now) {
        const planned = sorted[next] as PlannedRequest;
        maxLagMs = Math.max(maxLagMs, now - planned.at);
        next++;
        fire(planned);
      }
      if (next < sorted.length) {
        setTimeout(tick, Math.max(0, (sorted[next] as PlannedRequest).at - now));
      } else maybeDone();
    };
    tick();
  });
}

/** The p-th percentile (0–100) by nearest rank; NaN for no samples. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

/** A fixed-seed generator (mulberry32): the same schedule on every run. */
export { seededRandom } from '../../server/db/seeded-random';

export function logFailures(label: string, run: RunResult): void {
  for (const [endpoint, result] of run.byEndpoint) {
    const failed = result.errors + result.timeouts + result.non2xx + result.dropped;
    if (failed === 0) continue;
    log(
      `${label} ${endpoint}: ${result.errors} errors, ${result.timeouts} timeouts, ` +
        `${result.non2xx} non-2xx, ${result.dropped} dropped; ${result.samples.join(' | ')}`,
    );
  }
}
