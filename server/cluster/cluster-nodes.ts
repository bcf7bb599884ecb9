import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { ServerToClientEvents } from '@common/realtime/events';
import { io as connect, type Socket } from 'socket.io-client';

/** Starting app processes, Redis servers and sockets for the cluster tests (server/cluster). */
const root = path.resolve(import.meta.dirname, '../..');

/**
 * The PostgreSQL and Redis a cluster test runs on. Missing either fails the file instead of
 * skipping it: a cluster suite that passes with no test run proves nothing (`npm test` runs
 * this suite only when both answer, and says so when they do not).
 */
export function clusterServices(): { databaseUrl: string; redisUrl: string } {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!databaseUrl || !redisUrl)
    throw new Error(
      'cluster tests need TEST_DATABASE_URL and TEST_REDIS_URL (a PostgreSQL and a Redis); `npm test -- --only=cluster` sets them to the local servers',
    );
  return { databaseUrl, redisUrl };
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });

const waitFor = async (what: string, ready: () => Promise<boolean>, child: ChildProcess) => {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not become ready`);
};

/** Processes started here; `stopAll` ends them (and a test's afterAll calls it). */
export function clusterProcesses() {
  const children: ChildProcess[] = [];
  const sockets: Socket[] = [];

  /** An app node (server/main.ts) on `databaseUrl`, healthy; returns its base URL. */
  async function startNode(env: Record<string, string>): Promise<string> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        // Nodes of a cluster run no PBX of their own (demo-pbx.ts).
        DEMO_PBX: 'false',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(child);
    const url = `http://127.0.0.1:${port}`;
    await waitFor(
      `node on port ${port}`,
      () =>
        fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        ),
      child,
    );
    return url;
  }

  /** A Redis server of the test's own on `port`, keeping nothing on disk (so it can be restarted). */
  async function startRedis(port: number): Promise<ChildProcess> {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    children.push(child);
    await waitFor(
      `redis on port ${port}`,
      () =>
        new Promise<boolean>((resolve) => {
          const probe = createServer();
          // Listening fails once redis holds the port.
          probe.once('error', () => resolve(true));
          probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
        }),
      child,
    );
    return child;
  }

  const openSocket = (url: string, token: string) =>
    new Promise<Socket<ServerToClientEvents>>((resolve, reject) => {
      const socket: Socket<ServerToClientEvents> = connect(url, {
        transports: ['websocket'],
        reconnection: false,
        auth: { token },
      });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });

  async function stop(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  async function stopAll(): Promise<void> {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(children.map(stop));
  }

  /** The processes started so far, oldest first (a test kills one of its own). */
  const started = (): readonly ChildProcess[] => children;

  return { startNode, startRedis, openSocket, stop, stopAll, children: started };
}

export const login = async (url: string, email: string, password = 'ogo-demo') => {
  const response = await fetch(`${url}/api/access-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return {
    status: response.status,
    token: response.ok ? ((await response.json()) as { token: string }).token : '',
  };
};
