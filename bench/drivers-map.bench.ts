/**
 * The drivers map with 5,000 moving drivers in headless Chromium,
 * side by side with a bare MapLibre circle layer fed the same updates (bench/README.md).
 *
 * Two pages built by the app's bundler (bench/drivers-map/): "app" mounts the real DriversMap
 * (labels on status pills, zones on, the positions cache and the app's driver-events binding)
 * over a worker standing in for the socket; "baseline" draws the same drivers as circles with
 * one setData per batch. Each round loads both, one after the other, in the same browser:
 * first draw, warm-up with updates, a phase of 1 Hz updates on a still map, a phase of scripted
 * pan/zoom with the updates going on.
 *
 * Targets: ≥ 55 fps; frame p95 ≤ 1.25× the baseline's; 0 long tasks
 * during updates; update cost ≤ 3 ms; JS heap ≤ 60 MB.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../playwright.config';
import type { PhaseMode, PhaseResult } from './drivers-map/probe';
import { parseOptions } from './lib/options';
import { guardProcess } from './lib/processes';
import { emit, log, median, round3 } from './lib/report';
import { buildPages, servePages } from './lib/static-pages';

const BENCH = 'drivers-map';
const VIEWPORT = { width: 1280, height: 800 };
const FPS_TARGET = 55;
const P95_RATIO_TARGET = 1.25;
const UPDATE_COST_TARGET_MS = 3;
const HEAP_TARGET_MB = 60;

const args = process.argv.slice(2);
const options = parseOptions(args);
const given = (name: string) => args.some((arg) => arg.startsWith(`--${name}=`));
const envNumber = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name}=${raw}: use a number from ${min} to ${max}`);
  }
  return value;
};
// A browser round is long (first draw alone takes seconds in software GL): own defaults.
const rounds = given('rounds') ? options.rounds : options.smoke ? 2 : 3;
const updateSeconds = given('duration') ? options.duration : options.smoke ? 6 : 20;
const warmupSeconds = given('warmup') ? options.warmup : options.smoke ? 2 : 5;
const panzoomSeconds = envNumber('BENCH_MAP_PANZOOM_SECONDS', options.smoke ? 7 : 14, 1, 120);
const repaintSeconds = options.smoke ? 2 : 4;
const drivers = Math.round(envNumber('BENCH_MAP_DRIVERS', options.smoke ? 1000 : 5000, 1, 50_000));
const share = envNumber('BENCH_MAP_SHARE', 1, 0.01, 1);
const stateEvents = envNumber('BENCH_MAP_STATE_EVENTS', 5, 0, 50);
const profileDir = process.env.BENCH_MAP_PROFILE;

const perTargetSeconds = 150 + repaintSeconds + warmupSeconds + updateSeconds + panzoomSeconds;
guardProcess(300 + rounds * 2 * perTargetSeconds + (profileDir ? 2 * perTargetSeconds : 0));

type TargetName = 'app' | 'baseline';

interface PhaseNumbers {
  fps: number;
  frameP50: number;
  frameP95: number;
  frameMax: number;
  longTasks: number;
  longTaskMs: number;
  /**
   * Main-thread ms per batch: all the updates' time (batches, the state changes between them,
   * the 25 s reads) over the batches. Per-batch records alone would mislead: a busy page
   * renders two batches at once, and maplibre may send a batch's data a task later.
   */
  updateCost: number;
  /** The longest single update's ms (one socket message and what it set off). */
  updateMax: number;
  /** Every update's main-thread ms per second (batches, state events, polls). */
  updateMsPerS: number;
  setDataPerS: number;
  /** The map's renders per second (frames it drew). */
  rendersPerS: number;
  /** Renderer main thread busy, % of the phase (CDP TaskDuration), and running JS (ScriptDuration). */
  busyPct: number;
  scriptPct: number;
}

type PhaseName = 'repaint' | 'updates' | 'panzoom';
const MODES: Record<PhaseName, PhaseMode> = {
  repaint: 'repaint',
  updates: 'still',
  panzoom: 'camera',
};

