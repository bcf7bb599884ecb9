// `npm run call -- <phone> [--to c1] [--pbx 127.0.0.1:5060] [--hangup-after S]`: one call into
// the PBX from <phone>, as a trunk would place it (docs/OPERATIONS.md "Telephony (SIP)"). sipp
// runs pbx/sipp/call.xml (a made-up WebRTC offer a browser operator can answer, no media); its
// `<log>` lines say how the call went. Exit status: 0 answered and ended, 1 refused or failed,
// 130 interrupted (Ctrl+C: sipp CANCELs a ringing call, hangs up an answered one).
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const scenario = path.join(here, 'sipp/call.xml');
const USAGE = 'usage: npm run call -- <phone> [--to c1] [--pbx 127.0.0.1:5060] [--hangup-after S]';
/** Without --hangup-after the call lasts until the operator hangs up (a day at most). */
const FOREVER_MS = 86_400_000;
// SIP user parts as the scenario writes them into From/To: no quoting, no escaping needed.
const SIP_USER = /^[A-Za-z0-9+*#._~-]{1,64}$/;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function findSipp(): string {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin']) {
    if (!dir) continue;
    const candidate = path.join(dir, 'sipp');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return fail('sipp is not installed: apt-get install -y --no-install-recommends sip-tester');
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    to: { type: 'string', default: 'c1' },
    pbx: { type: 'string', default: '127.0.0.1:5060' },
    'hangup-after': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const phone = positionals[0];
if (!phone || positionals.length > 1) fail(USAGE);
if (!SIP_USER.test(phone)) fail(`not a phone number or SIP user: ${phone}`);
const to = values.to;
if (!SIP_USER.test(to)) fail(`--to: not a SIP user: ${to}`);
const pbxMatch = /^([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\]):(\d{1,5})$/.exec(values.pbx);
if (!pbxMatch) fail(`--pbx: expected host:port, got ${values.pbx}`);
const pbxHost = pbxMatch[1] ?? '';
let hangupMs = FOREVER_MS;
if (values['hangup-after'] !== undefined) {
  const seconds = Number(values['hangup-after']);
  if (!Number.isFinite(seconds) || seconds <= 0) fail('--hangup-after: seconds > 0');
  hangupMs = Math.round(seconds * 1000);
}

const sipp = findSipp();
const work = mkdtempSync(path.join(tmpdir(), 'ogo-call-'));
const logFile = path.join(work, 'call.log');
const errorFile = path.join(work, 'errors.log');
const messageFile = path.join(work, 'messages.log');
const loopback = /^(127\.|localhost$)/.test(pbxHost);
const args = [
  '-sf',
  scenario,
  // One call (call.xml stops sipp from placing another); not -m 1, which makes sipp deaf to
  // the SIGUSR1 that interrupts a call (below).
  '-users',
  '1',
  '-s',
  to,
  '-key',
  'caller',
  phone,
  '-key',
  'hangup_ms',
  String(hangupMs),
  '-aa',
  '-nostdin',
  '-trace_logs',
  '-log_file',
  logFile,
  '-trace_err',
  '-error_file',
  errorFile,
  '-trace_msg',
  '-message_file',
  messageFile,
  // Any free local port: 5060 is the development PBX's own.
  '-p',
  '0',
  ...(loopback ? ['-i', '127.0.0.1'] : []),
  values.pbx,
];

console.log(
  `calling ${to} at ${values.pbx} from ${phone}${hangupMs < FOREVER_MS ? `, hanging up ${hangupMs / 1000} s after the answer` : ''} (Ctrl+C to stop)`,
);
const started = Date.now();
let answeredAt: number | null = null;
let stderr = '';
// sipp's screen (stdout) is for terminals; what matters comes from its log file. Its own
// process group: a terminal's Ctrl+C would make sipp quit at once, without a CANCEL or BYE; we
// pass it on our way instead (below).
const child = spawn(sipp, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
process.on('exit', () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
child.stderr.on('data', (data: Buffer) => {
  stderr += data.toString();
});

const seen: string[] = [];
function readLog(): string[] {
  let lines: string[] = [];
  try {
    lines = readFileSync(logFile, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  } catch {
    return seen;
  }
  for (const line of lines.slice(seen.length)) {
    seen.push(line);
    if (line === 'ringing' && !seen.slice(0, -1).includes('ringing')) console.log('ringing…');
    if (line === 'answered') {
      answeredAt = Date.now();
      console.log(`answered after ${((answeredAt - started) / 1000).toFixed(1)} s`);
    }
    if (line === 'hold') console.log('on hold');
    if (line === 'unhold') console.log('resumed');
  }
  return seen;
}
const poll = setInterval(readLog, 200);

// Ctrl+C (or a stop): two SIGUSR1 make sipp abort its call the scenario's way (call.xml's
// DefaultMessage: a CANCEL while ringing, a BYE once answered); standard signals do not queue,
// hence the pause between them. sipp then lingers, so once that message is out (its message
// trace says so; 2 s at most) it is stopped. Another Ctrl+C a second later kills it at once.
let interrupted = false;
const readMessages = () => {
  try {
    return readFileSync(messageFile, 'utf8');
  } catch {
    return '';
  }
};
async function abortCall() {
  const before = readMessages().length;
  child.kill('SIGUSR1');
  await sleep(100);
  child.kill('SIGUSR1');
  for (let waited = 0; waited < 2000; waited += 50) {
    if (/^(CANCEL|BYE) sip:/m.test(readMessages().slice(before))) break;
    await sleep(50);
  }
  await sleep(100);
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 3000).unref();
}
let interruptedAt = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    // One Ctrl+C can arrive twice (from the terminal, and relayed by tsx): only a later one counts.
    if (interrupted) {
      if (Date.now() - interruptedAt > 1000) child.kill('SIGKILL');
      return;
    }
    interrupted = true;
    interruptedAt = Date.now();
    void abortCall();
  });
}

const exitCode = await new Promise<number>((resolve) => {
  child.once('error', (error) => {
    stderr += error.message;
    resolve(1);
  });
  child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});
clearInterval(poll);
const lines = readLog();
const duration =
  answeredAt === null ? '' : ` after ${((Date.now() - answeredAt) / 1000).toFixed(1)} s`;
const refused = lines.find((line) => line.startsWith('refused'));

let status = exitCode === 0 ? 0 : 1;
if (lines.includes('ended remote')) {
  console.log(`answered; the operator hung up${duration}`);
} else if (lines.includes('ended local')) {
  console.log(`answered; hung up${duration}`);
} else if (refused) {
  console.log(refused);
  status = 1;
} else if (interrupted) {
  console.log(answeredAt === null ? 'canceled' : `answered; hung up${duration} (interrupted)`);
  status = 130;
} else {
  let errors = '';
  try {
    errors = readFileSync(errorFile, 'utf8').trim().split('\n').slice(-10).join('\n');
  } catch {
    // none written
  }
  console.log(`failed: sipp exited with ${exitCode}`);
  const detail = [stderr.trim(), errors].filter(Boolean).join('\n');
  if (detail) console.error(detail);
  status = exitCode === 0 ? 1 : exitCode;
}
rmSync(work, { recursive: true, force: true });
process.exit(status);
