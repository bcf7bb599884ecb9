/**
 * An incoming call, from the INVITE leaving the caller to the
 * ringing call shown in the console's pending-calls bar (20 calls one after another, then 15 at
 * once), and from the answer key to the order on screen (bench/README.md "calls-ringing").
 *
 * The real thing end to end: the built app with its demo (scripts/e2e-server.mjs, which starts
 * the project's Kamailio on ports of its own), Debian's Chromium with the demo dispatcher logged
 * in at /operator (his softphone registered), and a caller page (JsSIP, e2e/support/pbx.ts)
 * calling company 1's line. Side by side, in the same browser and for the same INVITEs (the
 * PBX forks every call to both): a bare JsSIP user agent registered on the same line; its
 * `newRTCSession` is the floor the console's ringing stands on (SIP over loopback and JsSIP).
 * All timestamps are the pages' `performance.timeOrigin + now()`: one browser, one clock.
 *
 * Targets (ours): ringing shown p99 ≤ 50 ms after the INVITE left, one call at a time; the
 * 15th of a burst ≤ 500 ms; answer → order on screen p50 ≤ 500 ms.
 */

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { loginFromHeader } from '../e2e/fixtures';
import { openSipPhone, registerSipPhone, type SipPhoneEvent, sipPhone } from '../e2e/support/pbx';
import { CHROMIUM, CHROMIUM_ARGS } from '../playwright.config';
import { parseOptions } from './lib/options';
import { guardProcess } from './lib/processes';
import { emit, log, median, round3 } from './lib/report';

const BENCH = 'calls-ringing';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const options = parseOptions(process.argv.slice(2));
const SEQUENTIAL = options.smoke ? 8 : 20;
const WARMUP = 3;
const BURST = 15;
const ANSWERS = options.smoke ? 4 : 10;
const PORT = Number(process.env.BENCH_CALLS_PORT ?? 3297);
const SIP = { udpPort: 5077, wsPort: 8105, secret: 'ogo-bench-sip-secret' };
const base = `http://127.0.0.1:${PORT}`;
const pbx = { wsUrl: `ws://127.0.0.1:${SIP.wsPort}`, domain: '127.0.0.1', secret: SIP.secret };
const LINE = 'c1';

guardProcess(600);

/** p-th percentile (nearest rank) of a sample. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function startApp() {
  if (!existsSync(path.join(root, 'dist/server/main.js'))) {
    throw new Error('dist/ is missing: run `npm run build` first');
  }
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: root,
    // Its stdin is a pipe: the server stops when this process goes.
    stdio: ['pipe', 'ignore', 'inherit'],
    env: {
      ...process.env,
      E2E_PORT: String(PORT),
      E2E_SIP_UDP_PORT: String(SIP.udpPort),
      E2E_SIP_WS_PORT: String(SIP.wsPort),
      E2E_SIP_SECRET: SIP.secret,
      E2E_REQUIRE_PBX: '1',
    },
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the app exited (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the app did not start in 180 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The console page records when each ringing call's card appears (by its SIP Call-ID), and when
 * the answer key went down (capture on window: before any handler of the app). A string: tsx
 * would wrap named functions in a helper the page does not have.
 */
const WATCH_RINGING = `(() => {
  const shown = {};
  window.__ringShown = shown;
  const stamp = () => {
    const now = performance.timeOrigin + performance.now();
    for (const card of document.querySelectorAll('[data-testid="pending-call"]')) {
      const id = card.dataset.lineId;
      if (id && shown[id] === undefined) shown[id] = now;
    }
  };
  new MutationObserver(stamp).observe(document.body, { childList: true, subtree: true });
  window.addEventListener('keydown', (event) => {
    if (event.key === 'F1') window.__keyAt = performance.timeOrigin + performance.now();
  }, true);
})()`;

const watchRinging = (page: Page) => page.evaluate(WATCH_RINGING);

