import type { FeedCommand, FeedMessage } from './feed-worker';

/**
 * What the drivers-map benchmark measures inside the page, the same for both pages: rAF frame
 * intervals, long tasks (> 50 ms, W3C Long Tasks), long animation frames with their scripts,
 * the main-thread time each update costs, and the map's `setData` calls; plus a scripted
 * pan/zoom. The Node side drives it through `window.__bench` (bench/drivers-map.bench.ts).
 */

/** The part of a maplibre map the probe uses (both pages hand theirs over). */
export interface ProbeMap {
  easeTo(options: { center?: [number, number]; zoom?: number; duration: number }): unknown;
  panBy(offset: [number, number], options: { duration: number }): unknown;
  jumpTo(options: { center: [number, number]; zoom: number }): unknown;
  getCenter(): { lng: number; lat: number };
  getZoom(): number;
  once(type: 'moveend' | 'idle'): Promise<unknown>;
  on(type: 'render', listener: () => void): unknown;
  triggerRepaint(): void;
  getCanvas(): HTMLCanvasElement;
  getSource(id: string): unknown;
}

export type UpdateKind = 'batch' | 'state' | 'poll';

export interface UpdateCost {
  /** ms since navigation start */
  t: number;
  kind: UpdateKind;
  /** main-thread ms spent on it: the socket message's handler, then the renders it caused */
  ms: number;
  /** The same ms by task: [the message's handler, the tasks after it (renders, setData)…] */
  parts: number[];
}

/**
 * What the map does during a phase: stay still (only the updates move it), follow the scripted
 * pan/zoom, or repaint every frame with nothing changing (what one frame of it costs to draw).
 */
export type PhaseMode = 'still' | 'camera' | 'repaint';

export interface LongFrame {
  start: number;
  duration: number;
  blocking: number;
  /** The scripts that ran in it, longest first: "invoker (source) ms". */
  scripts: string[];
}

export interface PhaseResult {
  phase: string;
  seconds: number;
  /** Intervals between consecutive rAF callbacks, ms. */
  frames: number[];
  longTasks: { start: number; duration: number }[];
  longFrames: LongFrame[];
  updates: UpdateCost[];
  /**
   * The source's setData calls: how many, their own synchronous time, and how many ran in a
   * task of their own (React's passive effects) rather than inside a socket message's task.
   */
  setData: { calls: number; ms: number; ownTask: number };
  /** The map's own renders (its 'render' events): the frames it drew. */
  renders: number;
}

export interface BenchWindow {
  drawn: boolean;
  drawnAt: number;
  canvas: { width: number; height: number };
  error: string | null;
  /** The map, for a look from DevTools or a diagnostic script; the benchmark does not use it. */
  map: unknown;
  startFeed(): void;
  startPhase(phase: string, mode: PhaseMode): void;
  stopPhase(): Promise<PhaseResult>;
}

declare global {
  interface Window {
    __bench?: BenchWindow;
  }
}

/** The page's parameters, from its URL (set by the Node side). */
export function pageParams() {
  const query = new URLSearchParams(location.search);
  const number = (name: string, fallback: number) => {
    const value = Number(query.get(name) ?? fallback);
    return Number.isFinite(value) ? value : fallback;
  };
  return {
    drivers: number('drivers', 5000),
    seed: number('seed', 17),
    share: number('share', 1),
    stateEvents: number('state', 5),
    width: number('w', 0),
    height: number('h', 0),
  };
}

const FRAME_CAPACITY = 16_384;

export class Probe {
  private readonly frameTimes = new Float64Array(FRAME_CAPACITY);
  private frameCount = 0;
  private recording = false;
  private rafId = 0;
  private phase = '';
  private phaseStart = 0;
  private readonly longTasks: { start: number; duration: number }[] = [];
  private readonly longFrames: LongFrame[] = [];
  private readonly updates: UpdateCost[] = [];
  private setDataCalls = 0;
  private setDataOwnTask = 0;
  private setDataMs = 0;
  private spanning = false;
  private renders = 0;
  private camera: { stop: boolean; done: Promise<void> } | null = null;
  private map: ProbeMap | null = null;
  private start = { center: [0, 0] as [number, number], zoom: 0 };

