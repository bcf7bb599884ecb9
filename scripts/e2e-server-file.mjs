// Where the browser tests' server says who it is, so that whoever started a run can stop it
// even when Playwright could not (an orphaned e2e server kept its port and ~500 MB).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The default port of the browser tests (playwright.config.ts reads the same variable). */
export const e2ePort = () => Number(process.env.E2E_PORT ?? 3199);

/** `<tmp>/ogo-e2e-server-<port>.json`: {pid, dataDir} of the server on that port. */
export const e2eServerFile = (port = e2ePort()) =>
  path.join(tmpdir(), `ogo-e2e-server-${port}.json`);

export function writeE2eServerFile(port, info) {
  writeFileSync(e2eServerFile(port), JSON.stringify(info));
}

export function removeE2eServerFile(port) {
  rmSync(e2eServerFile(port), { force: true });
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** True unless /proc says that pid is now some other program (a reused pid). */
const isE2eServer = (pid) => {
  const cmdline = `/proc/${pid}/cmdline`;
  // Without /proc (not Linux) the file is the only word there is.
  if (!existsSync(cmdline)) return !existsSync('/proc/self');
  try {
    return readFileSync(cmdline, 'utf8').includes('e2e-server.mjs');
  } catch {
    return false;
  }
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops a browser-test server that outlived its run (SIGTERM, then SIGKILL after `graceMs`) and
 * removes its data directory. Returns the pid it stopped, or null when there was none.
 */
export async function reapE2eServer(port = e2ePort(), graceMs = 10_000) {
  const file = e2eServerFile(port);
  let info;
  try {
    info = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  let stopped = null;
  if (Number.isInteger(info.pid) && alive(info.pid) && isE2eServer(info.pid)) {
    stopped = info.pid;
    process.kill(info.pid, 'SIGTERM');
    for (let waited = 0; waited < graceMs && alive(info.pid); waited += 200) await sleep(200);
    if (alive(info.pid)) process.kill(info.pid, 'SIGKILL');
    for (let waited = 0; waited < 5_000 && alive(info.pid); waited += 100) await sleep(100);
  }
  if (typeof info.dataDir === 'string' && path.basename(info.dataDir).startsWith('ogo-e2e-')) {
    rmSync(info.dataDir, { recursive: true, force: true });
  }
  rmSync(file, { force: true });
  return stopped;
}