interface RoundResult {
  firstDrawS: number;
  heapPeakMb: number;
  heapAfterGcMb: number;
  canvas: { width: number; height: number };
  phases: Record<PhaseName, PhaseNumbers>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function cdpMetrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]));
}

async function heapUsed(cdp: CDPSession): Promise<number> {
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

const MB = 1024 * 1024;

/** One measured phase: what the page recorded plus the renderer's busy time and heap peak. */
async function runPhase(
  page: Page,
  cdp: CDPSession,
  target: TargetName,
  phase: PhaseName,
  seconds: number,
): Promise<{ numbers: PhaseNumbers; heapPeak: number; raw: PhaseResult }> {
  const before = await cdpMetrics(cdp);
  const wallStart = Date.now();
  await page.evaluate(([name, mode]) => window.__bench?.startPhase(name, mode), [
    phase,
    MODES[phase],
  ] as const);
  let heapPeak = 0;
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    await sleep(Math.min(2000, end - Date.now()));
    heapPeak = Math.max(heapPeak, await heapUsed(cdp));
  }
  const raw = await page.evaluate(() => window.__bench?.stopPhase());
  if (!raw) throw new Error(`${target}: the page lost its probe`);
  const after = await cdpMetrics(cdp);
  const wallSeconds = (Date.now() - wallStart) / 1000;
  const batches = raw.updates.filter((update) => update.kind === 'batch').length;
  const updateMs = raw.updates.reduce((sum, update) => sum + update.ms, 0);
  const frameTotal = raw.frames.reduce((sum, frame) => sum + frame, 0);
  const numbers: PhaseNumbers = {
    fps: frameTotal > 0 ? (raw.frames.length * 1000) / frameTotal : 0,
    frameP50: percentile(raw.frames, 50),
    frameP95: percentile(raw.frames, 95),
    frameMax: Math.max(0, ...raw.frames),
    longTasks: raw.longTasks.length,
    longTaskMs: raw.longTasks.reduce((sum, task) => sum + task.duration, 0),
    updateCost: batches > 0 ? updateMs / batches : 0,
    updateMax: Math.max(0, ...raw.updates.map((update) => update.ms)),
    updateMsPerS: updateMs / raw.seconds,
    setDataPerS: raw.setData.calls / raw.seconds,
    rendersPerS: raw.renders / raw.seconds,
    busyPct: (((after.TaskDuration ?? 0) - (before.TaskDuration ?? 0)) / wallSeconds) * 100,
    scriptPct: (((after.ScriptDuration ?? 0) - (before.ScriptDuration ?? 0)) / wallSeconds) * 100,
  };
  return { numbers, heapPeak, raw };
}

function describeLongFrames(raw: PhaseResult): string {
  const polls = raw.updates.filter((update) => update.kind === 'poll');
  const parts = raw.longTasks.map((task) => {
    const poll = polls.some((p) => p.t >= task.start - 50 && p.t <= task.start + task.duration);
    return `${Math.round(task.duration)} ms${poll ? ' (25 s poll)' : ''}`;
  });
  const worst = [...raw.longFrames].sort((a, b) => b.duration - a.duration).slice(0, 2);
  const frames = worst.map(
    (frame) => `${Math.round(frame.duration)} ms frame: ${frame.scripts.join('; ') || 'no script'}`,
  );
  return [parts.length > 0 ? `long tasks ${parts.join(', ')}` : '', ...frames]
    .filter(Boolean)
    .join(' | ');
}

/** Opens a target's page in a fresh context and waits for its first draw. */
async function openTarget(
  browser: Browser,
  url: string,
): Promise<{ page: Page; cdp: CDPSession; firstDrawS: number; close(): Promise<void> }> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    locale: 'ro-RO',
    timezoneId: 'Europe/Bucharest',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') log(`page console: ${message.text().slice(0, 300)}`);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url);
  await page.waitForFunction(() => window.__bench?.drawn || window.__bench?.error, null, {
    timeout: 180_000,
    polling: 250,
  });
  const state = await page.evaluate(() => ({
    error: window.__bench?.error ?? null,
    drawnAt: window.__bench?.drawnAt ?? 0,
  }));
  if (state.error || errors.length > 0) {
    throw new Error(`${url}: ${state.error ?? errors.join('; ')}`);
  }
  return { page, cdp, firstDrawS: state.drawnAt / 1000, close: () => context.close() };
}

