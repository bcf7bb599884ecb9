import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gazetteer } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  createGazetteerIndex,
  type IndexRow,
  type IndexSearch,
  type Snapshot,
  SnapshotBuilder,
  withinOneEdit,
} from './gazetteer-index';
import { importOsm, searchTextOf } from './osm-import';
import { gazetteerRow as row } from './test-rows';

/** The in-memory gazetteer index (docs/ADDRESS-SEARCH.md): matching, ranking, freshness. */
const IASI = { lat: 47.1585, lng: 27.6014 };

function snapshotOf(rows: IndexRow[]): Snapshot {
  const builder = new SnapshotBuilder();
  for (const r of rows) builder.add(r);
  return builder.build();
}

const ROWS = [
  row('street', 'Bulevardul Ștefan cel Mare și Sfânt', 47.161, 27.584),
  row('house', 'Bulevardul Ștefan cel Mare și Sfânt 12', 47.1612, 27.5842, {
    housenumber: '12',
  }),
  row('house', 'Bulevardul Ștefan cel Mare și Sfânt 14', 47.1614, 27.5844, {
    housenumber: '14',
  }),
  row('street', 'Strada Gării', 47.165, 27.57),
  row('street', 'Strada Gării', 47.046, 27.569, { city: 'Ciurea' }),
  // Two segments of one street: the nearer answers.
  row('street', 'Strada Gării', 47.17, 27.6, { osm_id: 900 }),
  row('street', 'Strada Garabet Ibrăileanu', 47.1745, 27.574),
  row('street', 'Strada Păcurari', 47.17, 27.55),
  row('street', 'Calea Chișinăului', 47.15, 27.62),
  row('locality', 'Tomești', 47.121, 27.701),
  row('street', 'Strada Principală', 47.122, 27.7, { city: 'Tomești' }),
  row('locality', 'Pașcani', 47.247, 26.723),
  row('place', 'Palatul Culturii', 47.1572, 27.5869),
];
const snapshot = snapshotOf(ROWS);
const find = (input: string, extra: Partial<IndexSearch> = {}) =>
  snapshot
    .search({ input, centre: IASI, radiusM: 50_000, housenumber: null, limit: 10, ...extra })
    .map((hit) => `${hit.name}, ${hit.kind === 'locality' ? hit.county : hit.city}`);

describe('gazetteer index: matching', () => {
  it('matches every distinctive word as a word prefix, without accents', () => {
    expect(find('pacur')).toEqual(['Strada Păcurari, Iași']);
    expect(find('Păcurari')).toEqual(['Strada Păcurari, Iași']);
    expect(find('stefan cel mare')).toEqual(['Bulevardul Ștefan cel Mare și Sfânt, Iași']);
    expect(find('chisin')).toEqual(['Calea Chișinăului, Iași']);
    // One word that no row holds with the others empties the answer (the trigram pass finds
    // no row similar enough either: 'florilor' is not in this gazetteer).
    expect(find('stefan florilor')).toEqual([]);
  });

  it('does not require street types but ranks rows that hold them first', () => {
    expect(find('strada pacurari')).toEqual(['Strada Păcurari, Iași']);
    expect(find('calea pacurari')).toEqual(['Strada Păcurari, Iași']);
    // A street type alone is the query: it must match then.
    expect(find('calea')).toEqual(['Calea Chișinăului, Iași']);
  });

  it('leaves houses out without a number; with one, the house first and then its street', () => {
    expect(find('stefan cel mare', { housenumber: '12' })).toEqual([
      'Bulevardul Ștefan cel Mare și Sfânt 12, Iași',
      'Bulevardul Ștefan cel Mare și Sfânt, Iași',
    ]);
    expect(find('stefan cel mare', { housenumber: '99' })).toEqual([
      'Bulevardul Ștefan cel Mare și Sfânt, Iași',
    ]);
  });

  it('keeps to the radius', () => {
    expect(find('pascani')).toEqual([]);
    expect(find('pascani', { radiusM: 100_000 })).toEqual(['Pașcani, Iași']);
    const ciurea = { lat: 47.046, lng: 27.569 };
    expect(find('garii', { centre: ciurea, radiusM: 1_000 })).toEqual(['Strada Gării, Ciurea']);
  });
});

describe('gazetteer index: typos', () => {
  it('reads a word of 5+ letters that starts no word as one edit away from a prefix', () => {
    expect(withinOneEdit('pacurarri', 'pacurari')).toBe(true);
    expect(withinOneEdit('emniescu', 'eminescu')).toBe(true);
    expect(withinOneEdit('florlor', 'florilor')).toBe(true);
    expect(withinOneEdit('chisxn', 'chisinaului')).toBe(true);
    expect(withinOneEdit('pacrrari', 'pacurari')).toBe(true);
    expect(withinOneEdit('pcaurrai', 'pacurari')).toBe(false);
    expect(withinOneEdit('gariii', 'garabet')).toBe(false);
    expect(find('pacurarri')).toEqual(['Strada Păcurari, Iași']);
    expect(find('strada pacuari')).toEqual(['Strada Păcurari, Iași']);
    expect(find('chisinaulu')).toEqual(['Calea Chișinăului, Iași']);
  });

  it('reads short typos and misplaced letters by trigram similarity, as pg_trgm `<%` did', () => {
    // 'mrae' is too short for the one-edit step: the trigrams of the rest carry it.
    expect(find('stefan cel mrae')).toEqual(['Bulevardul Ștefan cel Mare și Sfânt, Iași']);
    expect(find('stefn cel mare')).toEqual(['Bulevardul Ștefan cel Mare și Sfânt, Iași']);
    // Inside a word is no prefix, but 6 of its 8 trigrams are Păcurari's (0.75).
    expect(find('acurari')).toEqual(['Strada Păcurari, Iași']);
    expect(find('plaatul culturii')).toEqual(['Palatul Culturii, Iași']);
    // Both words exist but never in one row, and neither alone reaches 0.6 of the query.
    expect(find('stefan garii')).toEqual([]);
    expect(find('qwertyuiop')).toEqual([]);
  });

  it('keeps the radius and the house rule in the trigram pass, ranked by similarity then distance', () => {
    expect(find('pascanni xy')).toEqual([]);
    expect(find('pascanni xy', { radiusM: 100_000 })).toEqual(['Pașcani, Iași']);
    expect(find('stefan cel mrae', { housenumber: '12' })).toEqual([
      'Bulevardul Ștefan cel Mare și Sfânt 12, Iași',
      'Bulevardul Ștefan cel Mare și Sfânt, Iași',
    ]);
    // Equal similarity: the nearer 'Strada Gării' first; the whole word beats a prefix-less part.
    expect(find('strada gxrii')).toEqual(['Strada Gării, Iași', 'Strada Gării, Ciurea']);
  });
});

