import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('anonymous /api/health has no host or pid', () => {
  it('answers the status, the database and an opaque node name only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ status: string; database: string; node: string }>();
    expect(body).toEqual({ status: 'ok', database: expect.any(String), node: expect.any(String) });
    // A random name (8 hex digits), not `<host>:<pid>` (pid digits may occur in it by chance).
    expect(body.node).toMatch(/^[0-9a-f]{8}$/);
    if (!/^[0-9a-f]+$/i.test(hostname())) expect(response.body).not.toContain(hostname());
    // Stable for the process: a load balancer or a test tells two nodes apart by it.
    const again = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(again.json<{ node: string }>().node).toBe(body.node);
  });
});
