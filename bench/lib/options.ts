/** Command-line options every benchmark understands (scripts/bench.mjs passes them through). */
export interface BenchOptions {
  /** Short run for CI-like checks: fewer, shorter rounds. */
  smoke: boolean;
  /** Interleaved A/B rounds (≥ 3 for a real run). */
  rounds: number;
  /** Seconds of load per target per round. */
  duration: number;
  /** Seconds of unmeasured load per target before the first round (JIT, caches, pools). */
  warmup: number;
  /** Concurrent HTTP connections of the load generator. */
  connections: number;
}

const numberFlag = (args: readonly string[], name: string): number | undefined => {
  const raw = args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};

export function parseOptions(args: readonly string[] = process.argv.slice(2)): BenchOptions {
  const smoke = args.includes('--smoke');
  const options: BenchOptions = {
    smoke,
    rounds: Math.round(numberFlag(args, 'rounds') ?? (smoke ? 2 : 5)),
    duration: numberFlag(args, 'duration') ?? (smoke ? 2 : 5),
    warmup: numberFlag(args, 'warmup') ?? (smoke ? 1 : 2),
    connections: Math.round(numberFlag(args, 'connections') ?? 50),
  };
  if (options.rounds > 50 || options.duration > 120 || options.connections > 1000) {
    throw new Error('refusing an unbounded run: rounds ≤ 50, duration ≤ 120 s, connections ≤ 1000');
  }
  return options;
}
