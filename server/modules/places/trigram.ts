/**
 * pg_trgm's word similarity in JavaScript, so the in-memory searches (internal places, the
 * gazetteer's typo pass) keep the matching the SQL `q <% text` had (docs/ADDRESS-SEARCH.md).
 *
 * A port of contrib/pg_trgm/trgm_op.c (calc_word_similarity, iterate_word_similarity, non-strict):
 * every word (letters and digits) is padded with two spaces before and one after, and cut into
 * trigrams; the similarity is the best |Q ∩ E| / |Q ∪ E| between the query's distinct trigrams Q
 * and an extent E of the text's trigrams in order, found by pg_trgm's own greedy scan (not every
 * extent). Results are float4 like PostgreSQL's, so the threshold compares the same way.
 * Callers fold both strings first (foldText: lower case, no diacritics), as the SQL did with
 * f_unaccent(lower()). PostgreSQL hashes a trigram of multibyte characters; here it stays a
 * string, which can only differ on a hash collision.
 */

/** pg_trgm.word_similarity_threshold (default 0.6, never changed by this app): `<%`. */
export const WORD_SIMILARITY_THRESHOLD = Math.fround(0.6);

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a text, as pg_trgm splits it (runs of letters and digits). */
export const trigramWords = (text: string): string[] => text.match(WORD) ?? [];

/** Trigrams of one word, padded as pg_trgm pads it: '  w', ' wo', 'wor', 'ord', 'rd '. */
export function wordTrigrams(word: string): string[] {
  const chars = [' ', ' ', ...word, ' '];
  const out: string[] = [];
  for (let i = 0; i + 2 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}${chars[i + 2]}`);
  return out;
}

/** Every trigram of a text, in order, duplicates kept (generate_trgm_only). */
export const textTrigrams = (text: string): string[] => trigramWords(text).flatMap(wordTrigrams);

/** CALCSML with DIVUNION: count / |union|, in float4. */
const similarityOf = (count: number, queryLength: number, extentLength: number) =>
  Math.fround(count / (queryLength + extentLength - count));

/**
 * word_similarity(query, text) over prepared trigrams: `query` the distinct trigrams of the
 * query, `text` the text's trigrams in order (textTrigrams).
 */
export function wordSimilarityOf(query: ReadonlySet<string>, text: readonly string[]): number {
  const ulen1 = query.size;
  if (ulen1 === 0 || text.length === 0) return 0;
  // Distinct trigrams of the text as small ids; found[id] when the query holds it.
  const ids = new Map<string, number>();
  const indexes = new Int32Array(text.length);
  const found: boolean[] = [];
  for (let i = 0; i < text.length; i++) {
    const trigram = text[i] as string;
    let id = ids.get(trigram);
    if (id === undefined) {
      id = found.length;
      ids.set(trigram, id);
      found.push(query.has(trigram));
    }
    indexes[i] = id;
  }
  const lastpos = new Int32Array(found.length).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < text.length; i++) {
    const id = indexes[i] as number;
    if (lower >= 0 || found[id]) {
      if ((lastpos[id] as number) < 0) {
        ulen2++;
        if (found[id]) count++;
      }
      lastpos[id] = i;
    }
    if (!found[id]) continue;
    const upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = similarityOf(count, ulen1, ulen2);
    // Moving the extent's start right may raise the similarity (fewer foreign trigrams).
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const previousLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const candidate = similarityOf(tmpCount, ulen1, tmpUlen2);
      if (candidate > current) {
        current = candidate;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tmpId = indexes[tmpLower] as number;
      if (lastpos[tmpId] === tmpLower) {
        tmpUlen2--;
        if (found[tmpId]) tmpCount--;
      }
    }
    if (current > best) best = current;
    for (let tmpLower = previousLower; tmpLower < lower; tmpLower++) {
      const tmpId = indexes[tmpLower] as number;
      if (lastpos[tmpId] === tmpLower) lastpos[tmpId] = -1;
    }
  }
  return best;
}

/** word_similarity(query, text) of two folded strings. */
export const wordSimilarity = (query: string, text: string): number =>
  wordSimilarityOf(new Set(textTrigrams(query)), textTrigrams(text));

/** pg_trgm's `query <% text`. */
export const isWordSimilar = (similarity: number): boolean =>
  similarity >= WORD_SIMILARITY_THRESHOLD;

/**
 * round(word_similarity * 10), the SQL's ranking step. PostgreSQL rounds a float8 half to even
 * (rint); the halves a float4 similarity can hit exactly (0.25, 0.75) differ from Math.round
 * only at 0.25, below the threshold.
 */
export const similarityStep = (similarity: number): number => Math.round(similarity * 10);
