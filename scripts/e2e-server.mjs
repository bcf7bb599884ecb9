// The server Playwright drives: the built app on a fresh embedded database with the demo,
// exactly as `npm start` runs it for a newcomer (issue #2 "Done when").
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (
  !existsSync(path.join(root, 'dist/server/main.js')) ||
  !existsSync(path.join(root, 'dist/web/index.html'))
) {
  console.error('dist/ is missing: run `npm run build` before the browser tests.');
  process.exit(1);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'ogo-e2e-'));
const child = spawn(
  process.execPath,
  ['--enable-source-maps', '--max-semi-space-size=32', path.join(root, 'dist/server/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: process.env.E2E_PORT ?? '3199',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // No basemap: the browser tests have no internet, and nothing may reach the network.
      MAP_TILES_URL: '',
    },
  },
);
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
