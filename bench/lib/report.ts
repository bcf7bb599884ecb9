/** One JSON line per metric on stdout; progress goes to stderr. */
export interface MetricLine {
  bench: string;
  metric: string;
  /** The project code's number (median over rounds). */
  value: number;
  /** The side-by-side baseline's number from the same run (median over rounds). */
  baseline: number | null;
  /** Median of the per-round value/baseline ratios. */
  ratio: number | null;
  /** Human-readable rule, e.g. "ratio >= 0.25" or "value <= 15"; null: informational. */
  target: string | null;
  pass: boolean | null;
  unit: string;
  /** Per-round raw numbers, for judging the noise. */
  rounds?: { value: number[]; baseline: number[] };
}

export function emit(line: MetricLine): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** The numbers every compared metric carries (see load.ts `summarise`). */
export interface SummaryNumbers {
  value: number;
  baseline: number;
  ratio: number;
  rounds: { value: number[]; baseline: number[] };
}

/** One metric line from a summary; `target` null makes it informational. */
export function emitSummary(
  bench: string,
  metric: string,
  summary: SummaryNumbers,
  unit: string,
  target: { rule: string; pass: boolean } | null = null,
): void {
  emit({
    bench,
    metric,
    value: summary.value,
    baseline: summary.baseline,
    ratio: summary.ratio,
    target: target?.rule ?? null,
    pass: target?.pass ?? null,
    unit,
    rounds: summary.rounds,
  });
}

export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const high = sorted[middle] as number;
  return sorted.length % 2 === 1 ? high : ((sorted[middle - 1] as number) + high) / 2;
}

/** Rounds to 3 significant decimals so the lines stay readable. */
export const round3 = (value: number): number => Math.round(value * 1000) / 1000;