/** Starts the socket stand-in's 1 Hz batches and lets them run unmeasured for the warm-up. */
async function startUpdates(page: Page): Promise<void> {
  await page.evaluate(() => window.__bench?.startFeed());
  await sleep(warmupSeconds * 1000);
}

async function runTarget(browser: Browser, target: TargetName, url: string): Promise<RoundResult> {
  const opened = await openTarget(browser, url);
  try {
    const { page, cdp } = opened;
    const canvas = await page.evaluate(() => window.__bench?.canvas ?? { width: 0, height: 0 });
    // What one frame costs to draw, before any update: the map repainted every frame, unchanged.
    const repaint = await runPhase(page, cdp, target, 'repaint', repaintSeconds);
    await startUpdates(page);
    const updates = await runPhase(page, cdp, target, 'updates', updateSeconds);
    const panzoom = await runPhase(page, cdp, target, 'panzoom', panzoomSeconds);
    await cdp.send('HeapProfiler.collectGarbage');
    const heapAfterGc = await heapUsed(cdp);
    log(
      `  ${target} repaint: one frame drawn in ${repaint.numbers.frameP50.toFixed(1)} ms (p50), ` +
        `main thread ${repaint.numbers.busyPct.toFixed(0)}% busy, ` +
        `${repaint.numbers.scriptPct.toFixed(0)}% in JS`,
    );
    for (const [name, phase] of [
      ['updates', updates],
      ['panzoom', panzoom],
    ] as const) {
      const n = phase.numbers;
      const polls = phase.raw.updates.filter((update) => update.kind === 'poll');
      const detail = [
        polls.length > 0
          ? `25 s read: ${polls.map((p) => `${p.ms.toFixed(1)} ms`).join(', ')}`
          : '',
        describeLongFrames(phase.raw),
      ]
        .filter(Boolean)
        .join(' | ');
      log(
        `  ${target} ${name}: ${n.fps.toFixed(1)} fps, frame p50/p95/max ` +
          `${n.frameP50.toFixed(1)}/${n.frameP95.toFixed(1)}/${n.frameMax.toFixed(0)} ms, ` +
          `${n.longTasks} long tasks (${Math.round(n.longTaskMs)} ms), update cost ` +
          `${n.updateCost.toFixed(1)} ms per batch (longest ${n.updateMax.toFixed(1)}), ` +
          `${n.updateMsPerS.toFixed(1)} ms/s, ` +
          `setData ${n.setDataPerS.toFixed(1)}/s (${phase.raw.setData.ownTask} in a task of ` +
          `their own), main thread ${n.busyPct.toFixed(0)}% busy, ${n.scriptPct.toFixed(0)}% ` +
          `in JS, ${n.rendersPerS.toFixed(1)} map renders/s` +
          (detail ? `\n    ${detail}` : ''),
      );
    }
    return {
      firstDrawS: opened.firstDrawS,
      heapPeakMb: Math.max(updates.heapPeak, panzoom.heapPeak) / MB,
      heapAfterGcMb: heapAfterGc / MB,
      canvas,
      phases: { repaint: repaint.numbers, updates: updates.numbers, panzoom: panzoom.numbers },
    };
  } finally {
    await opened.close();
  }
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** The main thread's self time by function and by script, top lines on stderr. */
function summariseProfile(target: TargetName, profile: CpuProfile, seconds: number): void {
  const byNode = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = byNode.get(node.id) ?? 0;
    if (ms === 0) continue;
    const file = node.callFrame.url.split('/').pop() || node.callFrame.functionName;
    const name = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byScript.set(file, (byScript.get(file) ?? 0) + ms);
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => `    ${(ms / seconds).toFixed(1)} ms/s  ${name}`)
      .join('\n');
  log(`profile ${target}, self time per second of updates, by script:\n${top(byScript, 8)}`);
  log(`profile ${target}, by function:\n${top(byFunction, 25)}`);
}

