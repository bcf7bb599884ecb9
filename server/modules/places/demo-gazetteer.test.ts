import type { Prediction } from '@common/places/places.schema';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gazetteer } from '../../db/schema';
import { DEMO_ACCOUNTS, seedDemo } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/harness';

/** The demo seed loads the Iași and Cluj-Napoca gazetteers; search works offline. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.transaction((tx) => seedDemo(tx));
});
afterAll(() => t.close());

const search = async (email: string, input: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/geo/places-search-new',
    headers: await t.login({ email }),
    payload: { input },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ predictions: Prediction[] }>().predictions.map((p) => p.description);
};

describe('demo gazetteer', () => {
  it('holds the streets, houses, places and localities of both cities', async () => {
    const rows = await t.db
      .select({ kind: gazetteer.kind, value: count() })
      .from(gazetteer)
      .groupBy(gazetteer.kind);
    const byKind = Object.fromEntries(rows.map((r) => [r.kind, r.value]));
    expect(byKind.street).toBeGreaterThanOrEqual(190);
    expect(byKind.house).toBeGreaterThanOrEqual(400);
    expect(byKind.place).toBeGreaterThanOrEqual(40);
    expect(byKind.locality).toBeGreaterThanOrEqual(30);
  });

  it('answers the Iași dispatcher with Iași streets, places and villages', async () => {
    const dispatcher = DEMO_ACCOUNTS.dispatcher;
    // Two carriageways of one boulevard show once.
    const stefan = await search(dispatcher, 'stefan cel mare');
    expect(stefan[0]).toBe('Bulevardul Ștefan cel Mare și Sfânt, Iași');
    expect(stefan.filter((d) => d === stefan[0])).toHaveLength(1);
    expect((await search(dispatcher, 'stefan cel mare 12'))[0]).toBe(
      'Bulevardul Ștefan cel Mare și Sfânt 12, Iași',
    );
    expect((await search(dispatcher, 'palatul culturii'))[0]).toBe('Palatul Culturii, Iași');
    expect((await search(dispatcher, 'gara iasi'))[0]).toBe('Gara Iași, Iași');
    expect((await search(dispatcher, 'tomesti'))[0]).toBe('Tomești, Iași');
    expect(await search(dispatcher, 'strada principala')).toContain(
      'Strada Principală, Valea Lupului',
    );
    expect((await search(dispatcher, 'lapusneanu'))[0]).toBe('Strada Lăpușneanu, Iași');
    // Cluj is 300 km away: not within the taxi company's 50 km.
    expect(await search(dispatcher, 'memorandumului')).toEqual([]);
  });

  it('answers the Cluj courier with Cluj streets', async () => {
    expect((await search(DEMO_ACCOUNTS.courier, 'memorandumului'))[0]).toBe(
      'Strada Memorandumului, Cluj-Napoca',
    );
    expect((await search(DEMO_ACCOUNTS.courier, 'strada bucium'))[0]).toBe(
      'Strada Bucium, Cluj-Napoca',
    );
  });

  it('gives every prediction an id its details resolve (the in-memory index on a whole city)', async () => {
    const headers = await t.login({ email: DEMO_ACCOUNTS.courier });
    for (const input of ['memorandumului', 'eroilor', 'piata unirii']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/geo/places-search-new',
        headers,
        payload: { input },
      });
      const predictions = response.json<{ predictions: Prediction[] }>().predictions;
      expect(predictions.length, input).toBeGreaterThan(0);
      for (const prediction of predictions) {
        expect(prediction.place_id).toMatch(/^(osm:[nwr]\d+|internal:\d+)$/);
        const details = await t.app.inject({
          method: 'GET',
          url: `/geo/place-details-new/${encodeURIComponent(prediction.place_id)}`,
          headers,
        });
        expect(details.statusCode, prediction.place_id).toBe(200);
      }
    }
  });
});
