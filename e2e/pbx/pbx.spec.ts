// The project's PBX (pbx/kamailio.cfg, docs/CALLS.md) with real softphones: JsSIP in
// Chromium pages as operators and callers, sipp as a trunk caller (npm run call). This file starts
// its own Kamailio (UDP 5080, WS 8108, so neither `npm run pbx` nor the app's test PBX is in the
// way) and a local HTTP server as the app's missed-call hook.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { findKamailio, pbxProblem, type RunningPbx, startPbx } from '../../pbx/start-pbx.mjs';
import { pbxHookToken } from '../../server/modules/calls/sip-secrets';
import { E2E_SIP, openSipPhone, registerSipPhone, sipCredentials, sipPhone } from '../support/pbx';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECRET = 'pbx-spec-secret';
const MISSED = '/api/pbx/missed-calls';
const ENDED = '/api/pbx/call-ended';
const CALLER = '0722000001';

interface HookCall {
  /** /api/pbx/missed-calls or /api/pbx/call-ended. */
  path: string | undefined;
  token: string | undefined;
  contentType: string | undefined;
  body: { sip_call_id: string; from: string; to: string; code?: number };
}

const problem = pbxProblem();
// A machine without Kamailio skips this file; CI installs it (.ci/run) and must run it.
test.skip(problem !== null && !E2E_SIP.required, problem ?? '');
test.describe.configure({ mode: 'serial' });

let pbx: RunningPbx;
let hookServer: http.Server;
const hooks: HookCall[] = [];

test.beforeAll(async () => {
  hookServer = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      hooks.push({
        path: request.url,
        token: request.headers['x-pbx-token'] as string | undefined,
        contentType: request.headers['content-type'],
        body: JSON.parse(body) as HookCall['body'],
      });
      response.writeHead(204).end();
    });
  });
  hookServer.listen(0, '127.0.0.1');
  await once(hookServer, 'listening');
  const { port } = hookServer.address() as AddressInfo;
  pbx = await startPbx({
    udpPort: 5080,
    wsPort: 8108,
    secret: SECRET,
    hookUrl: `http://127.0.0.1:${port}/api/pbx/missed-calls`,
  });
});

// A failed test carries the PBX's log (routing decisions, refusals, hook failures).
test.afterEach(async () => {
  const testInfo = test.info();
  if (testInfo.status !== testInfo.expectedStatus && pbx?.logFile) {
    await testInfo.attach('kamailio.log', { path: pbx.logFile, contentType: 'text/plain' });
    if (process.env.PBX_SPEC_DEBUG) console.log(readFileSync(pbx.logFile, 'utf8'));
  }
});

test.afterAll(async () => {
  await pbx?.stop();
  hookServer?.close();
});

const pbxInfo = () => ({ wsUrl: pbx.wsUrl, domain: pbx.domain, secret: SECRET });

/** Kamailio's own tools (in /usr/sbin, which a non-root PATH may lack). */
const kamailioTool = (name: string) => path.join(path.dirname(findKamailio().binary), name);

/** The AORs Kamailio holds, each with its number of contacts (kamcmd ul.dump). */
function locations(): Record<string, number> {
  const ctl = `unix:${pbx.runDir}/kamailio_ctl`;
  const dump = execFileSync(kamailioTool('kamcmd'), ['-s', ctl, 'ul.dump'], { encoding: 'utf8' });
  const aors: Record<string, number> = {};
  let current = '';
  for (const line of dump.split('\n')) {
    const aor = /AoR:\s*(\S+)/.exec(line);
    if (aor?.[1]) {
      current = aor[1];
      aors[current] = 0;
    } else if (/Address:/.test(line) && current) {
      aors[current] = (aors[current] ?? 0) + 1;
    }
  }
  return aors;
}

async function phonePage(context: BrowserContext, baseURL: string, name: string): Promise<Page> {
  const page = await context.newPage();
  await openSipPhone(page, baseURL, name);
  return page;
}

