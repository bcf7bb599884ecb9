import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const rootDir = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const alias = { '@common': fileURLToPath(new URL('./common', import.meta.url)) };

/** The footer shows the running version (Shell footer) without bundling package.json. */
const define = { __APP_VERSION__: JSON.stringify(pkg.version) };

// The server (port 3000) serves dist/web with an SPA fallback; in dev vite proxies the API
// and the Socket.IO endpoint to it, so the browser only ever talks to one origin.
export default defineConfig({
  root: `${rootDir}web`,
  // Files served as they are, at the root (the default ring /audio/sound.wav).
  publicDir: `${rootDir}web/public`,
  plugins: [react()],
  resolve: { alias },
  define,
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/socket.io': { target: 'http://localhost:3000', ws: true, changeOrigin: false },
      // The address and user-addresses services (same process, own prefixes).
      '/geo': { target: 'http://localhost:3000', changeOrigin: false },
      '/user-addresses': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: `${rootDir}dist/web`,
    emptyOutDir: true,
    // No source maps in the web build (the server would publish our source).
    sourcemap: false,
    // maplibre-gl is one ~1.1 MB chunk (300 kB gz), loaded only by the map screens;
    // the warning is for chunks on the first page, which stay far below this.
    chunkSizeWarningLimit: 1_200,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-transition-group|react-remove-scroll|tslib)/,
            },
            {
              name: 'data',
              test: /node_modules[\\/](zod|@tanstack|socket\.io-client|engine\.io-client|dayjs)/,
            },
          ],
        },
      },
    },
  },
});
