// The PBX launcher's one entry point: starts the project's Kamailio (pbx/kamailio.cfg). Every
// user imports it as a module: `npm run pbx` (pbx-cli.ts), `npm start`'s demo PBX
// (server/simulator/demo-pbx.ts, bundled into dist/server with the template copied beside it by
// scripts/build.mjs), the browser tests' server (scripts/e2e-server.mjs) and e2e/pbx/pbx.spec.ts.
// docs/CALLS.md, docs/OPERATIONS.md "Telephony (SIP)".
//
// Plain JavaScript (types in start-pbx.d.mts) because the browser tests' server runs as plain
// Node on the built app, with no TypeScript loader.
import { execFileSync, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The template start-pbx writes its values into (see its header); beside this module, or beside the bundle that carries it. */
export const PBX_TEMPLATE = path.join(here, 'kamailio.cfg');

/** Debian packages the PBX needs, and which one brings each module it loads. */
export const PBX_PACKAGES = [
  'kamailio',
  'kamailio-websocket-modules',
  'kamailio-utils-modules',
  'kamailio-autheph-modules',
];
const MODULE_PACKAGE = {
  'websocket.so': 'kamailio-websocket-modules',
  'http_client.so': 'kamailio-utils-modules',
  'auth_ephemeral.so': 'kamailio-autheph-modules',
};
const INSTALL_HINT = `apt-get install -y --no-install-recommends ${PBX_PACKAGES.join(' ')}`;

/** Why the PBX cannot start on this machine (kamailio or a module missing). */
export class PbxUnavailableError extends Error {
  constructor(message) {
    super(message);
    this.name = 'PbxUnavailableError';
  }
}

/** Same as pbxHookToken() in server/modules/calls/sip-secrets.ts (pbx.spec.ts checks both agree). */
export const hookTokenOf = (secret) =>
  createHmac('sha256', secret).update('pbx-hook').digest('hex');

function findOnPath(name) {
  // Debian puts kamailio in /usr/sbin, which a non-root PATH often lacks.
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * The kamailio binary (KAMAILIO_PATH, or on PATH or in /usr/sbin) and its module directory, with
 * every module pbx/kamailio.cfg loads. Throws PbxUnavailableError naming the packages to install.
 */
export function findKamailio() {
  const binary = process.env.KAMAILIO_PATH || findOnPath('kamailio');
  if (!binary) {
    throw new PbxUnavailableError(`kamailio is not installed: ${INSTALL_HINT}`);
  }
  let info;
  try {
    info = execFileSync(binary, ['-I'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new PbxUnavailableError(`${binary} -I failed (${error.message}): ${INSTALL_HINT}`);
  }
  const version = /Version:\s*(.+)/.exec(info)?.[1]?.trim() ?? 'unknown';
  const modulesDirs = (/Default paths to modules:\s*(.+)/.exec(info)?.[1] ?? '')
    .trim()
    .split(':')
    .filter(Boolean);
  const needed = [...readFileSync(PBX_TEMPLATE, 'utf8').matchAll(/^loadmodule "([^"]+)"/gm)].map(
    (match) => match[1],
  );
  const missing = needed.filter(
    (module) => !modulesDirs.some((dir) => existsSync(path.join(dir, module))),
  );
  if (missing.length > 0) {
    const packages = [...new Set(missing.map((module) => MODULE_PACKAGE[module] ?? 'kamailio'))];
    throw new PbxUnavailableError(
      `kamailio (${version}) lacks module(s) ${missing.join(', ')}: ` +
        `apt-get install -y --no-install-recommends ${packages.join(' ')}`,
    );
  }
  return { binary, version, modulesDirs };
}

/** Null when the PBX can start here, else one line saying what to install. */
export function pbxProblem() {
  try {
    findKamailio();
    return null;
  } catch (error) {
    if (error instanceof PbxUnavailableError) return error.message;
    throw error;
  }
}

// `#!substdef "<d>NAME<d>value<d>g"` takes any delimiter; a value may hold none of the
// characters that would end it or the cfg string it lands in.
const DELIMITERS = ['!', '|', '#', '~', '%', '^', '&', ','];
function substdef(name, value) {
  const text = String(value);
  if (!text || /["\\\s$]/.test(text)) {
    throw new Error(`${name}: empty, or holds a quote, backslash, dollar or white space`);
  }
  const delimiter = DELIMITERS.find((candidate) => !text.includes(candidate));
  if (!delimiter) throw new Error(`${name}: no usable delimiter`);
  return `#!substdef "${delimiter}${name}${delimiter}${text}${delimiter}g"`;
}

const checkPort = (name, port) => {
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a port number, got ${port}`);
  }
};

/**
 * The configuration Kamailio runs: the PBX_* values as `#!substdef` lines, then the template.
 * Options as startPbx's (runDir required).
 */
export function pbxConfigText({ udpPort, wsPort, secret, hookUrl, runDir, host = '127.0.0.1' }) {
  checkPort('udpPort', udpPort);
  checkPort('wsPort', wsPort);
  const hook = new URL(hookUrl);
  if (hook.protocol !== 'http:' && hook.protocol !== 'https:') {
    throw new Error(`hookUrl must be http(s), got ${hookUrl}`);
  }
  const values = {
    PBX_IP: host,
    PBX_UDP_PORT: udpPort,
    PBX_WS_PORT: wsPort,
    PBX_RUN_DIR: runDir,
    PBX_SECRET: secret,
    PBX_HOOK_URL: hook.href,
    // Its sibling: every BYE (POST /api/pbx/call-ended), beside /api/pbx/missed-calls.
    PBX_ENDED_URL: new URL('call-ended', hook).href,
    PBX_HOOK_TOKEN: hookTokenOf(secret),
  };
  const header = Object.entries(values).map(([name, value]) => substdef(name, value));
  const template = readFileSync(PBX_TEMPLATE, 'utf8');
  return `#!KAMAILIO\n${header.join('\n')}\n${template.replace(/^#!KAMAILIO\n/, '')}`;
}

/** Writes the configuration (mode 0600: it holds the secret) and returns its path. */
export function writePbxConfig(options) {
  const file = path.join(options.runDir, 'kamailio.cfg');
  writeFileSync(file, pbxConfigText(options), { mode: 0o600 });
  return file;
}

// ----- who runs on a port: `<tmp>/ogo-pbx-<udpPort>.json` -----

const stateFile = (udpPort) => path.join(tmpdir(), `ogo-pbx-${udpPort}.json`);

/** Running (a zombie, killed and waiting for its parent to reap it, counts as gone). */
const alive = (pid) => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc: kill(0) is all there is
  }
};

const isKamailio = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('kamailio');
  } catch {
    return false;
  }
};

/** Kamailio's worker processes: children of its main process (Linux /proc). */
function childrenOf(pid) {
  const children = [];
  let entries = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return children;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** SIGKILL to a Kamailio main process and its workers (which outlive a killed main). */
function killKamailio(pid) {
  const workers = childrenOf(pid);
  for (const target of [pid, ...workers]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return workers;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A PBX this module started on `udpPort` for a process that has died (killed before it could
 * stop it) still holds the ports: stop it, by the pid it recorded, and only if that pid is
 * still a kamailio.
 */
async function reapOrphan(udpPort) {
  let state;
  try {
    state = JSON.parse(readFileSync(stateFile(udpPort), 'utf8'));
  } catch {
    return;
  }
  if (Number.isInteger(state.ownerPid) && alive(state.ownerPid)) return; // still someone's
  if (Number.isInteger(state.pid) && alive(state.pid) && isKamailio(state.pid)) {
    const workers = killKamailio(state.pid);
    for (let waited = 0; waited < 3000 && [state.pid, ...workers].some(alive); waited += 50) {
      await sleep(50);
    }
  }
  if (typeof state.runDir === 'string' && path.basename(state.runDir).startsWith('ogo-pbx-')) {
    rmSync(state.runDir, { recursive: true, force: true });
  }
  rmSync(stateFile(udpPort), { force: true });
}

function portFree(kind, host, port) {
  return new Promise((resolve) => {
    if (kind === 'udp') {
      const socket = dgram.createSocket('udp4');
      socket.once('error', () => resolve(false));
      socket.bind(port, host, () => socket.close(() => resolve(true)));
    } else {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, host, () => server.close(() => resolve(true)));
    }
  });
}

/** A port the system has free on `host` now (bound to 0, then released). */
function anyFreePort(kind, host) {
  return new Promise((resolve, reject) => {
    if (kind === 'udp') {
      const socket = dgram.createSocket('udp4');
      socket.once('error', reject);
      socket.bind(0, host, () => {
        const { port } = socket.address();
        socket.close(() => resolve(port));
      });
    } else {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, host, () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
    }
  });
}

/**
 * Names the secret in the state file without revealing it: a PBX another process started is
 * reused only when it holds the same secret (a foreign one would refuse every credential).
 */
const secretIdOf = (secret) =>
  createHmac('sha256', secret).update('pbx-state').digest('hex').slice(0, 16);

/**
 * Whether the project's Kamailio already runs on `udpPort` for these settings: started by a
 * live process (`npm run pbx`, another start of this app), on the same WebSocket port, with the
 * same secret and hook. Anything else on the port is a foreign PBX.
 */
export function samePbxRunning({ udpPort, wsPort, secret, hookUrl }) {
  let state;
  try {
    state = JSON.parse(readFileSync(stateFile(udpPort), 'utf8'));
  } catch {
    return false;
  }
  return (
    Number.isInteger(state.ownerPid) &&
    alive(state.ownerPid) &&
    Number.isInteger(state.pid) &&
    alive(state.pid) &&
    isKamailio(state.pid) &&
    state.wsPort === wsPort &&
    state.hookUrl === new URL(hookUrl).href &&
    state.secretId === secretIdOf(secret)
  );
}

// ----- readiness: the WebSocket port accepts, and SIP over UDP answers an OPTIONS -----

function tcpAccepts(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function sipAnswers(host, port) {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    const done = (ok) => {
      clearTimeout(timer);
      socket.close();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), 300);
    socket.once('error', () => done(false));
    socket.on('message', (data) => {
      if (data.toString('utf8').startsWith('SIP/2.0 200')) done(true);
    });
    socket.bind(0, host, () => {
      const id = randomBytes(8).toString('hex');
      const local = socket.address().port;
      const options = [
        `OPTIONS sip:${host}:${port} SIP/2.0`,
        `Via: SIP/2.0/UDP ${host}:${local};branch=z9hG4bK${id};rport`,
        'Max-Forwards: 70',
        `From: <sip:probe@${host}>;tag=${id}`,
        `To: <sip:${host}:${port}>`,
        `Call-ID: ${id}@${host}`,
        'CSeq: 1 OPTIONS',
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n');
      socket.send(options, port, host);
    });
  });
}

function logTail(logFile) {
  if (!logFile) return '(its output went to the terminal above)';
  try {
    return readFileSync(logFile, 'utf8').split('\n').slice(-25).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Starts Kamailio on the generated configuration and resolves once SIP over UDP answers and
 * the WebSocket port accepts (polled; ~20-200 ms here, at most `readyTimeoutMs`).
 * @param {import('./start-pbx.d.mts').StartPbxOptions} options
 * @returns {Promise<import('./start-pbx.d.mts').RunningPbx>}
 */
export async function startPbx(options) {
  const { secret, hookUrl, readyTimeoutMs = 10_000 } = options;
  const host = options.host ?? '127.0.0.1';
  const { binary } = findKamailio();

  await reapOrphan(options.udpPort);
  const ports = { udp: options.udpPort, tcp: options.wsPort };
  for (const kind of ['udp', 'tcp']) {
    if (await portFree(kind, host, ports[kind])) continue;
    if (options.orFreePorts) {
      ports[kind] = await anyFreePort(kind, host);
      continue;
    }
    throw new Error(
      `${kind.toUpperCase()} ${host}:${ports[kind]} is in use (another PBX? \`ss -lnp | grep :${ports[kind]}\`)`,
    );
  }
  const { udp: udpPort, tcp: wsPort } = ports;

  const ownRunDir = !options.runDir;
  const runDir = options.runDir ?? mkdtempSync(path.join(tmpdir(), 'ogo-pbx-'));
  const config = writePbxConfig({ udpPort, wsPort, secret, hookUrl, runDir, host });
  const inherit = options.logFile === 'inherit';
  const logFile = inherit ? null : (options.logFile ?? path.join(runDir, 'kamailio.log'));
  const logFd = logFile ? openSync(logFile, 'a') : null;

  // Not detached: Kamailio and its workers stay in our process group, so whoever kills the
  // group (Playwright, scripts/test.mjs) kills them too.
  const child = spawn(binary, ['-f', config, '-DD', '-E', '-m', '64', '-M', '8'], {
    stdio: inherit ? ['ignore', 'inherit', 'inherit'] : ['ignore', logFd, logFd],
  });
  if (logFd !== null) closeSync(logFd);
  const pid = child.pid;
  let exited = child.exitCode !== null;
  const exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    });
    child.once('error', (error) => {
      exited = true;
      resolve({ code: null, signal: null, error });
    });
  });
  writeFileSync(
    stateFile(udpPort),
    JSON.stringify({
      pid,
      ownerPid: process.pid,
      runDir,
      wsPort,
      hookUrl: new URL(hookUrl).href,
      secretId: secretIdOf(secret),
    }),
    { mode: 0o600 },
  );

  // The process that started it exits without stop() (an error, process.exit, a server's own
  // SIGTERM handling): Kamailio stops with it (its main process takes its workers down on
  // SIGTERM), and the files go, the secret among them. Synchronous: 'exit' waits for nothing.
  const onExit = () => {
    if (!exited && pid) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // gone
      }
    }
    rmSync(stateFile(udpPort), { force: true });
    if (ownRunDir) rmSync(runDir, { recursive: true, force: true });
  };
  process.on('exit', onExit);

  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      process.off('exit', onExit);
      if (!exited && pid) {
        const workers = childrenOf(pid);
        child.kill('SIGTERM');
        // ~1 s normally; a Kamailio stuck in shutdown is killed with its workers.
        const killer = setTimeout(() => {
          killKamailio(pid);
          for (const worker of workers) {
            try {
              process.kill(worker, 'SIGKILL');
            } catch {
              // gone
            }
          }
        }, 3000);
        killer.unref();
        await exitPromise;
        clearTimeout(killer);
      }
      rmSync(stateFile(udpPort), { force: true });
      if (ownRunDir) rmSync(runDir, { recursive: true, force: true });
    })();
    return stopping;
  };

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exited) {
      const { code, signal, error } = await exitPromise;
      const tail = logTail(logFile);
      await stop();
      throw new Error(
        `kamailio exited at start (${error?.message ?? `code ${code}, signal ${signal}`}):\n${tail}`,
      );
    }
    if ((await tcpAccepts(host, wsPort)) && (await sipAnswers(host, udpPort))) break;
    if (Date.now() > deadline) {
      const tail = logTail(logFile);
      await stop();
      throw new Error(
        `kamailio did not answer on udp ${host}:${udpPort} and ws ${host}:${wsPort} within ${readyTimeoutMs} ms:\n${tail}`,
      );
    }
    await sleep(50);
  }

  return {
    wsUrl: `ws://${host}:${wsPort}`,
    domain: host,
    udpPort,
    wsPort,
    pid,
    runDir,
    logFile,
    stop,
  };
}