/** The hook call for a Call-ID, once Kamailio has posted it. */
async function hookFor(callId: string, path = MISSED): Promise<HookCall> {
  const matches = (hook: HookCall) => hook.body.sip_call_id === callId && hook.path === path;
  await expect.poll(() => hooks.some(matches)).toBe(true);
  const hook = hooks.find(matches);
  if (!hook) throw new Error('unreachable');
  return hook;
}

test('the generated configuration passes kamailio -c', () => {
  const config = path.join(pbx.runDir, 'kamailio.cfg');
  const output = execFileSync(kamailioTool('kamailio'), ['-c', '-f', config], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  expect(output).toContain('udp: 127.0.0.1 [127.0.0.1]:5080');
});

test('a line rings every operator of the company; the first to answer takes the call', async ({
  context,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const [a, b, caller] = await Promise.all([
    phonePage(context, base, 'c1-101'),
    phonePage(context, base, 'c1-102'),
    phonePage(context, base, CALLER),
  ]);
  expect(await registerSipPhone(a, pbxInfo(), 'c1-101')).toEqual({ registered: true });
  expect(await registerSipPhone(b, pbxInfo(), 'c1-102')).toEqual({ registered: true });
  expect(await registerSipPhone(caller, pbxInfo(), CALLER)).toEqual({ registered: true });
  // Each operator under his own address and both under the company's line.
  expect(locations()).toMatchObject({ c1: 2, 'c1-101': 1, 'c1-102': 1, [CALLER]: 1 });

  const opA = sipPhone(a);
  const opB = sipPhone(b);
  const phone = sipPhone(caller);
  const call = await phone.call('c1');
  const ringA = await opA.waitFor({ type: 'newRTCSession', originator: 'remote' });
  const ringB = await opB.waitFor({ type: 'newRTCSession', originator: 'remote' });
  expect(ringA.user).toBe(CALLER);
  expect(ringB.user).toBe(CALLER);
  const placed = await phone.waitFor({ type: 'newRTCSession', session: call });
  expect(ringA.callId).toBe(placed.callId);
  expect(ringB.callId).toBe(placed.callId);
  await phone.waitFor({ type: 'progress', session: call, code: 180 });

  await opA.answer(ringA.session ?? -1);
  await opA.waitFor({ type: 'confirmed', session: ringA.session });
  await phone.waitFor({ type: 'confirmed', session: call });
  // tm CANCELs the other branch.
  const lost = await opB.waitFor({ type: 'failed', session: ringB.session });
  expect(lost).toMatchObject({ originator: 'remote', cause: 'Canceled' });

  await phone.hangup(call);
  const ended = await opA.waitFor({ type: 'ended', session: ringA.session });
  expect(ended.originator).toBe('remote');
  // The BYE passed the PBX: the app hears of it even if the operator's browser were gone.
  const bye = await hookFor(placed.callId ?? '', ENDED);
  expect(bye.body).toEqual({ sip_call_id: placed.callId, from: CALLER, to: 'c1' });
  expect(bye.token).toBe(pbxHookToken(SECRET));

  // Un-REGISTER (here `Contact: *`) removes an operator from his own address and from the
  // line, and nobody else from it.
  await opB.unregisterAll();
  await expect.poll(locations).toMatchObject({ c1: 1, 'c1-101': 1 });
  expect(locations()['c1-102']).toBeUndefined();
  await opA.stop();
  await phone.stop();
  await expect.poll(() => Object.keys(locations())).toEqual([]);
  // Answered: no missed call.
  expect(
    hooks.filter((hook) => hook.body.sip_call_id === placed.callId && hook.path === MISSED),
  ).toEqual([]);
});

test('a wrong or expired credential cannot register', async ({ context, baseURL }) => {
  const page = await phonePage(context, baseURL ?? '', 'intruder');
  const good = sipCredentials(SECRET, 'c1-101');
  const wrong = await sipPhone(page).start({
    wsUrl: pbx.wsUrl,
    domain: pbx.domain,
    user: 'c1-101',
    username: good.username,
    password: sipCredentials('another-secret', 'c1-101').password,
  });
  expect(wrong).toMatchObject({ registered: false, code: 403 });
  await sipPhone(page).stop();

  const expired = sipCredentials(SECRET, 'c1-101', -60);
  const page2 = await phonePage(context, baseURL ?? '', 'expired');
  const late = await sipPhone(page2).start({
    wsUrl: pbx.wsUrl,
    domain: pbx.domain,
    user: 'c1-101',
    username: expired.username,
    password: expired.password,
  });
  expect(late).toMatchObject({ registered: false, code: 403 });
  expect(locations()['c1-101']).toBeUndefined();
});

test("a credential registers only its own address, not another operator's", async ({
  context,
  baseURL,
}) => {
  const page = await phonePage(context, baseURL ?? '', 'c1-101 as c1-102');
  const mine = sipCredentials(SECRET, 'c1-101');
  const result = await sipPhone(page).start({
    wsUrl: pbx.wsUrl,
    domain: pbx.domain,
    user: 'c1-102',
    username: mine.username,
    password: mine.password,
  });
  expect(result).toMatchObject({ registered: false, code: 403 });
  expect(locations()).toEqual({});
});

test('missed calls reach the hook: the caller gave up (487), the operator refused (486), nobody registered (480)', async ({
  context,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const [operator, caller] = await Promise.all([
    phonePage(context, base, 'c1-101'),
    phonePage(context, base, CALLER),
  ]);
  expect(await registerSipPhone(operator, pbxInfo(), 'c1-101')).toEqual({ registered: true });
  expect(await registerSipPhone(caller, pbxInfo(), CALLER)).toEqual({ registered: true });
  const op = sipPhone(operator);
  const phone = sipPhone(caller);
  const token = pbxHookToken(SECRET);

  // Rings, nobody answers, the caller hangs up: CANCEL, 487.
  const first = await phone.call('c1');
  const ring = await op.waitFor({ type: 'newRTCSession', originator: 'remote' });
  await phone.waitFor({ type: 'progress', session: first, code: 180 });
  await phone.hangup(first);
  await op.waitFor({ type: 'failed', session: ring.session, cause: 'Canceled' });
  const canceled = await hookFor(ring.callId ?? '');
  expect(canceled).toEqual({
    path: MISSED,
    token,
    contentType: 'application/json',
    body: { sip_call_id: ring.callId, from: CALLER, to: 'c1', code: 487 },
  });

  // The only operator refuses (all his lines busy): 486 to the caller, and a missed call.
  const second = await phone.call('c1');
  const ring2 = await op.waitFor({ type: 'newRTCSession', originator: 'remote', session: 1 });
  await op.hangup(ring2.session ?? -1, 486);
  expect(await phone.waitFor({ type: 'failed', session: second })).toMatchObject({ code: 486 });
  expect((await hookFor(ring2.callId ?? '')).body).toMatchObject({ to: 'c1', code: 486 });

  // Company 2 has nobody registered: 480 at once, and a missed call.
  const third = await phone.call('c2');
  const refused = await phone.waitFor({ type: 'failed', session: third });
  expect(refused).toMatchObject({ originator: 'remote', code: 480 });
  const placed = await phone.waitFor({ type: 'newRTCSession', session: third });
  expect((await hookFor(placed.callId ?? '')).body).toEqual({
    sip_call_id: placed.callId,
    from: CALLER,
    to: 'c2',
    code: 480,
  });
  await op.stop();
  await phone.stop();

  // SIP allows `"` and `\` in a Call-ID: the hook's JSON still carries it exactly.
  const odd = spawn(
    'sipp',
    [
      ...['-sf', path.join(root, 'pbx/sipp/call.xml'), '-users', '1', '-s', 'c3'],
      ...['-key', 'caller', '0722000006', '-key', 'hangup_ms', '1000', '-nostdin'],
      ...['-cid_str', 'q"x\\y%u-%p@%s', '-p', '0', '-i', '127.0.0.1', '127.0.0.1:5080'],
    ],
    { stdio: 'ignore' },
  );
  const [oddExit] = await once(odd, 'exit');
  expect(oddExit).toBe(0);
  await expect.poll(() => hooks.some((hook) => hook.body.to === 'c3')).toBe(true);
  const oddHook = hooks.find((hook) => hook.body.to === 'c3');
  expect(oddHook?.body.sip_call_id).toMatch(/^q"x\\y1-\d+@127\.0\.0\.1$/);
  expect(oddHook?.body).toMatchObject({ from: '0722000006', code: 480 });
});

const running = new Set<number>();

/**
 * `npm run call` against this PBX, in a process group of its own (as a terminal would run it),
 * so a test can press Ctrl+C on it; resolves with its exit code and output.
 */
function npmRunCall(args: string[]) {
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'pbx/call-cli.ts'), ...args],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  if (child.pid) running.add(child.pid);
  let output = '';
  child.stdout.on('data', (data: Buffer) => {
    output += data.toString();
  });
  child.stderr.on('data', (data: Buffer) => {
    output += data.toString();
  });
  const done = new Promise<{ code: number | null; output: string }>((resolve) => {
    child.once('exit', (code) => {
      if (child.pid) running.delete(child.pid);
      resolve({ code, output });
    });
  });
  const pressCtrlC = () => {
    if (child.pid) process.kill(-child.pid, 'SIGINT');
  };
  return { done, pressCtrlC };
}

// A call a failed test left running stops with its process group (the CLI and sipp).
test.afterEach(() => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  running.clear();
});

test('npm run call: a trunk caller rings an operator, who answers, holds, resumes and hangs up', async ({
  context,
  baseURL,
}) => {
  const operator = await phonePage(context, baseURL ?? '', 'c1-101');
  expect(await registerSipPhone(operator, pbxInfo(), 'c1-101')).toEqual({ registered: true });
  const op = sipPhone(operator);

  const call = npmRunCall(['0722000002', '--pbx', '127.0.0.1:5080']);
  const ring = await op.waitFor({ type: 'newRTCSession', originator: 'remote' }, 30_000);
  expect(ring.user).toBe('0722000002');
  await op.answer(ring.session ?? -1);
  await op.waitFor({ type: 'confirmed', session: ring.session });
  await op.hold(ring.session ?? -1);
  await op.unhold(ring.session ?? -1);
  await op.hangup(ring.session ?? -1);
  await op.waitFor({ type: 'ended', session: ring.session, originator: 'local' });
  const { code, output } = await call.done;
  expect(output).toContain('answered');
  expect(output).toContain('on hold');
  expect(output).toContain('resumed');
  expect(output).toContain('answered; the operator hung up');
  expect(code, output).toBe(0);

  // --hangup-after: the caller ends the call itself.
  const short = npmRunCall(['0722000003', '--pbx', '127.0.0.1:5080', '--hangup-after', '1']);
  const ring2 = await op.waitFor(
    { type: 'newRTCSession', originator: 'remote', session: 1 },
    30_000,
  );
  await op.answer(ring2.session ?? -1);
  const ended = await op.waitFor({ type: 'ended', session: ring2.session });
  expect(ended.originator).toBe('remote');
  const second = await short.done;
  expect(second.output).toContain('answered; hung up');
  expect(second.code, second.output).toBe(0);

  // Ctrl+C while it rings: a CANCEL, the operator's call goes away, and a missed call.
  const impatient = npmRunCall(['0722000005', '--pbx', '127.0.0.1:5080']);
  const ring3 = await op.waitFor(
    { type: 'newRTCSession', originator: 'remote', session: 2 },
    30_000,
  );
  impatient.pressCtrlC();
  await op.waitFor({ type: 'failed', session: ring3.session, cause: 'Canceled' });
  const third = await impatient.done;
  expect(third.output).toContain('canceled');
  expect(third.code).toBe(130);
  expect((await hookFor(ring3.callId ?? '')).body).toEqual({
    sip_call_id: ring3.callId,
    from: '0722000005',
    to: 'c1',
    code: 487,
  });
  await op.stop();

  // Nobody at company 3: refused, and the CLI fails.
  const refused = await npmRunCall(['0722000004', '--pbx', '127.0.0.1:5080', '--to', 'c3']).done;
  expect(refused.output).toContain('refused 480');
  expect(refused.code).toBe(1);
});
