// Production build: the web app with Vite into dist/web, the server and its PGlite worker
// bundled with esbuild into dist/server (dependencies stay in node_modules), and the migrations
// copied beside them.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

rmSync(path.join(dist, 'server'), { recursive: true, force: true });
execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
  cwd: root,
  stdio: 'inherit',
});
// Two entry points: the server, and the PGlite worker thread it starts from beside itself
// (server/db/pglite-worker-client.ts resolves './pglite-worker.js' next to the running module).
await build({
  entryPoints: {
    main: path.join(root, 'server/main.ts'),
    'pglite-worker': path.join(root, 'server/db/pglite-worker.ts'),
  },
  outdir: path.join(dist, 'server'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: path.join(root, 'tsconfig.json'),
  logLevel: 'warning',
});
// server/db/migrate.ts resolves './migrations' next to the running module.
cpSync(path.join(root, 'server/db/migrations'), path.join(dist, 'server/migrations'), {
  recursive: true,
});
// The demo gazetteers (OSM extracts) the first start imports, found beside the bundle.
cpSync(path.join(root, 'server/db/demo-places'), path.join(dist, 'server/demo-places'), {
  recursive: true,
});
// The demo PBX's Kamailio template, which the bundled launcher (pbx/start-pbx.mjs) reads beside
// itself.
cpSync(path.join(root, 'pbx/kamailio.cfg'), path.join(dist, 'server/kamailio.cfg'));
console.log('built dist/web and dist/server');
