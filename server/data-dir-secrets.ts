import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError } from './config';

/** Beside the embedded database in DATA_DIR: copied, backed up and removed with it. */
export const SECRETS_FILE = 'secrets.json';

/** What DATA_DIR/secrets.json holds (hex of 32 random bytes each). */
export interface DataDirSecrets {
  sip_secret: string;
}

const isSecrets = (value: unknown): value is DataDirSecrets =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { sip_secret?: unknown }).sip_secret === 'string' &&
  /^[0-9a-f]{64}$/.test((value as { sip_secret: string }).sip_secret);

const errorCode = (error: unknown) =>
  error instanceof Error && 'code' in error ? String(error.code) : undefined;

/**
 * The secrets of DATA_DIR, created on first use with random values, readable by their owner
 * only (0600). Written to a temp file and linked into place: a second process starting at the
 * same moment (`npm run pbx` beside `npm start`) reads the first one's file, never half of it.
 */
export function readDataDirSecrets(dataDir: string): {
  secrets: DataDirSecrets;
  file: string;
  created: boolean;
} {
  const file = path.resolve(dataDir, SECRETS_FILE);
  let created = false;
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const fresh: DataDirSecrets = { sip_secret: randomBytes(32).toString('hex') };
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temp, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    try {
      linkSync(temp, file);
      created = true;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temp);
    }
    // A file someone copied with looser rights goes back to the owner's only.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    const secrets: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isSecrets(secrets)) throw new Error('no sip_secret of 64 hex digits');
    return { secrets, file, created };
  } catch (error) {
    throw new ConfigError(
      `Could not use ${file} (${error instanceof Error ? error.message : String(error)}): fix or ` +
        'delete it (a new one is generated; PBXs and SIP credentials then need the new secret), ' +
        'or set SIP_SECRET.',
    );
  }
}

/**
 * The configuration with SIP_SECRET from DATA_DIR/secrets.json when it was unset (outside
 * production): the app and the PBX it or `npm run pbx` starts share a random secret
 * instead of a published one. `generated` names the file when this start created it.
 */
export function withDataDirSecrets(config: Config): {
  config: Config;
  generated: string | undefined;
} {
  if (!config.sipSecretFromDataDir) return { config, generated: undefined };
  const { secrets, file, created } = readDataDirSecrets(config.DATA_DIR);
  return {
    config: { ...config, SIP_SECRET: secrets.sip_secret },
    generated: created ? file : undefined,
  };
}
