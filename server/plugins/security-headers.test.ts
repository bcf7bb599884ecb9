import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OSM_TILES_URL } from '../config';
import { createTestApp, type TestApp } from '../test/harness';
import { contentSecurityPolicy, tileOrigin } from './security-headers';

const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? [];

describe('content security policy and the basemap (MAP_TILES_URL)', () => {
  it("takes the tile template's origin, placeholders and all", () => {
    expect(tileOrigin(OSM_TILES_URL)).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin('http://10.0.0.5:8080/t/{z}/{x}/{y}.png')).toBe('http://10.0.0.5:8080');
  });

  it('lets the map fetch and draw tiles from the tile origin only', () => {
    const csp = contentSecurityPolicy('http://tiles.local:8080/{z}/{x}/{y}.png');
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'ws:',
      'wss:',
      'http://tiles.local:8080',
    ]);
    expect(directive(csp, 'img-src')).toContain('http://tiles.local:8080');
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    // maplibre's worker is a same-origin module file.
    expect(directive(csp, 'worker-src')).toContain("'self'");
  });

  it('adds no outside origin without a basemap', () => {
    const csp = contentSecurityPolicy(undefined);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'ws:', 'wss:']);
  });
});

describe('the headers on an answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAP_TILES_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('carries the configured tile origin in connect-src', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    const csp = String(response.headers['content-security-policy']);
    expect(directive(csp, 'connect-src')).toContain('https://tiles.example.org');
    expect(response.json()).toMatchObject({
      map: {
        tiles_url: 'https://tiles.example.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
      },
    });
  });
});
