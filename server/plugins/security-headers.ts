import type { FastifyInstance, FastifyReply } from 'fastify';
import { servedOverHttps } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The standard headers of every answer (security-headers.ts), set up once per app. */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

/** The origin a tile template's requests go to ({z}/{x}/{y} are placeholders, not a host). */
export function tileOrigin(template: string): string {
  return new URL(template.replace(/\{[a-z]+\}/g, '0')).origin;
}

/**
 * Scripts, connections and images stay on our own origin; the basemap's tile server
 * (MAP_TILES_URL) is the one outside origin the map may fetch from (maplibre fetches raster
 * tiles, so it needs connect-src, and draws them as images), and the softphone connects to the
 * SIP WebSocket (SIP_WS_URL) only: not any ws:/wss: host. 'self' covers the
 * app's own Socket.IO websocket (CSP 3 matches ws/wss of our host). The map's worker is a
 * same-origin module file. No plugins (object-src), no <base>.
 */
export function contentSecurityPolicy(
  tilesUrl: string | undefined,
  sipWebsockets: readonly string[] = [],
): string {
  const tiles = tilesUrl ? ` ${tileOrigin(tilesUrl)}` : '';
  const sip = sipWebsockets.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tiles}`,
    `connect-src 'self'${sip}${tiles}`,
    "media-src 'self' data: blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * Browser features the app never uses are off for it and anything it embeds; the microphone
 * stays for our own origin: the browser softphone (SIP over WebRTC) needs it.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=(self)',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** One year, subdomains included (ASVS 3.4.1). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export interface SecurityHeaderOptions {
  tilesUrl: string | undefined;
  /** PUBLIC_URL: HSTS only when the app is served over https. */
  publicUrl: string;
  /** SIP_WS_URL's and SIP_WS_ALLOWED's origins: the WebSockets the softphone may open. */
  sipWebsockets: readonly string[];
}

/** The fixed headers for an app's configuration. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'content-security-policy': contentSecurityPolicy(options.tilesUrl, options.sipWebsockets),
    'permissions-policy': PERMISSIONS_POLICY,
    ...(servedOverHttps(options.publicUrl)
      ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY }
      : {}),
  };
}

/**
 * Sets the standard headers on an answer: the fixed ones, the request id to quote, and
 * `cache-control: no-store` unless the route chose its caching (the web app's files and pages
 * do; every API answer may hold personal data and must not be kept:). The onSend
 * hook calls it; so must any answer that skips onSend (Fastify's frameworkErrors handler).
 */
export function applySecurityHeaders(reply: FastifyReply): void {
  reply.headers(reply.server.securityHeaders);
  reply.header('x-request-id', reply.request.id);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

/** Baseline browser hardening on every answer. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): void {
  app.decorate('securityHeaders', Object.freeze(securityHeaders(options)));
  app.addHook('onSend', async (_request, reply) => {
    applySecurityHeaders(reply);
  });
}
