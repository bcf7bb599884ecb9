import { readFileSync } from 'node:fs';
import { parseOptions } from './options';
import { median, round3, type SummaryNumbers } from './report';

/** Rounds, seconds per phase and warm-up of a fleet benchmark: its own defaults, flags win. */
export interface FleetRun {
  smoke: boolean;
  rounds: number;
  duration: number;
  warmup: number;
}

export function fleetRun(
  defaults: { full: Omit<FleetRun, 'smoke'>; smoke: Omit<FleetRun, 'smoke'> },
  args: readonly string[] = process.argv.slice(2),
): FleetRun {
  const options = parseOptions(args);
  const given = (name: string) => args.some((arg) => arg.startsWith(`--${name}=`));
  const own = options.smoke ? defaults.smoke : defaults.full;
  return {
    smoke: options.smoke,
    rounds: given('rounds') ? options.rounds : own.rounds,
    duration: given('duration') ? options.duration : own.duration,
    warmup: given('warmup') ? options.warmup : own.warmup,
  };
}

/** An integer from the environment, or the default. */
export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be an integer ≥ 0`);
  return value;
}

/** Per-round numbers of the project and its baseline → medians and the median ratio. */
export function compareRounds(
  value: readonly number[],
  baseline: readonly number[],
): SummaryNumbers {
  const ratios = value.map((v, i) => v / (baseline[i] as number));
  return {
    value: round3(median(value)),
    baseline: round3(median(baseline)),
    ratio: round3(median(ratios)),
    rounds: { value: value.map(round3), baseline: baseline.map(round3) },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * This process's open-files limit (Linux /proc/self/limits), or undefined: each socket the
 * load generator holds is a file descriptor, and past the limit connects fail with EMFILE.
 */
export function openFilesLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isFinite(soft) ? soft : undefined;
  } catch {
    return undefined;
  }
}

/** Throws early, with the way out, when `sockets` would not fit the open-files limit. */
export function assertSocketsFit(sockets: number): void {
  const limit = openFilesLimit();
  if (limit !== undefined && sockets + 500 > limit) {
    throw new Error(
      `${sockets} sockets do not fit this process's open-files limit (${limit}): ` +
        'lower BENCH_DRIVERS or raise `ulimit -n`',
    );
  }
}
