import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './db/seed';

/**
 * What a newcomer reads at `npm start`: the address the server really listens on
 * (not PUBLIC_URL's default whatever PORT is) and, on the first start, the demo accounts; JSON
 * lines when stdout is a pipe or a file, readable lines on a terminal.
 */
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ogo-startup-'));
const children: ChildProcess[] = [];

const baseEnv = () => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    // No demo fleet: demo-fleet.process.test.ts checks it on its own.
    DEMO_FLEET_DRIVERS: '0',
    DEMO_PBX: 'false',
  };
  delete env.PUBLIC_URL;
  delete env.HOST;
  return env;
};

/** Starts the server, collects stdout until `until` shows up (or the process ends). */
function start(command: string, args: string[], env: NodeJS.ProcessEnv, until: RegExp) {
  // Its own process group, so the whole group (script and the server under it) stops.
  const child = spawn(command, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  let output = '';
  const seen = new Promise<string>((resolve) => {
    const check = () => {
      if (until.test(output)) resolve(output);
    };
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      check();
    });
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.once('exit', () => resolve(output));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, seen, exited, output: () => output };
}

const stopGroup = (child: ChildProcess) => {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
};

afterAll(async () => {
  for (const child of children) stopGroup(child);
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('start-up log', () => {
  it('prints JSON lines off a terminal, with the real address and the demo accounts', async () => {
    const server = start(
      process.execPath,
      ['--import', 'tsx', 'server/main.ts'],
      { ...baseEnv(), PORT: '3296', HOST: '127.0.0.1' },
      /Demo accounts/,
    );
    const output = await server.seen;
    const lines = output.split('\n').filter((line) => line.trim() !== '');
    const records = lines.map((line) => JSON.parse(line) as { msg?: string; url?: string });
    const running = records.find((record) => record.msg?.startsWith('OGO Dispatch is running'));
    expect(running?.msg).toBe('OGO Dispatch is running: open http://127.0.0.1:3296');
    expect(running?.url).toBe('http://127.0.0.1:3296');
    const accounts = records.find((record) => record.msg?.startsWith('Demo accounts'))?.msg ?? '';
    expect(accounts).toContain('ogo-demo');
    for (const email of Object.values(DEMO_ACCOUNTS)) expect(accounts).toContain(email);
    stopGroup(server.child);
    expect(await server.exited).toBe(0);
  }, 120_000);

  it('prints readable lines on a terminal, and no accounts once the demo exists', async () => {
    // `script` gives the server a pseudo-terminal as stdout, as `npm start` in a shell has.
    const server = start(
      'script',
      ['-qfec', `${process.execPath} --import tsx server/main.ts`, '/dev/null'],
      { ...baseEnv(), PORT: '3297' },
      /OGO Dispatch is running[^\n]*\n/,
    );
    const output = await server.seen;
    expect(output).toContain('OGO Dispatch is running: open http://localhost:3297');
    expect(output).toContain('INFO');
    expect(output).not.toMatch(/^\{"level"/m);
    stopGroup(server.child);
    await server.exited;
    expect(server.output()).not.toContain('Demo accounts');
  }, 120_000);
});
