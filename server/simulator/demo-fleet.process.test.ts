import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DriverPosition } from '@common/drivers/drivers.schema';
import { haversineMeters } from '@common/lib/geo';
import type { User } from '@common/users/users.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Simulators as a newcomer meets them: `npm start` on a fresh data directory moves the
 * demo fleet on the map within seconds, `npm run simulate` adds drivers and takes them offline
 * when it stops, and a SIGTERM takes the demo fleet offline before the server ends.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ogo-fleet-'));
const PORT = 3298;
const URL = `http://127.0.0.1:${PORT}`;
const IASI = { lat: 47.1585, lng: 27.6014 };
const children: ChildProcess[] = [];

function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
}

let server: ReturnType<typeof run>;
let token: string;

const get = async <T>(url: string): Promise<T> => {
  const response = await fetch(`${URL}${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};
const positions = () => get<DriverPosition[]>('/api/drivers-positions');

/** Polls until `check` passes (or the time is up, then it throws its last failure). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => void, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    try {
      check(value);
      return value;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

beforeAll(async () => {
  server = run(['server/main.ts'], {
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'debug',
    DEMO_FLEET_DRIVERS: '3',
    DEMO_PBX: 'false',
  });
  let ready = false;
  for (let i = 0; i < 480 && !ready && server.child.exitCode === null; i++) {
    ready = await fetch(`${URL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(ready).toBe(true);
  const login = await fetch(`${URL}/api/access-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'dispecer@ogo.local', password: 'ogo-demo' }),
  });
  token = ((await login.json()) as { token: string }).token;
}, 150_000);

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the simulated fleet', () => {
  it('npm start moves DEMO_FLEET_DRIVERS demo drivers on the map within seconds, near the company', async () => {
    const first = await eventually(positions, (list) => expect(list).toHaveLength(3), 20_000);
    for (const p of first) {
      expect(haversineMeters(IASI.lat, IASI.lng, p.lat, p.long)).toBeLessThan(4_050);
    }
    // They move: one report later (5 s) every driver is elsewhere.
    await eventually(positions, (list) => {
      for (const before of first) {
        const after = list.find((p) => p.userId === before.userId);
        expect(after?.reported_at).not.toBe(before.reported_at);
        expect(after && [after.lat, after.long]).not.toEqual([before.lat, before.long]);
      }
    });
  });

  it('npm run simulate adds offline drivers, and takes them offline when it stops', async () => {
    const demo = new Set((await positions()).map((p) => p.userId));
    const cli = run([
      'server/simulator/simulate-cli.ts',
      '--url',
      URL,
      '--drivers',
      '2',
      '--duration',
      '12',
      '--seed',
      '3',
    ]);
    const during = await eventually(positions, (list) => expect(list).toHaveLength(5));
    const added = during.filter((p) => !demo.has(p.userId)).map((p) => p.userId);
    expect(added).toHaveLength(2);
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toMatch(/2 drivers of OGO Taxi Iași at work/);
    expect(cli.output()).toMatch(/stopped: \d+ positions sent/);
    // Offline at once, not after the server's silence timeout.
    const after = await positions();
    expect(after.map((p) => p.userId).sort()).toEqual([...demo].sort());
    for (const id of added) {
      expect((await get<User>(`/api/users/${id}`)).is_online).toBe(false);
    }
  }, 60_000);

  it('a SIGTERM takes the demo fleet offline before the server ends', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const offline = (company: string) =>
      server
        .output()
        .match(
          new RegExp(`"fleet":"demo","company":"${company}","msg":"\\d+ \\([^)]*\\) offline"`, 'g'),
        ) ?? [];
    expect(offline('OGO Taxi Iași')).toHaveLength(3);
    // The delivery companies' couriers too (DEMO_FLEET_DRIVERS of each).
    expect(offline('Rapid Curier Cluj')).toHaveLength(3);
    expect(offline('Bistro Copou')).toHaveLength(3);
  }, 30_000);
});
