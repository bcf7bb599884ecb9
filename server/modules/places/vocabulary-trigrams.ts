import { wordSimilarityOf, wordTrigrams } from './trigram';

/**
 * The gazetteer vocabulary's trigrams (gazetteer-index.ts), for the typo pass that replaced the
 * database's `q <% search_text`: which vocabulary words look like a typed word, and how much.
 *
 * Trigram → the ids of the words holding it, as CSR arrays (like the index's postings). A
 * typed word's trigrams count, per vocabulary word, how many of them it shares: a word sharing
 * one has word similarity 1 / |typed trigrams| (pg_trgm's extent of that one trigram), a word
 * sharing more is measured exactly (trigram.ts). Built with the snapshot: ~10 entries a word.
 */
export class VocabularyTrigrams {
  private readonly ids = new Map<string, number>();
  private readonly start: Uint32Array;
  private readonly words: Uint32Array;
  /** Scratch per similarity() call (calls never interleave: they do not await). */
  private readonly shared: Uint16Array;

  constructor(private readonly vocabulary: readonly string[]) {
    const lists: number[][] = [];
    vocabulary.forEach((word, wordId) => {
      for (const trigram of new Set(wordTrigrams(word))) {
        let id = this.ids.get(trigram);
        if (id === undefined) {
          id = lists.length;
          this.ids.set(trigram, id);
          lists.push([]);
        }
        (lists[id] as number[]).push(wordId);
      }
    });
    this.start = new Uint32Array(lists.length + 1);
    lists.forEach((list, id) => {
      this.start[id + 1] = (this.start[id] as number) + list.length;
    });
    this.words = new Uint32Array(this.start[lists.length] as number);
    lists.forEach((list, id) => {
      this.words.set(list, this.start[id] as number);
    });
    this.shared = new Uint16Array(vocabulary.length);
  }

  bytes(): number {
    return (
      this.start.byteLength + this.words.byteLength + this.shared.byteLength + this.ids.size * 50
    );
  }

  /**
   * Every vocabulary word sharing a trigram with `typed` (folded), with its word similarity,
   * written into `into` (indexed by word id; the caller zeroes the ids returned).
   */
  similarity(typed: string, into: Float32Array): number[] {
    const query = new Set(wordTrigrams(typed));
    const touched: number[] = [];
    for (const trigram of query) {
      const id = this.ids.get(trigram);
      if (id === undefined) continue;
      const to = this.start[id + 1] as number;
      for (let p = this.start[id] as number; p < to; p++) {
        const word = this.words[p] as number;
        if (this.shared[word] === 0) touched.push(word);
        this.shared[word] = (this.shared[word] as number) + 1;
      }
    }
    for (const word of touched) {
      const count = this.shared[word] as number;
      this.shared[word] = 0;
      into[word] =
        count === 1
          ? Math.fround(1 / query.size)
          : wordSimilarityOf(query, wordTrigrams(this.vocabulary[word] as string));
    }
    return touched;
  }
}