describe('gazetteer index: ranking', () => {
  it('ranks equal names by distance, one row per name and place', () => {
    const hits = snapshot.search({
      input: 'strada garii',
      centre: IASI,
      radiusM: 50_000,
      housenumber: null,
      limit: 10,
    });
    expect(hits.map((h) => `${h.name}, ${h.city}`)).toEqual([
      'Strada Gării, Iași',
      'Strada Gării, Ciurea',
    ]);
    // Of the two Iași segments, the nearer one (osm_id 900 at ~0.1 km) answers.
    expect(hits[0]?.osm_id).toBe(900);
    expect(hits[0]?.distance).toBeLessThan(hits[1]?.distance ?? 0);
  });

  it('puts a name match before a row that matches only by its city', () => {
    expect(find('tomesti')).toEqual(['Tomești, Iași', 'Strada Principală, Tomești']);
  });

  it('answers at most limit distinct rows', () => {
    const many = snapshotOf(
      Array.from({ length: 50 }, (_, i) =>
        row('street', `Strada Florilor ${i}`, 47.16 + i * 0.001, 27.6),
      ),
    );
    const hits = many.search({
      input: 'florilor',
      centre: IASI,
      radiusM: 50_000,
      housenumber: null,
      limit: 7,
    });
    expect(hits.map((h) => h.name)).toEqual(
      Array.from({ length: 7 }, (_, i) => `Strada Florilor ${i}`),
    );
  });
});

describe('gazetteer index on the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const osm = (id: number, name: string) =>
    Readable.from([
      `<osm><node id="${id}" lat="47.16" lon="27.60"/><node id="${id + 1}" lat="47.161" lon="27.60"/>` +
        `<way id="${id}"><nd ref="${id}"/><nd ref="${id + 1}"/><tag k="highway" v="residential"/>` +
        `<tag k="name" v="${name}"/></way></osm>`,
    ]);
  const search = (index: ReturnType<typeof createGazetteerIndex>, input: string) =>
    index.search({ input, centre: IASI, radiusM: 50_000, housenumber: null, limit: 10 });

  it('loads once for concurrent searches and again after an import in this process', async () => {
    const index = createGazetteerIndex(t.db, { reloadMs: 0, batch: 2 });
    try {
      const [a, b] = await Promise.all([index.snapshot(), index.snapshot()]);
      expect(a).toBe(b);
      expect(await search(index, 'zambilelor')).toEqual([]);
      await importOsm(t.db, osm(7_000_001, 'Strada Zambilelor'), { city: 'Iași' });
      expect((await search(index, 'zambilelor')).map((h) => h.name)).toEqual(['Strada Zambilelor']);
      // Unchanged since: the same snapshot answers.
      expect(await index.snapshot()).toBe(await index.snapshot());
    } finally {
      index.close();
    }
  });

  it('is ready only when up to date: the database answers while it reloads', async () => {
    const index = createGazetteerIndex(t.db, { reloadMs: 0 });
    try {
      const before = await index.ready(10_000);
      expect(before).not.toBeNull();
      await importOsm(t.db, osm(7_000_011, 'Strada Crinului'), { city: 'Iași' });
      // Stale after the write: never answered from the old snapshot (null while it reloads).
      const crinului = (snapshot: Snapshot | null) =>
        snapshot?.search({
          input: 'crinului',
          centre: IASI,
          radiusM: 50_000,
          housenumber: null,
          limit: 10,
        });
      const quick = await index.ready(0);
      if (quick !== null) expect(crinului(quick)).toHaveLength(1);
      const after = await index.ready(10_000);
      expect(after).not.toBe(before);
      expect(crinului(after)).toHaveLength(1);
    } finally {
      index.close();
    }
  });

  it("picks up another process's writes on the periodic reload", async () => {
    const index = createGazetteerIndex(t.db, { reloadMs: 50 });
    try {
      expect(await search(index, 'liliacului')).toEqual([]);
      // Written without upsertGazetteer, as another process would: nothing invalidates.
      const base = {
        osm_type: 'w',
        osm_id: 7_000_100,
        kind: 'street',
        name: 'Strada Liliacului',
        street: 'Strada Liliacului',
        housenumber: null,
        city: 'Iași',
        county: 'Iași',
        lat: 47.16,
        lng: 27.6,
      };
      await t.db.insert(gazetteer).values({ ...base, search_text: searchTextOf(base) });
      await vi.waitFor(async () => expect(await search(index, 'liliacului')).toHaveLength(1), {
        timeout: 5_000,
        interval: 50,
      });
    } finally {
      index.close();
    }
  });
});
