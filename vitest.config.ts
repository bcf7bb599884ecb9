import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Same alias and define as vite.config.ts (importing that file trips vite's native config
// loader, which wants the .ts extension that tsc refuses).
const alias = { '@common': fileURLToPath(new URL('./common', import.meta.url)) };
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const define = { __APP_VERSION__: JSON.stringify(pkg.version) };

// One project per source root, plus the two-node cluster.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'common', environment: 'node', include: ['common/**/*.test.ts'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.cluster.test.ts', 'server/**/*.process.test.ts'],
          // Each server test file migrates its own PGlite; running them in parallel only
          // serialises inside PGlite and trips timeouts.
          fileParallelism: false,
          // One process for every file: PGlite's WebAssembly compiles once (~5 s) instead of per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: 'server/test/global-setup.ts',
        },
      },
      {
        resolve: { alias },
        test: {
          // The real server process on PGlite: start, demo seed, data-directory lock.
          name: 'process',
          environment: 'node',
          include: ['server/**/*.process.test.ts'],
          testTimeout: 90_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Two app processes on PostgreSQL + Redis (scripts/test.mjs runs it when both are there).
          name: 'cluster',
          environment: 'node',
          include: ['server/**/*.cluster.test.ts'],
          // Each file starts two or three app processes: one file at a time on two cores.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        define,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test/setup.ts'],
          // Rendering the console's screens takes 7–15 s a test when both cores are busy
          // (measured with other suites running); 5 s, the default, failed them there.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
