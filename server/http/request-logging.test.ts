import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { requestLogLevel } from './request-logging';

const SLOW_MS = 150;

interface Entry {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

const INFO = 30;

describe('request logging', () => {
  let t: TestApp;
  const lines: string[] = [];
  const stream: DestinationStream = { write: (line: string) => void lines.push(line) };
  const logsOf = (requestId: string) =>
    lines.map((line) => JSON.parse(line) as Entry).filter((entry) => entry.reqId === requestId);
  const call = (method: 'GET' | 'POST', url: string, id: string) =>
    t.app.inject({ method, url, headers: { 'x-request-id': id } });

  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'info', SLOW_REQUEST_MS: String(SLOW_MS) },
      { logStream: stream },
    );
    t.app.get('/api/test/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_MS + 50));
      return { ok: true };
    });
  });
  afterAll(() => t.close());

  it('logs nothing at info for a quick read that succeeded', async () => {
    const response = await call('GET', '/api/health', 'req-quiet-read-1');
    expect(response.statusCode).toBe(200);
    expect(logsOf('req-quiet-read-1')).toEqual([]);
  });

  it('logs a slow read at info with its method, URL, status and time', async () => {
    const response = await call('GET', '/api/test/slow', 'req-slow-read-1');
    expect(response.statusCode).toBe(200);
    const entries = logsOf('req-slow-read-1');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      level: INFO,
      msg: 'slow request',
      req: { method: 'GET', url: '/api/test/slow' },
      res: { statusCode: 200 },
    });
    expect(entries[0]?.responseTime).toBeGreaterThanOrEqual(SLOW_MS);
  });

  it('logs a write and a refusal at info however quick', async () => {
    await call('POST', '/api/access-tokens', 'req-write-0001');
    expect(logsOf('req-write-0001')).toContainEqual(
      expect.objectContaining({
        level: INFO,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'POST', url: '/api/access-tokens' }),
      }),
    );
    await call('GET', '/api/orders', 'req-refused-001');
    expect(logsOf('req-refused-001')).toContainEqual(
      expect.objectContaining({ level: INFO, res: { statusCode: 401 } }),
    );
  });

  it('logs the routine reads at debug', () => {
    expect(requestLogLevel('GET', 200, 12, 1000)).toBe('debug');
    expect(requestLogLevel('HEAD', 304, 12, 1000)).toBe('debug');
    expect(requestLogLevel('GET', 200, 1000, 1000)).toBe('info');
    expect(requestLogLevel('PATCH', 200, 3, 1000)).toBe('info');
    expect(requestLogLevel('GET', 500, 3, 1000)).toBe('info');
  });
});

describe('request logging at debug', () => {
  it('shows every request, the quick reads too', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      { LOG_LEVEL: 'debug' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    try {
      await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'req-debug-read-1' },
      });
      const entries = lines
        .map((line) => JSON.parse(line) as Entry)
        .filter((entry) => entry.reqId === 'req-debug-read-1');
      expect(entries.map((entry) => [entry.level, entry.msg])).toEqual([
        [20, 'incoming request'],
        [20, 'request completed'],
      ]);
    } finally {
      await t.close();
    }
  });
});
