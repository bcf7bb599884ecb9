// Callers and operators in Chromium for the browser tests (docs/CALLS.md): a page gets a JsSIP
// softphone as `window.sipPhone` (e2e/support/sip-page.ts), served at the app's own origin
// (http://127.0.0.1, a secure context, so getUserMedia works) by page.route, so the app's server
// is never asked for it. Chromium needs CHROMIUM_ARGS' media flags (playwright.config.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { build } from 'esbuild';
import {
  type EphemeralCredential,
  ephemeralCredential,
} from '../../server/modules/calls/sip-secrets';
import type { SipPhoneEvent, SipPhoneStart, SipPhoneStartResult } from './sip-phone-types';

export { E2E_SIP } from './e2e-sip.mjs';
export type { SipPhoneEvent } from './sip-phone-types';

const here = path.dirname(fileURLToPath(import.meta.url));

let bundle: Promise<string> | undefined;

/** The page script, built once per run (~50 ms; JsSIP has no browser build of its own). */
export function sipPageScript(): Promise<string> {
  bundle ??= build({
    entryPoints: [path.join(here, 'sip-page.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome110',
    write: false,
    logLevel: 'warning',
  }).then((result) => {
    const file = result.outputFiles[0];
    if (!file) throw new Error('esbuild produced no page script');
    return file.text;
  });
  return bundle;
}

/** An ephemeral credential for `user`, as the app issues (auth_ephemeral, sip-secrets.ts). */
export const sipCredentials = (
  secret: string,
  user: string,
  ttlSeconds = 300,
  nowMs = Date.now(),
): EphemeralCredential => ephemeralCredential(secret, user, ttlSeconds, nowMs);

/**
 * Opens a blank page at `<baseURL>/__sip-test/<name>.html` with `window.sipPhone` in it. The
 * name only labels the page (its title), handy in traces.
 */
export async function openSipPhone(page: Page, baseURL: string, name: string): Promise<void> {
  const script = await sipPageScript();
  const html = new URL(`/__sip-test/${encodeURIComponent(name)}.html`, baseURL).href;
  const js = new URL('/__sip-test/phone.js', baseURL).href;
  await page.route(html, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html><head><meta charset="utf-8"><title>${name}</title></head><body><script src="/__sip-test/phone.js"></script></body></html>`,
    }),
  );
  await page.route(js, (route) =>
    route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: script }),
  );
  // A page fulfilled by page.route has no address, so Chromium's Local Network Access checks
  // count it as public and block its WebSocket to the loopback PBX: allow it, as a user would.
  await page
    .context()
    .grantPermissions(['local-network-access'], { origin: new URL(baseURL).origin });
  await page.goto(html);
  await page.waitForFunction(() => 'sipPhone' in window);
}

type PageWithPhone = Window & { sipPhone: import('./sip-phone-types').SipPhone };

/** Drives the page's softphone from the test. */
export function sipPhone(page: Page) {
  return {
    start: (options: SipPhoneStart): Promise<SipPhoneStartResult> =>
      page.evaluate((o) => (window as unknown as PageWithPhone).sipPhone.start(o), options),
    call: (toUser: string): Promise<number> =>
      page.evaluate((to) => (window as unknown as PageWithPhone).sipPhone.call(to), toUser),
    answer: (session: number) =>
      page.evaluate((s) => (window as unknown as PageWithPhone).sipPhone.answer(s), session),
    hold: (session: number) =>
      page.evaluate((s) => (window as unknown as PageWithPhone).sipPhone.hold(s), session),
    unhold: (session: number) =>
      page.evaluate((s) => (window as unknown as PageWithPhone).sipPhone.unhold(s), session),
    hangup: (session: number, statusCode?: number) =>
      page.evaluate(([s, code]) => (window as unknown as PageWithPhone).sipPhone.hangup(s, code), [
        session,
        statusCode,
      ] as const),
    unregisterAll: () =>
      page.evaluate(() => (window as unknown as PageWithPhone).sipPhone.unregisterAll()),
    stop: () => page.evaluate(() => (window as unknown as PageWithPhone).sipPhone.stop()),
    events: (): Promise<SipPhoneEvent[]> =>
      page.evaluate(() => (window as unknown as PageWithPhone).sipPhone.events),
    /** Waits for the first event with every field of `match`, and returns it. */
    async waitFor(match: Partial<SipPhoneEvent>, timeout = 15_000): Promise<SipPhoneEvent> {
      const handle = await page.waitForFunction(
        (m) =>
          (window as unknown as PageWithPhone).sipPhone.events.find((event) =>
            Object.entries(m).every(([key, value]) => event[key as keyof typeof event] === value),
          ),
        match,
        { timeout },
      );
      const event = (await handle.jsonValue()) as SipPhoneEvent | undefined;
      expect(event, `event ${JSON.stringify(match)}`).toBeTruthy();
      return event as SipPhoneEvent;
    },
  };
}

/** Starts a page's softphone registered as `user` with a fresh credential. */
export async function registerSipPhone(
  page: Page,
  pbx: { wsUrl: string; domain: string; secret: string },
  user: string,
): Promise<SipPhoneStartResult> {
  const credential = sipCredentials(pbx.secret, user);
  return sipPhone(page).start({
    wsUrl: pbx.wsUrl,
    domain: pbx.domain,
    user,
    username: credential.username,
    password: credential.password,
  });
}
