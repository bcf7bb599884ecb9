import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * As the processes meet it: `npm start` (NODE_ENV unset) generates the SIP secret
 * into DATA_DIR and `npm run pbx` takes the same file; production without SIP_SECRET refuses
 * to start.
 */
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ogo-secrets-process-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

function run(args: string[], env: Record<string, string | undefined>) {
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    DEMO_FLEET_DRIVERS: '0',
    DEMO_PBX: 'false',
    // No Kamailio: `npm run pbx` stops right after reading its secret.
    KAMAILIO_PATH: '/nonexistent/kamailio',
    ...env,
  };
  // As `npm start` runs: no NODE_ENV (vitest sets one), no SIP_SECRET.
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete merged[name];
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
}

const unset = { NODE_ENV: undefined, SIP_SECRET: undefined };

describe('secrets on first start', () => {
  it('production without SIP_SECRET refuses to start, naming the variable', async () => {
    const server = run(['server/main.ts'], { ...unset, NODE_ENV: 'production' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('SIP_SECRET: required in production');
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  });

  it('npm run pbx creates the data directory secret and the app then uses that same one', async () => {
    const pbx = run(['pbx/pbx-cli.ts'], unset);
    // 2: Kamailio is not installed here; the secret was read before that.
    expect(await pbx.exited).toBe(2);
    const file = path.join(dataDir, 'secrets.json');
    const { sip_secret } = JSON.parse(readFileSync(file, 'utf8')) as { sip_secret: string };
    expect(sip_secret).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const server = run(['server/main.ts'], unset);
    let ready = false;
    for (let i = 0; i < 240 && !ready && server.child.exitCode === null; i++) {
      ready = /OGO Dispatch is running/.test(server.output());
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(ready, server.output()).toBe(true);
    // Not generated again: the PBX's file is the app's.
    expect(server.output()).not.toContain('generated a random SIP secret');
    expect(server.output()).not.toContain(sip_secret);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ sip_secret });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
