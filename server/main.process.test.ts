import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The real process, as `npm start` runs it (items 2-4): first start on an empty
 * PGlite directory seeds the demo; a second process on the same directory refuses to start;
 * a restart after SIGTERM finds the data; a bad variable stops start-up naming it.
 */
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ogo-process-'));
const children: ChildProcess[] = [];

const start = (env: Record<string, string>) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // No demo fleet: demo-fleet.process.test.ts checks it on its own.
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DEMO_FLEET_DRIVERS: '0',
      DEMO_PBX: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
};

const waitHealthy = async (url: string, exited: Promise<number | null>) => {
  let done = false;
  void exited.then(() => (done = true));
  for (let i = 0; i < 240 && !done; i++) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
};

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('starts on an empty data directory with the demo, and a second process on it refuses to start', async () => {
    const first = start({ DATA_DIR: dataDir, PORT: '3287' });
    expect(await waitHealthy('http://127.0.0.1:3287', first.exited)).toBe(true);
    const login = await fetch('http://127.0.0.1:3287/api/access-tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@ogo.local', password: 'ogo-demo' }),
    });
    expect(login.status).toBe(201);

    const second = start({ DATA_DIR: dataDir, PORT: '3288' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another OGO Dispatch process');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, 90_000);

  it('reopens the directory a SIGTERM left (PGlite closed cleanly in its worker)', async () => {
    const again = start({ DATA_DIR: dataDir, PORT: '3289' });
    expect(await waitHealthy('http://127.0.0.1:3289', again.exited)).toBe(true);
    const login = await fetch('http://127.0.0.1:3289/api/access-tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@ogo.local', password: 'ogo-demo' }),
    });
    expect(login.status).toBe(201);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);

  it('stops at start-up on a bad variable, naming it', async () => {
    const bad = start({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT');
  }, 30_000);
});
