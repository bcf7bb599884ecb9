import type { FastifyInstance } from 'fastify';

/** The origin a tile template's requests go to ({z}/{x}/{y} are placeholders, not a host). */
export function tileOrigin(template: string): string {
  return new URL(template.replace(/\{[a-z]+\}/g, '0')).origin;
}

/**
 * Scripts and connections stay on our own origin; the basemap's tile server (MAP_TILES_URL)
 * is the one outside origin the map may fetch from (maplibre fetches raster tiles, so it needs
 * connect-src, and draws them as images). The map's worker is a same-origin module file.
 */
export function contentSecurityPolicy(tilesUrl: string | undefined): string {
  const tiles = tilesUrl ? ` ${tileOrigin(tilesUrl)}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${tiles}`,
    `connect-src 'self' ws: wss:${tiles}`,
    "media-src 'self' data: blob:",
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * Baseline browser hardening on every answer (research T16): no sniffing, no framing, no
 * referrer leaks (OpenStreetMap's tile policy asks for a referrer only "if known"), and a CSP
 * that keeps scripts and connections on our own origin plus the tile server.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { tilesUrl: string | undefined },
): void {
  const csp = contentSecurityPolicy(options.tilesUrl);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('content-security-policy', csp);
  });
}