const shownAt = (page: Page, callId: string) =>
  page
    .waitForFunction(
      (id) => (window as unknown as { __ringShown: Record<string, number> }).__ringShown[id],
      callId,
      { timeout: 15_000, polling: 20 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);

const cardsGone = (page: Page) =>
  page.waitForFunction(
    () => document.querySelectorAll('[data-testid="pending-call"]').length === 0,
    null,
    {
      timeout: 15_000,
    },
  );

interface Ring {
  sent: number;
  shown: number;
  bare: number;
}

async function main() {
  let server: ReturnType<typeof spawn> | undefined;
  let browser: Browser | undefined;
  try {
    log('starting the app and its PBX');
    server = await startApp();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const consoleContext = await browser.newContext({
      baseURL: base,
      viewport: { width: 1440, height: 900 },
      locale: 'ro-RO',
      timezoneId: 'Europe/Bucharest',
    });
    const page = await consoleContext.newPage();
    await loginFromHeader(page, 'dispecer@ogo.local');
    await page.waitForURL(/\/operator/);
    await page.locator('[data-testid="sip-status"][data-status="registered"]').waitFor();
    await watchRinging(page);

    const phones = await browser.newContext();
    const [barePage, callerPage] = [await phones.newPage(), await phones.newPage()];
    await openSipPhone(barePage, base, 'bare');
    await openSipPhone(callerPage, base, 'caller');
    const bare = sipPhone(barePage);
    const caller = sipPhone(callerPage);
    await registerSipPhone(barePage, pbx, `${LINE}-199`);
    await registerSipPhone(callerPage, pbx, '0722555000');

    const eventOf = (events: SipPhoneEvent[], type: string, callId: string) =>
      events.find((e) => e.type === type && e.callId === callId)?.at;

    /** Places one call, waits until both ring, and returns its Call-ID, session and times. */
    async function ring(): Promise<{ callId: string; session: number; ring: Ring }> {
      const session = await caller.call(LINE);
      const sending = await caller.waitFor({ type: 'sending', session });
      const callId = sending.callId ?? '';
      const shown = await shownAt(page, callId);
      const bareRing = await bare.waitFor({ type: 'newRTCSession', callId });
      return { callId, session, ring: { sent: sending.at, shown, bare: bareRing.at } };
    }

    log(`${WARMUP} warm-up calls, then ${SEQUENTIAL} one after another`);
    const sequential: Ring[] = [];
    for (let i = 0; i < WARMUP + SEQUENTIAL; i += 1) {
      const call = await ring();
      if (i >= WARMUP) sequential.push(call.ring);
      await caller.hangup(call.session);
      await cardsGone(page);
    }

    log(`${BURST} calls at once`);
    const burstSessions = await callerPage.evaluate((n) => {
      const phone = (window as unknown as { sipPhone: { call(to: string): number } }).sipPhone;
      return Array.from({ length: n }, () => phone.call('c1'));
    }, BURST);
    await callerPage.waitForFunction(
      (sessions) => {
        const events = (window as unknown as { sipPhone: { events: SipPhoneEvent[] } }).sipPhone
          .events;
        return sessions.every((s) => events.some((e) => e.type === 'sending' && e.session === s));
      },
      burstSessions,
      { timeout: 15_000 },
    );
    const callerEvents = await caller.events();
    const burstIds = burstSessions.map(
      (s) => callerEvents.find((e) => e.type === 'sending' && e.session === s)?.callId ?? '',
    );
    const burst: Ring[] = [];
    for (const callId of burstIds) {
      const shown = await shownAt(page, callId);
      const bareRing = await bare.waitFor({ type: 'newRTCSession', callId });
      burst.push({
        sent: eventOf(callerEvents, 'sending', callId) ?? NaN,
        shown,
        bare: bareRing.at,
      });
    }
    for (const session of burstSessions) await caller.hangup(session);
    await cardsGone(page);

    log(`${ANSWERS} answers (F1) → the order on screen, then Esc`);
    const answers: number[] = [];
    for (let i = 0; i < ANSWERS; i += 1) {
      const call = await ring();
      await page.keyboard.press('F1');
      const pressed = await page.evaluate(() => (window as unknown as { __keyAt: number }).__keyAt);
      const phone = '0722555000'.slice(1);
      const onScreen = await page
        .waitForFunction(
          (digits) => {
            if (!/\/operator\/order\/\d+/.test(location.pathname)) return false;
            const input = document.querySelector<HTMLInputElement>(
              'input[data-testid="order-phone"]',
            );
            return input?.value.replace(/\D/g, '').endsWith(digits)
              ? performance.timeOrigin + performance.now()
              : false;
          },
          phone,
          { timeout: 15_000, polling: 'raf' },
        )
        .then((handle) => handle.jsonValue() as Promise<number>);
      answers.push(onScreen - pressed);
      await caller.waitFor({ type: 'confirmed', session: call.session });
      await page.keyboard.press('Escape');
      await caller.waitFor({ type: 'ended', session: call.session });
      await page.goto(`${base}/operator`);
      await page.locator('[data-testid="sip-status"][data-status="registered"]').waitFor();
      await watchRinging(page);
    }

    report('ring_sequential', sequential, 'value_p99 <= 50', (p99) => p99 <= 50);
    report('ring_burst15', burst, 'value_max <= 500', (_p99, max) => max <= 500);
    emit({
      bench: BENCH,
      metric: 'answer_to_order_p50',
      value: round3(median(answers)),
      baseline: null,
      ratio: null,
      target: 'value <= 500',
      pass: median(answers) <= 500,
      unit: 'ms',
      rounds: { value: answers.map(round3), baseline: [] },
    });
    emit({
      bench: BENCH,
      metric: 'answer_to_order_p99',
      value: round3(percentile(answers, 99)),
      baseline: null,
      ratio: null,
      target: null,
      pass: null,
      unit: 'ms',
    });
  } finally {
    await browser?.close();
    server?.stdin?.end();
    server?.kill('SIGTERM');
  }
}

/** Median and p99 of "INVITE sent → shown", the bare agent's beside it. */
function report(
  name: string,
  rings: Ring[],
  rule: string,
  passes: (p99: number, max: number) => boolean,
) {
  const shown = rings.map((r) => r.shown - r.sent);
  const floor = rings.map((r) => r.bare - r.sent);
  const p99 = percentile(shown, 99);
  const max = Math.max(...shown);
  for (const [stat, value, baseline] of [
    ['p50', median(shown), median(floor)],
    ['p99', p99, percentile(floor, 99)],
    ['max', max, Math.max(...floor)],
  ] as const) {
    emit({
      bench: BENCH,
      metric: `${name}_${stat}`,
      value: round3(value),
      baseline: round3(baseline),
      ratio: baseline > 0 ? round3(value / baseline) : null,
      target: stat === 'p99' ? rule : null,
      pass: stat === 'p99' ? passes(p99, max) : null,
      unit: 'ms',
      rounds: { value: shown.map(round3), baseline: floor.map(round3) },
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
