import autocannon, { type Result } from 'autocannon';
import type { BenchOptions } from './options';
import { log, median, round3 } from './report';

export interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

export interface Sample {
  reqPerSec: number;
  /** Milliseconds. */
  latencyP50: number;
  latencyP99: number;
}

/**
 * One bounded autocannon run (duration seconds, loopback only). A run with any error, timeout
 * or non-2xx answer throws: a benchmark measuring failures measures nothing.
 */
export async function runLoad(
  target: Target,
  seconds: number,
  connections: number,
): Promise<Sample> {
  const url = new URL(target.url);
  if (url.hostname !== '127.0.0.1') throw new Error(`loopback only, got ${url.hostname}`);
  const result: Result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    timeout: 10,
    headers: target.headers ?? {},
  });
  return sampleOf(target.name, result);
}

/** An autocannon result as a Sample; any error, timeout or non-2xx answer throws. */
export function sampleOf(name: string, result: Result): Sample {
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0 || result['2xx'] === 0) {
    throw new Error(
      `${name}: ${result.errors} errors, ${result.timeouts} timeouts, ` +
        `${result.non2xx} non-2xx, ${result['2xx']} 2xx`,
    );
  }
  return {
    reqPerSec: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
  };
}

export interface Comparison {
  value: Sample[];
  baseline: Sample[];
}

/**
 * Warms both targets up, then runs A/B/A/B…: `options.rounds` rounds, each one run of the
 * project target (A) then one of the baseline (B), same duration and connections.
 */
export async function interleave(
  project: Target,
  baseline: Target,
  options: BenchOptions,
): Promise<Comparison> {
  log(`warm-up ${options.warmup} s each: ${project.name}, ${baseline.name}`);
  await runLoad(project, options.warmup, options.connections);
  await runLoad(baseline, options.warmup, options.connections);
  const comparison: Comparison = { value: [], baseline: [] };
  for (let round = 1; round <= options.rounds; round++) {
    const a = await runLoad(project, options.duration, options.connections);
    const b = await runLoad(baseline, options.duration, options.connections);
    comparison.value.push(a);
    comparison.baseline.push(b);
    log(
      `round ${round}/${options.rounds}: ${project.name} ${Math.round(a.reqPerSec)} req/s ` +
        `p99 ${a.latencyP99} ms | ${baseline.name} ${Math.round(b.reqPerSec)} req/s ` +
        `p99 ${b.latencyP99} ms`,
    );
  }
  return comparison;
}

export interface Summary {
  value: number;
  baseline: number;
  /** Median of the per-round value/baseline ratios. */
  ratio: number;
  rounds: { value: number[]; baseline: number[] };
}

/** Medians of one field over the rounds, plus the median per-round ratio. */
export function summarise(comparison: Comparison, field: keyof Sample): Summary {
  const value = comparison.value.map((sample) => sample[field]);
  const baseline = comparison.baseline.map((sample) => sample[field]);
  const ratios = value.map((v, i) => v / (baseline[i] as number));
  return {
    value: round3(median(value)),
    baseline: round3(median(baseline)),
    ratio: round3(median(ratios)),
    rounds: { value: value.map(round3), baseline: baseline.map(round3) },
  };
}