  constructor() {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        this.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) this.longFrames.push(longFrame(entry));
      }).observe({ type: 'long-animation-frame', buffered: true });
    } catch {
      // A browser without the Long Animation Frames API: long tasks still say enough.
    }
  }

  /** The map whose frames and camera the phases use, and whose source's setData is timed. */
  attach(map: ProbeMap, sourceId: string): void {
    this.map = map;
    map.on('render', () => {
      if (this.recording) this.renders += 1;
    });
    const center = map.getCenter();
    this.start = { center: [center.lng, center.lat], zoom: map.getZoom() };
    const source = map.getSource(sourceId) as
      | { setData(data: unknown): unknown; _sendWorkerUpdate?(update: unknown): unknown }
      | undefined;
    if (!source) throw new Error(`no source ${sourceId}`);
    const setData = source.setData.bind(source);
    source.setData = (data: unknown) => {
      if (this.recording) {
        this.setDataCalls += 1;
        if (!this.spanning) this.setDataOwnTask += 1;
      }
      let result: unknown;
      // Outside a measured task (in React's effects task): that task's part counts too.
      this.span(() => {
        const started = performance.now();
        result = setData(data);
        this.setDataMs += performance.now() - started;
      });
      return result;
    };
    // maplibre sends the data to its worker (serialising every feature on this thread) at once,
    // or, while the worker still parses the last data, later, in the task that takes its answer:
    // counted there too, as the latest update's. (A private method of maplibre 6's GeoJSONSource:
    // without it, the deferred sends go uncounted on both pages alike.)
    const send = source._sendWorkerUpdate?.bind(source);
    if (send) {
      source._sendWorkerUpdate = (update: unknown) => {
        let result: unknown;
        this.span(() => {
          result = send(update);
        });
        return result;
      };
    }
  }

  /** A socket message (or a poll's answer) starts an update; its costs add up until the next. */
  begin(kind: UpdateKind): void {
    this.updates.push({ t: performance.now(), kind, ms: 0, parts: [] });
  }

  /** Main-thread time spent on the current update. */
  add(ms: number): void {
    const last = this.updates[this.updates.length - 1];
    if (!last) return;
    last.ms += ms;
    last.parts.push(ms);
  }

  /** Times `work`, a message handler, as a new update of `kind`. */
  measure(kind: UpdateKind, work: () => void): void {
    this.begin(kind);
    this.span(work);
  }

  /**
   * Adds the time of `work` and of the microtasks it queues to the current update (once, when
   * spans nest): a socket message's handler, React Query's notification task (the renders),
   * a setData in React's effects task.
   */
  span(work: () => void): void {
    if (this.spanning) {
      work();
      return;
    }
    this.spanning = true;
    const started = performance.now();
    try {
      work();
    } finally {
      afterMicrotasks(() => {
        this.add(performance.now() - started);
        this.spanning = false;
      });
    }
  }

  startPhase(phase: string, mode: PhaseMode): void {
    this.phase = phase;
    this.phaseStart = performance.now();
    this.frameCount = 0;
    this.setDataCalls = 0;
    this.setDataOwnTask = 0;
    this.setDataMs = 0;
    this.renders = 0;
    this.recording = true;
    const repaint = mode === 'repaint' ? this.map : null;
    const tick = (time: number) => {
      if (!this.recording) return;
      if (this.frameCount < FRAME_CAPACITY) this.frameTimes[this.frameCount++] = time;
      repaint?.triggerRepaint();
      this.rafId = requestAnimationFrame(tick);
    };
    this.rafId = requestAnimationFrame(tick);
    if (mode === 'camera') this.camera = this.runCamera();
  }

  async stopPhase(): Promise<PhaseResult> {
    const end = performance.now();
    this.recording = false;
    cancelAnimationFrame(this.rafId);
    if (this.camera) {
      this.camera.stop = true;
      await this.camera.done;
      this.camera = null;
      this.map?.jumpTo(this.start);
    }
    const inPhase = (t: number) => t >= this.phaseStart && t <= end;
    const frames: number[] = [];
    for (let i = 1; i < this.frameCount; i++) {
      frames.push((this.frameTimes[i] as number) - (this.frameTimes[i - 1] as number));
    }
    const updates = this.updates.filter((update) => inPhase(update.t));
    const setData = { calls: this.setDataCalls, ms: this.setDataMs, ownTask: this.setDataOwnTask };
    return {
      phase: this.phase,
      seconds: (end - this.phaseStart) / 1000,
      frames,
      longTasks: this.longTasks.filter((task) => inPhase(task.start)),
      longFrames: this.longFrames.filter((frame) => inPhase(frame.start)),
      updates,
      setData,
      renders: this.renders,
    };
  }

  /**
   * The scripted pan/zoom, the same path on both pages: 1 s moves (pan right, zoom in, pan
   * down, zoom back, pan back, zoom out, zoom back), round and round until stopped.
   */
  private runCamera(): { stop: boolean; done: Promise<void> } {
    const map = this.map;
    if (!map) throw new Error('no map attached');
    const zoom = this.start.zoom;
    const moves: (() => unknown)[] = [
      () => map.panBy([300, 0], { duration: 1000 }),
      () => map.easeTo({ zoom: zoom + 1, duration: 1000 }),
      () => map.panBy([0, 200], { duration: 1000 }),
      () => map.easeTo({ zoom, duration: 1000 }),
      () => map.panBy([-300, -200], { duration: 1000 }),
      () => map.easeTo({ zoom: zoom - 1, duration: 1000 }),
      () => map.easeTo({ center: this.start.center, zoom, duration: 1000 }),
    ];
    const state = { stop: false, done: Promise.resolve() };
    state.done = (async () => {
      for (let i = 0; !state.stop; i = (i + 1) % moves.length) {
        const ended = map.once('moveend');
        moves[i]?.();
        await ended;
      }
    })();
    return state;
  }
}

