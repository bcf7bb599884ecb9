import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OSM_TILES_URL } from '../config';
import { sipWebsocketOrigins } from '../modules/calls/sip-settings';
import { createTestApp, type TestApp } from '../test/harness';
import {
  applySecurityHeaders,
  contentSecurityPolicy,
  PERMISSIONS_POLICY,
  securityHeaders,
  tileOrigin,
} from './security-headers';

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
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'http://tiles.local:8080']);
    // Images from our origin, data/blob URLs and the tile server: no other https host.
    expect(directive(csp, 'img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'http://tiles.local:8080',
    ]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(csp, 'base-uri')).toEqual(["'none'"]);
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    // maplibre's worker is a same-origin module file.
    expect(directive(csp, 'worker-src')).toContain("'self'");
  });

  it('adds no outside origin without a basemap', () => {
    const csp = contentSecurityPolicy(undefined);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });
});

describe("the CSP's connect-src names only the configured SIP websocket", () => {
  it("allows SIP_WS_URL's and SIP_WS_ALLOWED's origins and no other ws:/wss: host", () => {
    const origins = sipWebsocketOrigins({
      SIP_WS_URL: 'wss://pbx.example.ro:7443/ws',
      SIP_WS_ALLOWED: ['wss://asterisk.example.ro/ws', 'wss://pbx.example.ro:7443/other'],
    });
    const csp = contentSecurityPolicy(undefined, origins);
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'wss://pbx.example.ro:7443',
      'wss://asterisk.example.ro',
    ]);
  });

  it('names no websocket at all without SIP_WS_URL', () => {
    expect(directive(contentSecurityPolicy(undefined, []), 'connect-src')).toEqual(["'self'"]);
  });

  it("is what the app sends: the default SIP_WS_URL's origin beside the tile server", async () => {
    const t = await createTestApp({ MAP_TILES_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/config' });
      const connect = directive(String(response.headers['content-security-policy']), 'connect-src');
      expect(connect).toEqual(["'self'", 'ws://127.0.0.1:8088', 'https://tiles.example.org']);
      expect(connect).not.toContain('ws:');
      expect(connect).not.toContain('wss:');
    } finally {
      await t.close();
    }
  });
});

describe('permissions and transport', () => {
  const policy = Object.fromEntries(
    PERMISSIONS_POLICY.split(', ').map((entry) => entry.split('=') as [string, string]),
  );

  it('denies the browser features the app does not use, keeps the microphone for the softphone', () => {
    for (const feature of ['camera', 'geolocation', 'payment', 'usb', 'display-capture'])
      expect(policy[feature]).toBe('()');
    expect(policy.microphone).toBe('(self)');
  });

  it('asks for HSTS only when PUBLIC_URL is https', () => {
    expect(
      securityHeaders({
        tilesUrl: undefined,
        publicUrl: 'https://dispatch.example.ro',
        sipWebsockets: [],
      })['strict-transport-security'],
    ).toBe('max-age=31536000; includeSubDomains');
    expect(
      securityHeaders({
        tilesUrl: undefined,
        publicUrl: 'http://localhost:3000',
        sipWebsockets: [],
      }),
    ).not.toHaveProperty('strict-transport-security');
  });
});

describe('the headers on an answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      MAP_TILES_URL: 'https://tiles.example.org/{z}/{x}/{y}.png',
      PUBLIC_URL: 'https://dispatch.example.ro',
    });
    t.app.get('/api/test/cached', async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { ok: true };
    });
    // An answer that skips onSend, as Fastify's frameworkErrors handler's do.
    t.app.get('/api/test/raw', async (_request, reply) => {
      reply.hijack();
      applySecurityHeaders(reply);
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, String(value));
      reply.raw.writeHead(400);
      reply.raw.end('{}');
    });
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

  it('keeps API answers out of every cache unless the route chose otherwise', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(api.headers['cache-control']).toBe('no-store');
    const failed = await t.app.inject({ method: 'GET', url: '/api/orders' });
    expect(failed.statusCode).toBe(401);
    expect(failed.headers['cache-control']).toBe('no-store');
    const cached = await t.app.inject({ method: 'GET', url: '/api/test/cached' });
    expect(cached.headers['cache-control']).toBe('public, max-age=60');
  });

  it('carries HSTS over https, the permissions policy and the request id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-request-id': 'req-headers-01' },
    });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(response.headers['x-request-id']).toBe('req-headers-01');
  });

  it('sets the same headers on an answer that skips onSend (applySecurityHeaders)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/raw',
      headers: { 'x-request-id': 'req-headers-02' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'permissions-policy': PERMISSIONS_POLICY,
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cache-control': 'no-store',
      'x-request-id': 'req-headers-02',
    });
    expect(directive(String(response.headers['content-security-policy']), 'img-src')).toContain(
      'https://tiles.example.org',
    );
  });
});
