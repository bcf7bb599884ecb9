import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/app-error';

const API_PREFIXES = ['/api/', '/socket.io/'];

/**
 * Serves the built SPA and answers unknown page paths with index.html. Asset paths (anything
 * with a file extension) and API paths never get the fallback: a missing file must be a 404
 *. Source maps (`*.map`) are never served.
 */
export async function registerWebStatic(app: FastifyInstance, webDir: string): Promise<void> {
  const root = path.resolve(webDir);
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // Source maps would publish our source; a build that has them keeps them.
      allowedPath: (pathName) => !pathName.toLowerCase().endsWith('.map'),
      setHeaders: (reply, filePath) => {
        // Hashed assets never change; index.html always revalidates.
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      request.method === 'GET' &&
      !API_PREFIXES.some(
        (prefix) => pathname.startsWith(prefix) || pathname === prefix.slice(0, -1),
      ) &&
      !path.extname(pathname);
    if (hasWeb && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    throw notFound(isPage ? 'webApp' : 'resource');
  });
}