/**
 * Runs `fn` once the microtasks queued so far, and those they queue a few levels deep, have
 * run: maplibre's setData sends its data to the worker (serialising it) a few awaits after the
 * call, still in the same task, and that is part of an update's cost on both pages.
 */
export function afterMicrotasks(fn: () => void, depth = 20): void {
  if (depth === 0) fn();
  else queueMicrotask(() => afterMicrotasks(fn, depth - 1));
}

/** A long animation frame as the report needs it. */
function longFrame(entry: PerformanceEntry): LongFrame {
  const frame = entry as PerformanceEntry & {
    blockingDuration?: number;
    scripts?: {
      duration: number;
      invoker: string;
      sourceURL: string;
      sourceFunctionName: string;
    }[];
  };
  const scripts = [...(frame.scripts ?? [])]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 3)
    .map((script) => {
      const file = script.sourceURL.split('/').pop() ?? '';
      const fn = script.sourceFunctionName ? ` ${script.sourceFunctionName}` : '';
      return `${script.invoker}${fn} (${file}) ${Math.round(script.duration)}`;
    });
  return {
    start: frame.startTime,
    duration: frame.duration,
    blocking: frame.blockingDuration ?? 0,
    scripts,
  };
}

/** The benchmark's socket: a worker holding the fleet (feed-worker.ts). */
export function startFeedWorker(
  params: ReturnType<typeof pageParams>,
  onMessage: (message: FeedMessage) => void,
): { post(command: FeedCommand): void } {
  const worker = new Worker(new URL('./feed-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<FeedMessage>) => onMessage(event.data);
  const post = (command: FeedCommand) => worker.postMessage(command);
  post({
    type: 'init',
    drivers: params.drivers,
    seed: params.seed,
    share: params.share,
    stateEvents: params.stateEvents,
  });
  return { post };
}

/** Resolves once `ready()` holds and the map has drawn a frame after it (its 'idle'). */
export async function whenDrawn(map: ProbeMap, ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 100));
  const idle = map.once('idle');
  map.triggerRepaint();
  await idle;
}

/** Publishes the page's controls for the Node side. */
export function publish(probe: Probe, feed: { post(command: FeedCommand): void }): BenchWindow {
  const bench: BenchWindow = {
    drawn: false,
    drawnAt: 0,
    canvas: { width: 0, height: 0 },
    error: null,
    map: null,
    startFeed: () => feed.post({ type: 'start' }),
    startPhase: (phase, mode) => probe.startPhase(phase, mode),
    stopPhase: () => probe.stopPhase(),
  };
  window.__bench = bench;
  return bench;
}

/** Marks the page drawn: when, and the map canvas's CSS size (the baseline copies it). */
export function markDrawn(bench: BenchWindow, map: ProbeMap): void {
  const canvas = map.getCanvas();
  bench.canvas = { width: canvas.clientWidth, height: canvas.clientHeight };
  bench.map = map;
  bench.drawnAt = performance.now();
  bench.drawn = true;
}
