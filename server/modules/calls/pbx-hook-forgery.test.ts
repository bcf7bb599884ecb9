import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { withDataDirSecrets } from '../../data-dir-secrets';
import { buildCompany } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { pbxHookToken } from './sip-secrets';

/** The secret earlier versions used when none was configured: it is in the public source. */
const PUBLISHED_SECRET = 'ogo-dev-sip-secret';
const forgedToken = pbxHookToken(PUBLISHED_SECRET);

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'ogo-forged-hook-'));
let t: TestApp;
let companyId: number;

beforeAll(async () => {
  // The secret `npm start` would use on this data directory (no SIP_SECRET set).
  const { config } = withDataDirSecrets(loadConfig({ DATA_DIR: dataDir }));
  t = await createTestApp(
    { LOG_LEVEL: 'warn', DATA_DIR: dataDir, SIP_SECRET: config.SIP_SECRET ?? '' },
    { logStream },
  );
  companyId = (await buildCompany(t.db)).id;
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const hook = (name: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/pbx/${name}`,
    headers: { ...headers, 'x-forwarded-for': '203.0.113.9' },
    payload,
    remoteAddress: '198.51.100.7',
  });

describe('a forged PBX hook with the old published secret is refused and logged', () => {
  it.each([
    ['missed-calls', { sip_call_id: 'forged-1@x', from: '0744999003', code: 487 }],
    ['call-ended', { sip_call_id: 'forged-2@x', from: '+40744999004' }],
  ])('POST /api/pbx/%s', async (name, fields) => {
    const payload = { ...fields, to: `c${companyId}` };
    logLines.length = 0;
    const forged = await hook(name, payload, { 'x-pbx-token': forgedToken });
    expect([401, 403]).toContain(forged.statusCode);
    const refused = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'PBX hook refused: bad or missing X-Pbx-Token');
    expect(refused).toEqual([
      expect.objectContaining({ level: 40, ip: '198.51.100.7', hook: `/api/pbx/${name}` }),
    ]);
    // The presented token is never written down.
    expect(logLines.join('')).not.toContain(forgedToken);

    // Without any token: refused and logged the same way.
    logLines.length = 0;
    expect([401, 403]).toContain((await hook(name, payload, {})).statusCode);
    expect(logLines.join('')).toContain('PBX hook refused');
  });

  it('accepts the PBX that holds the data directory’s secret', async () => {
    const { config } = withDataDirSecrets(loadConfig({ DATA_DIR: dataDir }));
    const payload = { sip_call_id: 'real-1@x', from: '0744999005', to: `c${companyId}`, code: 487 };
    const real = await hook('missed-calls', payload, {
      'x-pbx-token': pbxHookToken(config.SIP_SECRET ?? ''),
    });
    expect(real.statusCode).toBe(204);
  });
});
