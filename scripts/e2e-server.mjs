// The server Playwright drives: the built app on a fresh embedded database with the demo,
// exactly as `npm start` runs it for a newcomer.
//
// It runs the built server in this very process (no child to orphan) and dies with whoever
// started it:
// - Playwright stops it with SIGTERM to its process group (webServer.gracefulShutdown in
//   playwright.config.ts), which the server handles: it closes and this script removes its data;
// - if Playwright itself dies (killed, crashed), the pipe it holds as our stdin closes, and the
//   server stops the same way (also when our parent changes, for a stdin that is not a pipe);
// - `<tmp>/ogo-e2e-server-<port>.json` names this process and its data, so scripts/test.mjs can
//   still stop it when all of that failed (reapE2eServer).
import { existsSync, fstatSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { E2E_SIP } from '../e2e/support/e2e-sip.mjs';
import { E2E_ANAF_COMPANIES, startFakeAnaf } from '../e2e/support/fake-anaf.mjs';
import { pbxProblem, startPbx } from '../pbx/start-pbx.mjs';
import { e2ePort, removeE2eServerFile, writeE2eServerFile } from './e2e-server-file.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, 'dist/server/main.js');
const web = path.join(root, 'dist/web/index.html');
if (!existsSync(main) || !existsSync(web)) {
  console.error('dist/ is missing: run `npm run build` before the browser tests.');
  process.exit(1);
}

const port = e2ePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'ogo-e2e-'));
writeE2eServerFile(port, { pid: process.pid, dataDir });
process.on('exit', () => {
  rmSync(dataDir, { recursive: true, force: true });
  removeE2eServerFile(port);
});

/** Stop as on SIGTERM once the server handles it; before that, just leave. */
function stop(reason) {
  console.error(`e2e server: ${reason}, stopping`);
  // Whatever happens to the graceful path, this process does not outlive a minute.
  setTimeout(() => process.exit(1), 20_000).unref();
  if (process.listenerCount('SIGTERM') > 0) process.kill(process.pid, 'SIGTERM');
  else process.exit(1);
}

const stdinIsPipe = (() => {
  try {
    return fstatSync(0).isFIFO();
  } catch {
    return false;
  }
})();
if (stdinIsPipe) {
  process.stdin.on('end', () => stop('the process that started it is gone (stdin closed)'));
  process.stdin.on('error', () => stop('the process that started it is gone (stdin failed)'));
  process.stdin.resume();
}
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('the process that started it is gone (new parent)');
}, 1_000).unref();

Object.assign(process.env, {
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // No basemap: the browser tests have no internet, and nothing may reach the network.
  MAP_TILES_URL: '',
  // No demo fleet: the flows put the drivers they need online themselves.
  DEMO_FLEET_DRIVERS: '0',
  // Its own PBX below, on the tests' ports: not the demo's.
  DEMO_PBX: 'false',
});
// The call centre's PBX (docs/CALLS.md): the project's Kamailio, on ports of its own (not
// `npm run pbx`'s), posting missed calls to this server. It stops when this process exits
// (startPbx's exit hook); one a killed server left behind is reaped by the next start.
const pbxMissing = pbxProblem();
if (pbxMissing && E2E_SIP.required) {
  console.error(`e2e server: the PBX is required here: ${pbxMissing}`);
  process.exit(1);
} else if (pbxMissing) {
  console.error(`e2e server: no PBX, the call tests are skipped (${pbxMissing})`);
} else {
  const pbx = await startPbx({
    udpPort: E2E_SIP.udpPort,
    wsPort: E2E_SIP.wsPort,
    secret: E2E_SIP.secret,
    hookUrl: `http://127.0.0.1:${port}/api/pbx/missed-calls`,
  });
  Object.assign(process.env, {
    SIP_SECRET: E2E_SIP.secret,
    SIP_WS_URL: pbx.wsUrl,
    SIP_DOMAIN: pbx.domain,
  });
}
// Nothing may reach the network: the sign-up's company registry is a local stand-in for ANAF
//, knowing the companies e2e/ui/signup.spec.ts looks up. It dies with this process.
const anaf = await startFakeAnaf(E2E_ANAF_COMPANIES);
process.env.COMPANY_REGISTRY_URL = anaf.url;
await import(pathToFileURL(main).href);
