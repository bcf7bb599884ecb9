import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../db/client';
import { openTestDatabase } from '../../test/test-database';
import { foldText } from './places.repo';
import { isWordSimilar, similarityStep, wordSimilarity, wordTrigrams } from './trigram';

/** The port of pg_trgm's word similarity, checked against the database's own function. */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** Queries with typos, prefixes and extra words against texts of several words (fixed seed). */
function pairs(count: number): [string, string][] {
  const words = ['stefan', 'cel', 'mare', 'sfânt', 'Bulevardul', 'strada', 'Florilor', 'Păcurari'];
  words.push('eminescu', 'mihai', 'gării', 'garabet', 'Chișinăului', 'calea', 'iasi', '12', '1076');
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const pick = () => words[Math.floor(random() * words.length)] as string;
  const typo = (word: string) => {
    const at = Math.floor(random() * word.length);
    const kind = random();
    if (kind < 0.3) return word.slice(0, at) + word.slice(at + 1);
    if (kind < 0.6) return `${word.slice(0, at)}x${word.slice(at)}`;
    return word.slice(0, Math.max(3, at));
  };
  return Array.from({ length: count }, () => {
    const text = Array.from({ length: 1 + Math.floor(random() * 5) }, pick).join(', ');
    const query = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
      random() < 0.5 ? typo(pick()) : pick(),
    ).join(' ');
    return [foldText(query), foldText(text)];
  });
}

describe('word similarity (pg_trgm port)', () => {
  it('pads words as pg_trgm does', () => {
    expect(wordTrigrams('cel')).toEqual(['  c', ' ce', 'cel', 'el ']);
  });

  it('gives the database’s word_similarity and `<%` on 400 pairs', async () => {
    const cases = pairs(400);
    const rows = rowsOf<{ similarity: number; similar: boolean }>(
      await database.db.execute(
        sql`select word_similarity(pair->>0, pair->>1)::float8 as similarity,
                   (pair->>0) <% (pair->>1) as similar
            from jsonb_array_elements(${JSON.stringify(cases)}::jsonb) with ordinality as x(pair, n)
            order by n`,
      ),
    );
    const ours = cases.map(([query, text]) => {
      const similarity = wordSimilarity(query, text);
      return { similarity, similar: isWordSimilar(similarity) };
    });
    expect(ours).toEqual(rows.map(({ similarity, similar }) => ({ similarity, similar })));
    // Some of each, so the comparison means something.
    expect(ours.filter((o) => o.similar).length).toBeGreaterThan(10);
    expect(ours.filter((o) => !o.similar).length).toBeGreaterThan(10);
  });

  it('rounds to the SQL ranking steps', () => {
    expect(similarityStep(wordSimilarity('stefan cel mrae', 'stefan cel mare si sfant'))).toBe(8);
    expect(wordSimilarity('word', 'two words')).toBeCloseTo(0.8, 6);
  });
});
