import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';
import { registerWebStatic } from './web-static';

const webDir = mkdtempSync(path.join(tmpdir(), 'ogo-web-'));
let app: FastifyInstance;

beforeAll(async () => {
  // A production web build that still carries source maps (an older or hand-made build).
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>OGO</title>');
  writeFileSync(
    path.join(webDir, 'assets/index-abc.js'),
    'console.log(1);\n//# sourceMappingURL=index-abc.js.map',
  );
  writeFileSync(
    path.join(webDir, 'assets/index-abc.js.map'),
    '{"sources":["../../web/src/main.tsx"]}',
  );
  writeFileSync(path.join(webDir, 'assets/index-abc.css.map'), '{}');
  app = Fastify();
  registerErrorHandling(app);
  await registerWebStatic(app, webDir);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the production web build/static server serves no .map', () => {
  it('answers 404 for source maps, however spelled, and serves the bundle itself', async () => {
    for (const url of [
      '/assets/index-abc.js.map',
      '/assets/index-abc.css.map',
      '/assets/index-abc.js.MAP',
      '/assets/index-abc.js.%6dap',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('sources');
    }
    const bundle = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(bundle.statusCode).toBe(200);
  });
});
