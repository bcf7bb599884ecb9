import { defineConfig } from 'drizzle-kit';

// Generation only: migrations are applied by the app at start-up (drizzle-kit cannot load
// PGlite's extensions).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
