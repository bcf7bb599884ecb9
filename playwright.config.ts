import { existsSync, mkdirSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** Debian's Chromium: never a downloaded browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 3199);
/**
 * Chromium's own background traffic is refused on this network; keep it quiet (env notes).
 * WebGL in headless Chromium needs SwiftShader: the maps draw in every flow.
 * Softphones: a fake microphone, allowed without asking, and WebRTC candidates on
 * loopback (without which a call's INVITE can wait forever for ICE gathering).
 */
export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--enable-unsafe-swiftshader',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

/**
 * The server's log (warnings and errors) goes to this file, not into the test output; `npm test`
 * prints its tail when the browser suite fails.
 */
export const E2E_SERVER_LOG = '.test-output/e2e-server.log';
mkdirSync('.test-output', { recursive: true });

if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`,
  );
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Every wait in the flows is for a state (a URL, a visible element, a data-* marker), which
  // returns as soon as the state holds: these bounds cost nothing on an idle machine and only
  // decide how long a real failure takes to report. They are sized for a machine whose two
  // cores are busy with other work (7 s and 30 s failed three flows there).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.test-output/e2e.json' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'ro-RO',
    timezoneId: 'Europe/Bucharest',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  webServer: {
    // `exec`: the server is the process Playwright started, leader of the process group that
    // Playwright signals; it stops on SIGTERM (closing PGlite, removing its data) and by itself
    // when Playwright dies (scripts/e2e-server.mjs).
    command: `exec node --enable-source-maps --max-semi-space-size=32 scripts/e2e-server.mjs >>${E2E_SERVER_LOG} 2>&1`,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    url: `http://127.0.0.1:${port}/api/health`,
    // First start: PGlite, migrations, the demo and its gazetteers (~25 s idle, 2-3x under load).
    timeout: 180_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(port) },
  },
});