/** One extra, unmeasured pass per target with the V8 CPU profiler on (BENCH_MAP_PROFILE). */
async function profileTarget(browser: Browser, target: TargetName, url: string, dir: string) {
  const opened = await openTarget(browser, url);
  try {
    const { page, cdp } = opened;
    await startUpdates(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await sleep(updateSeconds * 1000);
    const { profile } = await cdp.send('Profiler.stop');
    const file = path.join(dir, `drivers-map-${target}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    log(`profile written: ${file}`);
    summariseProfile(target, profile as CpuProfile, updateSeconds);
  } finally {
    await opened.close();
  }
}

/** Medians over the rounds, the median per-round ratio (null where the baseline is 0). */
function compare(value: number[], baseline: number[]) {
  const ratios = value
    .map((v, i) => (baseline[i] ? v / (baseline[i] as number) : Number.NaN))
    .filter(Number.isFinite);
  return {
    value: round3(median(value)),
    baseline: round3(median(baseline)),
    ratio: ratios.length > 0 ? round3(median(ratios)) : null,
    rounds: { value: value.map(round3), baseline: baseline.map(round3) },
  };
}

function report(results: Record<TargetName, RoundResult[]>): void {
  const line = (
    metric: string,
    pick: (round: RoundResult) => number,
    unit: string,
    target: ((c: ReturnType<typeof compare>) => { rule: string; pass: boolean }) | null = null,
    total: 'median' | 'sum' | 'max' = 'median',
  ) => {
    const compared = compare(results.app.map(pick), results.baseline.map(pick));
    if (total !== 'median') {
      const fold = (values: number[]) =>
        total === 'sum' ? values.reduce((a, b) => a + b, 0) : Math.max(...values);
      compared.value = round3(fold(compared.rounds.value));
      compared.baseline = round3(fold(compared.rounds.baseline));
    }
    const verdict = target?.(compared) ?? null;
    emit({
      bench: BENCH,
      metric,
      ...compared,
      target: verdict?.rule ?? null,
      pass: verdict?.pass ?? null,
      unit,
    });
  };
  for (const phase of ['updates', 'panzoom'] as const) {
    const p = (round: RoundResult) => round.phases[phase];
    line(
      `${phase}.fps`,
      (r) => p(r).fps,
      'fps',
      (c) => ({
        rule: `value >= ${FPS_TARGET}`,
        pass: c.value >= FPS_TARGET,
      }),
    );
    line(
      `${phase}.frame_p95`,
      (r) => p(r).frameP95,
      'ms',
      (c) => ({
        rule: `ratio <= ${P95_RATIO_TARGET}`,
        pass: c.ratio !== null && c.ratio <= P95_RATIO_TARGET,
      }),
    );
    line(`${phase}.frame_p50`, (r) => p(r).frameP50, 'ms');
    line(`${phase}.frame_max`, (r) => p(r).frameMax, 'ms');
    line(
      `${phase}.long_tasks`,
      (r) => p(r).longTasks,
      'count (all rounds)',
      phase === 'updates' ? (c) => ({ rule: 'value <= 0', pass: c.value <= 0 }) : null,
      'sum',
    );
    line(`${phase}.main_thread_busy`, (r) => p(r).busyPct, '%');
    line(`${phase}.main_thread_js`, (r) => p(r).scriptPct, '%');
    line(`${phase}.update_ms_per_s`, (r) => p(r).updateMsPerS, 'ms/s');
  }
  // One unchanged frame's drawing cost: where a missed frame target's time goes.
  line('repaint.frame_p50', (r) => r.phases.repaint.frameP50, 'ms');
  line('repaint.main_thread_js', (r) => r.phases.repaint.scriptPct, '%');
  const u = (round: RoundResult) => round.phases.updates;
  line(
    'updates.update_cost',
    (r) => u(r).updateCost,
    'ms per batch',
    (c) => ({
      rule: `value <= ${UPDATE_COST_TARGET_MS}`,
      pass: c.value <= UPDATE_COST_TARGET_MS,
    }),
  );
  line('updates.update_cost_max', (r) => u(r).updateMax, 'ms', null, 'max');
  line('updates.set_data_per_s', (r) => u(r).setDataPerS, 'calls/s');
  line('updates.renders_per_s', (r) => u(r).rendersPerS, 'renders/s');
  line(
    'heap_peak',
    (r) => r.heapPeakMb,
    'MB',
    (c) => ({
      rule: `value <= ${HEAP_TARGET_MB}`,
      pass: c.value <= HEAP_TARGET_MB,
    }),
    'max',
  );
  line('heap_after_gc', (r) => r.heapAfterGcMb, 'MB', null, 'max');
  line('first_draw', (r) => r.firstDrawS, 's');
}

const pagesDir = fileURLToPath(new URL('./drivers-map/', import.meta.url));
const outDir = fileURLToPath(new URL('../.bench/drivers-map/', import.meta.url));

let browser: Browser | undefined;
let server: Awaited<ReturnType<typeof servePages>> | undefined;
try {
  log(
    `${options.smoke ? 'smoke' : 'full'} run: ${drivers} drivers (${share * 100}% reporting each ` +
      `second, ${stateEvents} state events/s), ${rounds} rounds × (warm-up ${warmupSeconds} s, ` +
      `updates ${updateSeconds} s, pan/zoom ${panzoomSeconds} s) per page; not pinned ` +
      `(Chromium's renderer, GPU and map workers share both CPUs)`,
  );
  log('building the pages (vite, the app’s React and maplibre-gl) into .bench/drivers-map');
  const started = Date.now();
  // Unminified when profiling, so the profile names functions as the source does.
  await buildPages(pagesDir, ['app', 'baseline'], outDir, !profileDir);
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  server = await servePages(outDir);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  log(`Chromium ${browser.version()}, viewport ${VIEWPORT.width}×${VIEWPORT.height}`);

  const query = new URLSearchParams({
    drivers: String(drivers),
    share: String(share),
    state: String(stateEvents),
    seed: '17',
  });
  const results: Record<TargetName, RoundResult[]> = { app: [], baseline: [] };
  let canvas = '';
  for (let round = 1; round <= rounds; round++) {
    log(`round ${round}/${rounds}`);
    const app = await runTarget(browser, 'app', `${server.url}/app.html?${query}`);
    results.app.push(app);
    // The baseline's map gets the app's map size (the app's panel has a toolbar above its map).
    canvas ||= `&w=${app.canvas.width}&h=${app.canvas.height}`;
    const baseline = await runTarget(
      browser,
      'baseline',
      `${server.url}/baseline.html?${query}${canvas}`,
    );
    results.baseline.push(baseline);
    log(
      `  first draw ${app.firstDrawS.toFixed(1)} s vs ${baseline.firstDrawS.toFixed(1)} s; map ` +
        `${app.canvas.width}×${app.canvas.height}; heap peak ${app.heapPeakMb.toFixed(1)} vs ` +
        `${baseline.heapPeakMb.toFixed(1)} MB (after GC ${app.heapAfterGcMb.toFixed(1)} vs ` +
        `${baseline.heapAfterGcMb.toFixed(1)})`,
    );
  }
  report(results);

  if (profileDir) {
    mkdirSync(profileDir, { recursive: true });
    await profileTarget(browser, 'app', `${server.url}/app.html?${query}`, profileDir);
    await profileTarget(
      browser,
      'baseline',
      `${server.url}/baseline.html?${query}${canvas}`,
      profileDir,
    );
  }
} catch (error) {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await server?.close();
}
