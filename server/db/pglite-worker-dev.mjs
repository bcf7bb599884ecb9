// The PGlite worker thread run from the TypeScript sources (tsx, vitest, benchmarks). On Node 20
// tsx registers its loader in the main thread only, so a worker thread cannot import a .ts file
// until it registers the loader itself. The production bundle starts dist/server/pglite-worker.js
// directly and never loads this file.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
