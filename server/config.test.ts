import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded database in ./data on port 3000 with the demo', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      SEED_DEMO: true,
      isPglite: true,
    });
  });

  it('uses PostgreSQL when DATABASE_URL is set and reads SEED_DEMO=false', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'false' });
    expect(config.isPglite).toBe(false);
    expect(config.SEED_DEMO).toBe(false);
  });

  it('names every bad variable', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'http',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'localhost:6379',
        SEED_DEMO: 'maybe',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'SEED_DEMO'])
        expect(message).toContain(name);
    }
  });
});
