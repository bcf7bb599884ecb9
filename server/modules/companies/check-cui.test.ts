import { INVALID_CUI, isValidCui, REGISTRY_UNAVAILABLE } from '@common/companies/signup.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnaf } from '../../test/fake-anaf';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let anaf: Awaited<ReturnType<typeof startFakeAnaf>>;

beforeAll(async () => {
  anaf = await startFakeAnaf([
    {
      cui: 14146589,
      denumire: 'TNT COMPUTERS SRL',
      adresa: 'MUN. IAȘI, STR. PALAT NR.1',
      scpTVA: true,
    },
    { cui: 37024165, denumire: 'PRAVALIA SRL', adresa: 'MUN. CLUJ-NAPOCA', scpTVA: false },
  ]);
  t = await createTestApp({
    COMPANY_REGISTRY_URL: anaf.url,
    COMPANY_REGISTRY_TIMEOUT_MS: '300',
  });
});
afterAll(async () => {
  await t.close();
  await anaf.close();
});

const check = (cui: string) =>
  t.app.inject({ method: 'GET', url: `/api/check-cui?cui=${encodeURIComponent(cui)}` });

describe('GET /api/check-cui (the sign-up lookup in the ANAF registry)', () => {
  it('answers found[0] with denumire, scpTVA, cui and adresa, a leading RO stripped, no login needed', async () => {
    const response = await check('RO 14146589');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      found: [
        {
          cui: '14146589',
          denumire: 'TNT COMPUTERS SRL',
          adresa: 'MUN. IAȘI, STR. PALAT NR.1',
          scpTVA: true,
        },
      ],
    });
    // The registry was asked as documented: [{cui: number, data: 'YYYY-MM-DD'}].
    expect(anaf.requests.at(-1)).toEqual([
      { cui: 14146589, data: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    ]);
    expect((await check('ro37024165')).json()).toMatchObject({ found: [{ scpTVA: false }] });
  });

  it('answers an empty found for a valid number the registry does not know', async () => {
    expect(isValidCui('4267117')).toBe(true);
    expect((await check('4267117')).json()).toEqual({ found: [] });
  });

  it('refuses a malformed number before any call to the registry', async () => {
    const before = anaf.requests.length;
    for (const bad of ['14146588', 'RO12', 'abc', '0123456', '']) {
      const response = await check(bad);
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().errors.cui).toBeDefined();
    }
    expect((await check('14146588')).json().errors.cui).toEqual([INVALID_CUI]);
    expect(anaf.requests.length).toBe(before);
  });

  it('says the registry is away (503, type it by hand) when it fails, is slow, or is gone', async () => {
    anaf.setMode({ kind: 'fail' });
    const failed = await check('14146589');
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe(REGISTRY_UNAVAILABLE);
    anaf.setMode({ kind: 'slow', delayMs: 1_000 });
    expect((await check('14146589')).statusCode).toBe(503);
    anaf.setMode({ kind: 'ok' });
    expect((await check('14146589')).statusCode).toBe(200);
    // No registry configured at all (the tests' and an offline install's default).
    const offline = await createTestApp();
    try {
      const response = await offline.app.inject({
        method: 'GET',
        url: '/api/check-cui?cui=14146589',
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(REGISTRY_UNAVAILABLE);
    } finally {
      await offline.close();
    }
  });
});
