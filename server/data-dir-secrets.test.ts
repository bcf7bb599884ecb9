import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { SECRETS_FILE, withDataDirSecrets } from './data-dir-secrets';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ogo-secrets-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** What `npm start` does with its environment (server/main.ts). */
const startConfig = (env: Record<string, string>) => withDataDirSecrets(loadConfig(env));

describe('the config with no secret generates one into the data dir and reuses it', () => {
  it('creates DATA_DIR/secrets.json (0600) with a random secret on first start, the same one after', () => {
    const root = tempDir();
    const dataDir = path.join(root, 'data'); // not there yet: the first start makes it
    const first = startConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, SECRETS_FILE);
    expect(first.generated).toBe(file);
    expect(first.config.SIP_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(first.config.SIP_SECRET).not.toBe('ogo-dev-sip-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ sip_secret: first.config.SIP_SECRET });

    const again = startConfig({ DATA_DIR: dataDir });
    expect(again.generated).toBeUndefined();
    expect(again.config.SIP_SECRET).toBe(first.config.SIP_SECRET);
    // Another data directory, another secret: nothing is built in.
    expect(startConfig({ DATA_DIR: tempDir() }).config.SIP_SECRET).not.toBe(
      first.config.SIP_SECRET,
    );
  });

  it('uses the data directory with DATABASE_URL too', () => {
    const dataDir = tempDir();
    const { config } = startConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://u@h/db' });
    expect(config.SIP_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(existsSync(path.join(dataDir, SECRETS_FILE))).toBe(true);
  });

  it('takes its owner-only rights back from a copied file', () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, SECRETS_FILE);
    writeFileSync(file, JSON.stringify({ sip_secret: 'a'.repeat(64) }), { mode: 0o644 });
    expect(startConfig({ DATA_DIR: dataDir }).config.SIP_SECRET).toBe('a'.repeat(64));
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('stops start-up naming the file when it is not ours', () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, SECRETS_FILE), '{"sip_secret": "short"}');
    expect(() => startConfig({ DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(() => startConfig({ DATA_DIR: dataDir })).toThrow(/secrets\.json.*SIP_SECRET/s);
  });

  it('leaves the data directory alone when SIP_SECRET is set, or empty (telephony off)', () => {
    const dataDir = tempDir();
    expect(startConfig({ DATA_DIR: dataDir, SIP_SECRET: 'configured' }).config.SIP_SECRET).toBe(
      'configured',
    );
    expect(startConfig({ DATA_DIR: dataDir, SIP_SECRET: '' }).config.SIP_SECRET).toBeUndefined();
    expect(existsSync(path.join(dataDir, SECRETS_FILE))).toBe(false);
  });
});

describe('production without a SIP secret refuses to start', () => {
  it('names SIP_SECRET and writes nothing', () => {
    const dataDir = tempDir();
    const start = () => startConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/SIP_SECRET: required in production/);
    expect(existsSync(path.join(dataDir, SECRETS_FILE))).toBe(false);
  });

  it('starts with a configured one, or with telephony off (empty)', () => {
    expect(loadConfig({ NODE_ENV: 'production', SIP_SECRET: 'x'.repeat(40) }).SIP_SECRET).toBe(
      'x'.repeat(40),
    );
    expect(loadConfig({ NODE_ENV: 'production', SIP_SECRET: '' }).SIP_SECRET).toBeUndefined();
  });

  it('refuses the secret earlier versions published, whatever NODE_ENV', () => {
    for (const NODE_ENV of ['production', 'development'])
      expect(() => loadConfig({ NODE_ENV, SIP_SECRET: 'ogo-dev-sip-secret' })).toThrow(
        /SIP_SECRET: is the published development secret/,
      );
  });
});
