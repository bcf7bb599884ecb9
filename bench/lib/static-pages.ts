import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/**
 * Browser benchmarks' pages: built by the app's bundler with the app's plugins, alias and
 * define (vite.config.ts), so they run the same production React and maplibre-gl as dist/web,
 * into a directory of their own under .bench/ (never the shared dist/), and served from
 * 127.0.0.1 by a small static server.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the HTML entries of `pagesDir` (names without .html) into `outDir`. */
export async function buildPages(
  pagesDir: string,
  entries: readonly string[],
  outDir: string,
  /** Off for a CPU profile whose function names should read as in the source. */
  minify = true,
): Promise<void> {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  await build({
    configFile: false,
    root: pagesDir,
    base: './',
    publicDir: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { '@common': path.join(root, 'common') } },
    define: { __APP_VERSION__: JSON.stringify(pkg.version) },
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      minify,
      chunkSizeWarningLimit: 2_000,
      rolldownOptions: {
        input: Object.fromEntries(
          entries.map((name) => [name, path.join(pagesDir, `${name}.html`)]),
        ),
      },
    },
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Serves `dir` on 127.0.0.1 (a random port); GET only, no listing, nothing outside `dir`. */
export async function servePages(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const base = path.resolve(dir);
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.resolve(base, `.${pathname}`);
    if (request.method !== 'GET' || !file.startsWith(`${base}${path.sep}`)) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = readFileSync(file);
      response.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
