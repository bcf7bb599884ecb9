import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gazetteer } from '../../db/schema';
import { gazetteerGeneration } from './gazetteer-version';
import { type Centre, foldText, type GazetteerKind, wordsOf } from './places.repo';
import { isWordSimilar, similarityStep, wordTrigrams } from './trigram';
import { VocabularyTrigrams } from './vocabulary-trigrams';

/**
 * The gazetteer in memory (docs/ADDRESS-SEARCH.md): the
 * words-mode search without a database round trip.
 *
 * - Words: every word of 3+ letters of a row's search text, lower case without diacritics, in
 *   one sorted vocabulary. The words that start with a typed prefix are one contiguous range of
 *   word ids, and their rows one contiguous range of the posting lists (CSR arrays), so the
 *   rarest typed word is found by two binary searches and the other words are checked on its
 *   rows only.
 * - Distance: the same equirectangular metres as the SQL, computed on the candidates.
 * - Ranking as the SQL words mode: name holds every typed word (2), the first typed word starts
 *   a word of the row (1), then the asked house, then distance; one row per name and place.
 * - Typos: one edit away from a prefix for long words, else trigram word similarity against
 *   the vocabulary (vocabulary-trigrams.ts), in place of the database's `q <% search_text`.
 *
 * Only typed arrays and interned strings are kept: about 100 bytes a row (measured in
 * bench/README.md).
 */

const KINDS: readonly GazetteerKind[] = ['street', 'house', 'locality', 'place'];
/** Rows read per query while loading: bounded memory and no long statement. */
const LOAD_BATCH = 1_000;
/** Other processes' imports are picked up by this reload (or a restart). */
const RELOAD_MS = 10 * 60_000;

export interface IndexRow {
  osm_type: string;
  osm_id: number;
  kind: GazetteerKind;
  name: string;
  city: string | null;
  county: string | null;
  lat: number;
  lng: number;
  housenumber: string | null;
  search_text: string;
}

export interface IndexSearch {
  /** The query without its house number. */
  input: string;
  centre: Centre;
  radiusM: number;
  /** As GazetteerSearch.housenumber: that house first; none → houses left out. */
  housenumber: string | null;
  /** Distinct 'name, place' rows answered. */
  limit: number;
}

export interface IndexHit {
  osm_type: string;
  osm_id: number;
  kind: GazetteerKind;
  name: string;
  city: string | null;
  county: string | null;
  lat: number;
  lng: number;
  distance: number;
}

const tokens = (text: string) =>
  foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3);

/** Typed words of a query as the ranking counts them (street types included), at most 6. */
const typedWords = (input: string) =>
  input
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3)
    .slice(0, 6)
    .map(foldText);

class Interner {
  readonly ids = new Map<string, number>();
  readonly list: string[] = [];
  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.list.length;
      this.ids.set(value, id);
      this.list.push(value);
    }
    return id;
  }
}

/** Collects rows; build() freezes them into a snapshot. */
export class SnapshotBuilder {
  private readonly strings = new Interner();
  private readonly housenumbers = new Interner();
  private readonly words = new Interner();
  private readonly osmType: number[] = [];
  private readonly osmId: number[] = [];
  private readonly kind: number[] = [];
  private readonly name: number[] = [];
  private readonly city: number[] = [];
  private readonly county: number[] = [];
  private readonly house: number[] = [];
  private readonly lat: number[] = [];
  private readonly lng: number[] = [];
  private readonly wordStart: number[] = [0];
  private readonly wordIds: number[] = [];
  private readonly nameWords: number[] = [];

  add(row: IndexRow): void {
    const kind = KINDS.indexOf(row.kind);
    if (kind < 0) return;
    // OSM types are one letter (n, w, r): kept as a char code, not a string-table id, which
    // outgrew the byte it was stored in once a city had more than 255 distinct strings.
    this.osmType.push(row.osm_type.charCodeAt(0));
    this.osmId.push(row.osm_id);
    this.kind.push(kind);
    this.name.push(this.strings.id(row.name));
    this.city.push(row.city === null ? -1 : this.strings.id(row.city));
    this.county.push(row.county === null ? -1 : this.strings.id(row.county));
    this.house.push(
      row.housenumber === null ? -1 : this.housenumbers.id(row.housenumber.toLowerCase()),
    );
    this.lat.push(row.lat);
    this.lng.push(row.lng);
    // The name's words first (the ranking asks whether the name holds every typed word).
    const own = this.wordsOf(row.name);
    // search_text is the name and then the address and city (searchTextOf): fold only the rest.
    const rest = row.search_text.startsWith(row.name)
      ? this.wordsOf(row.search_text.slice(row.name.length))
      : this.wordsOf(row.search_text);
    for (const id of own) this.wordIds.push(id);
    for (const id of rest) if (!own.includes(id)) this.wordIds.push(id);
    this.nameWords.push(own.length);
    this.wordStart.push(this.wordIds.length);
  }

  /** Names repeat across a region ('Strada Florilor'): fold each distinct text once. */
  private readonly folded = new Map<string, number[]>();
  private wordsOf(text: string): number[] {
    let ids = this.folded.get(text);
    if (!ids) {
      ids = [...new Set(tokens(text))].map((word) => this.words.id(word));
      this.folded.set(text, ids);
    }
    return ids;
  }

  build(): Snapshot {
    // Word ids in sorted order: the words with a prefix are one id range.
    const vocabulary = this.words.list;
    const order = vocabulary.map((_, i) => i).sort((a, b) => compare(vocabulary[a], vocabulary[b]));
    const remap = new Uint32Array(order.length);
    order.forEach((old, sorted) => {
      remap[old] = sorted;
    });
    const words = order.map((old) => vocabulary[old] as string);
    const wordIds = new Uint32Array(this.wordIds.length);
    for (let i = 0; i < wordIds.length; i++)
      wordIds[i] = remap[this.wordIds[i] as number] as number;
    const count = this.osmId.length;
    const wordStart = Uint32Array.from(this.wordStart);
    // Posting lists: the rows of word w are postings[postingStart[w] .. postingStart[w + 1]).
    const postingStart = new Uint32Array(words.length + 1);
    for (const id of wordIds) postingStart[id + 1] = (postingStart[id + 1] as number) + 1;
    for (let w = 0; w < words.length; w++) {
      postingStart[w + 1] = (postingStart[w + 1] as number) + (postingStart[w] as number);
    }
    const fill = postingStart.slice(0, words.length);
    const postings = new Uint32Array(wordIds.length);
    for (let row = 0; row < count; row++) {
      for (let i = wordStart[row] as number; i < (wordStart[row + 1] as number); i++) {
        const id = wordIds[i] as number;
        const at = fill[id] as number;
        postings[at] = row;
        fill[id] = at + 1;
      }
    }
    return new Snapshot({
      strings: this.strings.list,
      housenumbers: this.housenumbers.ids,
      words,
      osmType: Uint8Array.from(this.osmType),
      osmId: Float64Array.from(this.osmId),
      kind: Uint8Array.from(this.kind),
      name: Uint32Array.from(this.name),
      city: Int32Array.from(this.city),
      county: Int32Array.from(this.county),
      house: Int32Array.from(this.house),
      lat: Float64Array.from(this.lat),
      lng: Float64Array.from(this.lng),
      wordStart,
      wordIds,
      nameWords: Uint8Array.from(this.nameWords, (n) => Math.min(n, 255)),
      postingStart,
      postings,
    });
  }
}

const compare = (a = '', b = '') => (a < b ? -1 : a > b ? 1 : 0);

/** Word-id ranges [lo, hi) a typed word stands for: one prefix range, or typo candidates. */
type Term = [number, number][];

/** Typed words this long or longer may hold a typo the index forgives. */
const TYPO_MIN = 5;

/**
 * Whether `typed` is within one edit of some prefix of `word` (optimal string alignment: a
 * substitution, insertion, deletion or swap of neighbours). Row i of the DP is typed[0..i).
 */
export function withinOneEdit(typed: string, word: string): boolean {
  const m = typed.length;
  const n = Math.min(word.length, m + 1);
  if (n < m - 1) return false;
  let before = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const current = new Array<number>(n + 1).fill(0);
    current[0] = i;
    let best = i;
    for (let j = 1; j <= n; j++) {
      const cost = typed[i - 1] === word[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && typed[i - 1] === word[j - 2] && typed[i - 2] === word[j - 1]) {
        value = Math.min(value, (before[j - 2] as number) + 1);
      }
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > 1) return false;
    before = previous;
    previous = current;
  }
  // The distance to the best prefix of word: the minimum of the last row.
  return Math.min(...previous) <= 1;
}

interface SnapshotData {
  strings: string[];
  /** Lower-cased house number → id (the `house` column). */
  housenumbers: Map<string, number>;
  words: string[];
  osmType: Uint8Array;
  osmId: Float64Array;
  kind: Uint8Array;
  name: Uint32Array;
  city: Int32Array;
  county: Int32Array;
  house: Int32Array;
  lat: Float64Array;
  lng: Float64Array;
  wordStart: Uint32Array;
  wordIds: Uint32Array;
  nameWords: Uint8Array;
  postingStart: Uint32Array;
  postings: Uint32Array;
}

const HOUSE = KINDS.indexOf('house');
const LOCALITY = KINDS.indexOf('locality');

/** The filters and distance scale of one search, shared by the words and trigram passes. */
interface Area {
  /** House id asked for; null: no houses; -2: a number the gazetteer lacks. */
  wantedHouse: number | null;
  cLat: number;
  cLng: number;
  mLng: number;
  radius2: number;
}

const M_PER_DEGREE = 111_320;
/** Typed words of the trigram pass, as the SQL's query: at most 6 of 3+ letters. */
const MAX_TYPED = 6;
/**
 * A typed word counts in the trigram pass only where a word of the row is this similar to it.
 * pg_trgm credits shared trigrams only inside one contiguous extent of the text, so a word
 * sharing just its first letters with an unrelated word ('stefan' and 'strada', 0.29) adds
 * nothing there; without this floor 'stefan garii' would find 'Strada Gării'.
 */
const MIN_WORD_SIMILARITY = 0.3;

/** An immutable index of every gazetteer row; search() is synchronous. */
export class Snapshot {
  readonly size: number;
  /** Scratch for one search at a time (searches never interleave: they do not await). */
  private readonly seen: Uint32Array;
  private readonly scores: Float64Array;
  private readonly rows: Uint32Array;
  private stamp = 0;
  private readonly trigrams: VocabularyTrigrams;
  /** Word similarity of each vocabulary word to each typed word (the trigram pass), lazily. */
  private similarities: Float32Array[] | null = null;

  constructor(private readonly d: SnapshotData) {
    this.size = d.osmId.length;
    this.seen = new Uint32Array(this.size);
    this.scores = new Float64Array(this.size);
    this.rows = new Uint32Array(this.size);
    this.trigrams = new VocabularyTrigrams(d.words);
  }

  /** Bytes of the typed arrays plus an estimate for the strings (2 bytes a character + 40). */
  bytes(): number {
    let total = 0;
    for (const value of Object.values(this.d)) {
      if (ArrayBuffer.isView(value)) total += value.byteLength;
    }
    for (const text of this.d.strings) total += 40 + 2 * text.length;
    for (const text of this.d.words) total += 40 + 2 * text.length;
    return (
      total +
      this.seen.byteLength +
      this.scores.byteLength +
      this.rows.byteLength +
      this.trigrams.bytes()
    );
  }

  get vocabulary(): number {
    return this.d.words.length;
  }

  /** Word ids starting with `prefix`: [lo, hi). */
  private range(prefix: string): [number, number] {
    const { words } = this.d;
    const lowerBound = (key: string) => {
      let lo = 0;
      let hi = words.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((words[mid] as string) < key) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    return [lowerBound(prefix), lowerBound(`${prefix}\uffff`)];
  }

  /** Whether the words [from, to) of a row hold a word id of the term. */
  private has(from: number, to: number, term: Term): boolean {
    const { wordIds } = this.d;
    for (let i = from; i < to; i++) {
      const id = wordIds[i] as number;
      for (const [lo, hi] of term) if (id >= lo && id < hi) return true;
    }
    return false;
  }

  /**
   * Every distinctive typed word as a word prefix. When that finds nothing, a word of 5+
   * letters that starts no word at all is read as a typo: vocabulary words within one edit
   * (a letter wrong, missing, extra or swapped; the first letter kept) of one of their prefixes
   * stand for it ('pacurarri' → 'pacurari', 'emniescu' → 'eminescu'). Anything else (a short
   * typo, 'stefan cel mrae'; a word no row holds) goes to the trigram pass (fuzzy()).
   */
  search(search: IndexSearch): IndexHit[] {
    const required = wordsOf(search.input).map(foldText);
    if (required.length === 0) return [];
    const typed = typedWords(search.input);
    const exact = (word: string): Term => {
      const range = this.range(word);
      return range[0] === range[1] ? [] : [range];
    };
    const hits = this.match(required.map(exact), typed.map(exact), search);
    if (hits.length > 0) return hits;
    const misses = new Set(required.filter((word) => exact(word).length === 0));
    if (misses.size > 0 && [...misses].every((word) => word.length >= TYPO_MIN)) {
      const tolerant = (word: string): Term => (misses.has(word) ? this.near(word) : exact(word));
      const typos = this.match(required.map(tolerant), typed.map(tolerant), search);
      if (typos.length > 0) return typos;
    }
    return this.fuzzy(typed, search);
  }

  /** Word ids within one edit of a prefix of theirs (the first letter kept), at most 64. */
  private near(word: string): Term {
    const { words } = this.d;
    const [lo, hi] = this.range(word.slice(0, 1));
    const term: Term = [];
    for (let id = lo; id < hi && term.length < 64; id++) {
      if (withinOneEdit(word, words[id] as string)) term.push([id, id + 1]);
    }
    return term;
  }

  private match(required: Term[], typed: Term[], search: IndexSearch): IndexHit[] {
    const d = this.d;
    if (required.some((term) => term.length === 0)) return [];
    // The rarest typed prefix drives; the others are checked on its rows.
    const postingsOf = (term: Term) =>
      term.reduce(
        (sum, [lo, hi]) => sum + (d.postingStart[hi] as number) - (d.postingStart[lo] as number),
        0,
      );
    const sorted = [...required].sort((a, b) => postingsOf(a) - postingsOf(b));
    const [driver, ...others] = sorted as [Term, ...Term[]];
    const first = typed[0];
    let found = 0;
    this.eachRow(driver, this.area(search), (row, metres) => {
      const start = d.wordStart[row] as number;
      const end = d.wordStart[row + 1] as number;
      for (const term of others) if (!this.has(start, end, term)) return;
      const nameEnd = start + (d.nameWords[row] as number);
      let rank = typed.every((term) => this.has(start, nameEnd, term)) ? 2 : 0;
      if (first && this.has(start, end, first)) rank += 1;
      this.keep(found++, row, 3 - rank, metres);
    });
    return this.best(found, search.limit);
  }

  /**
   * The trigram pass, in place of the SQL `q <% search_text` (pg_trgm word similarity ≥ 0.6):
   * a row's similarity is the typed words' best word similarity among its words (at least
   * MIN_WORD_SIMILARITY, else 0), weighted by each typed word's trigrams. For whole words and a
   * typo or two this is what pg_trgm gives; words of the row between the typed ones do not
   * lower it here. Ranked like the SQL: round(similarity × 10), then the asked house, then
   * distance.
   *
   * A row whose words all stay under 0.6 for every typed word cannot reach 0.6 on average, so
   * only the rows of words at 0.6 or better are read: for 'stefan cel' (no word starts with
   * 'cel' in the bench region) the rows of 'stefan', ranked first where a word also shares
   * trigrams with 'cel'.
   */
  private fuzzy(typed: string[], search: IndexSearch): IndexHit[] {
    const d = this.d;
    const words = typed.slice(0, MAX_TYPED);
    if (words.length === 0) return [];
    this.similarities ??= Array.from({ length: MAX_TYPED }, () => new Float32Array(d.words.length));
    const similarities = this.similarities;
    const weights = words.map((word) => new Set(wordTrigrams(word)).size);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const touched = words.map((word, i) =>
      this.trigrams.similarity(word, similarities[i] as Float32Array),
    );
    // The rows of the words at 0.6 or better, each once.
    const drivers: Term = [];
    touched.forEach((ids, i) => {
      const own = similarities[i] as Float32Array;
      for (const id of ids) if (isWordSimilar(own[id] as number)) drivers.push([id, id + 1]);
    });
    let found = 0;
    try {
      this.eachRow(drivers, this.area(search), (row, metres) => {
        const start = d.wordStart[row] as number;
        const end = d.wordStart[row + 1] as number;
        let sum = 0;
        for (let w = 0; w < words.length; w++) {
          const of = similarities[w] as Float32Array;
          let bestOf = 0;
          for (let k = start; k < end; k++) {
            const value = of[d.wordIds[k] as number] as number;
            if (value > bestOf) bestOf = value;
          }
          if (bestOf >= MIN_WORD_SIMILARITY) sum += (weights[w] as number) * bestOf;
        }
        const similarity = Math.fround(sum / total);
        if (isWordSimilar(similarity)) {
          this.keep(found++, row, 10 - similarityStep(similarity), metres);
        }
      });
    } finally {
      touched.forEach((ids, i) => {
        const own = similarities[i] as Float32Array;
        for (const id of ids) own[id] = 0;
      });
    }
    return this.best(found, search.limit);
  }

  /** Visits each row of the word-id ranges once, if it is inside the area, with its metres. */
  private eachRow(ranges: Term, area: Area, visit: (row: number, metres: number) => void): void {
    const d = this.d;
    this.stamp = (this.stamp + 1) >>> 0 || 1;
    if (this.stamp === 1) this.seen.fill(0);
    for (const [lo, hi] of ranges) {
      const to = d.postingStart[hi] as number;
      for (let p = d.postingStart[lo] as number; p < to; p++) {
        const row = d.postings[p] as number;
        if (this.seen[row] === this.stamp) continue;
        this.seen[row] = this.stamp;
        const metres = this.metres(row, area);
        if (metres >= 0) visit(row, metres);
      }
    }
  }

  private area(search: IndexSearch): Area {
    const { lat: cLat, lng: cLng } = search.centre;
    return {
      wantedHouse:
        search.housenumber === null
          ? null
          : (this.d.housenumbers.get(search.housenumber.toLowerCase()) ?? -2),
      cLat,
      cLng,
      mLng: M_PER_DEGREE * Math.cos((cLat * Math.PI) / 180),
      radius2: search.radiusM * search.radiusM,
    };
  }

  /** Metres from the centre, or -1 outside the radius or a house that was not asked for. */
  private metres(row: number, area: Area): number {
    const d = this.d;
    if (d.kind[row] === HOUSE && (area.wantedHouse === null || d.house[row] !== area.wantedHouse)) {
      return -1;
    }
    const dy = ((d.lat[row] as number) - area.cLat) * M_PER_DEGREE;
    const dx = ((d.lng[row] as number) - area.cLng) * area.mLng;
    const distance2 = dy * dy + dx * dx;
    return distance2 > area.radius2 ? -1 : Math.sqrt(distance2);
  }

  /** Candidate `at`: lower is better, the tier, then the asked house, then metres (< 1e8). */
  private keep(at: number, row: number, tier: number, metres: number): void {
    this.scores[at] = (tier * 2 + (this.d.kind[row] === HOUSE ? 0 : 1)) * 1e8 + metres;
    this.rows[at] = row;
  }

  /** The `limit` best distinct 'name, place' of the first `found` candidates (a binary heap). */
  private best(found: number, limit: number): IndexHit[] {
    const { scores, rows } = this;
    const less = (a: number, b: number) =>
      (scores[a] as number) < (scores[b] as number) ||
      (scores[a] === scores[b] && (rows[a] as number) < (rows[b] as number));
    const swap = (a: number, b: number) => {
      const s = scores[a] as number;
      scores[a] = scores[b] as number;
      scores[b] = s;
      const r = rows[a] as number;
      rows[a] = rows[b] as number;
      rows[b] = r;
    };
    const down = (start: number, size: number) => {
      let i = start;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < size && less(l, m)) m = l;
        if (r < size && less(r, m)) m = r;
        if (m === i) return;
        swap(i, m);
        i = m;
      }
    };
    for (let i = (found >>> 1) - 1; i >= 0; i--) down(i, found);
    const d = this.d;
    const hits: IndexHit[] = [];
    const labels = new Set<string>();
    let size = found;
    while (size > 0 && hits.length < limit) {
      const row = rows[0] as number;
      const score = scores[0] as number;
      swap(0, size - 1);
      size--;
      down(0, size);
      // A street split into several ways, or two carriageways: the best (nearest) one.
      const kind = d.kind[row] as number;
      const where =
        kind === LOCALITY ? d.county[row] : d.city[row] !== -1 ? d.city[row] : d.county[row];
      const label = `${d.name[row]}:${where}`;
      if (labels.has(label)) continue;
      labels.add(label);
      const text = (id: number | undefined) =>
        id === undefined || id < 0 ? null : (d.strings[id] ?? null);
      const distance = score % 1e8;
      hits.push({
        osm_type: String.fromCharCode(d.osmType[row] as number),
        osm_id: d.osmId[row] as number,
        kind: KINDS[kind] as GazetteerKind,
        name: d.strings[d.name[row] as number] as string,
        city: text(d.city[row]),
        county: text(d.county[row]),
        lat: d.lat[row] as number,
        lng: d.lng[row] as number,
        distance,
      });
    }
    return hits;
  }
}

/** Every gazetteer row, read by keyset pages of LOAD_BATCH (the id index), into a snapshot. */
export async function loadSnapshot(db: Db, batch = LOAD_BATCH): Promise<Snapshot> {
  const builder = new SnapshotBuilder();
  let last = 0;
  for (;;) {
    const page = await db
      .select({
        id: gazetteer.id,
        osm_type: gazetteer.osm_type,
        osm_id: gazetteer.osm_id,
        kind: gazetteer.kind,
        name: gazetteer.name,
        city: gazetteer.city,
        county: gazetteer.county,
        lat: gazetteer.lat,
        lng: gazetteer.lng,
        housenumber: gazetteer.housenumber,
        search_text: gazetteer.search_text,
      })
      .from(gazetteer)
      .where(gt(gazetteer.id, last))
      .orderBy(asc(gazetteer.id))
      .limit(batch);
    for (const row of page) builder.add({ ...row, kind: row.kind as GazetteerKind });
    const tail = page[page.length - 1];
    if (!tail || page.length < batch) break;
    last = tail.id;
  }
  return builder.build();
}

export interface GazetteerIndexOptions {
  /** Periodic reload (other processes' imports); 0 turns it off. Default 10 minutes. */
  reloadMs?: number;
  batch?: number;
  logger?: { warn(object: object, message: string): void };
}

export interface GazetteerIndex {
  /** Loads on first use (one load at a time) and again after a write in this process. */
  search(search: IndexSearch): Promise<IndexHit[]>;
  /** The current snapshot, loading it if needed. */
  snapshot(): Promise<Snapshot>;
  /**
   * The current snapshot if it is (or becomes within waitMs) up to date with this process's
   * writes; otherwise null while it loads in the background, and the caller asks the database.
   */
  ready(waitMs: number): Promise<Snapshot | null>;
  /** Stops the periodic reload. */
  close(): void;
}

/**
 * The per-process index of one database. Freshness: a write through upsertGazetteer in this
 * process (import, demo seed) bumps gazetteer-version, and the next search waits for a reload;
 * other processes' writes arrive with the periodic reload, which swaps the snapshot in the
 * background, or on restart.
 */
export function createGazetteerIndex(db: Db, options: GazetteerIndexOptions = {}): GazetteerIndex {
  const reloadMs = options.reloadMs ?? RELOAD_MS;
  let current: { snapshot: Snapshot; generation: number } | null = null;
  let loading: { promise: Promise<void>; generation: number } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  function load(): { promise: Promise<void>; generation: number } {
    if (loading) return loading;
    const generation = gazetteerGeneration();
    const promise = loadSnapshot(db, options.batch)
      .then((snapshot) => {
        current = { snapshot, generation };
        if (!timer && !closed && reloadMs > 0) {
          timer = setInterval(() => {
            load().promise.catch((error: unknown) =>
              options.logger?.warn({ err: error }, 'gazetteer index reload failed'),
            );
          }, reloadMs);
          timer.unref();
        }
      })
      .finally(() => {
        loading = null;
      });
    loading = { promise, generation };
    return loading;
  }

  async function snapshot(): Promise<Snapshot> {
    // A load that started before the latest write may miss it: wait for one that started after.
    for (let attempt = 0; attempt < 3; attempt++) {
      const wanted = gazetteerGeneration();
      if (current && current.generation >= wanted) return current.snapshot;
      await load().promise;
    }
    if (!current) throw new Error('gazetteer index not loaded');
    return current.snapshot;
  }

  async function ready(waitMs: number): Promise<Snapshot | null> {
    const wanted = gazetteerGeneration();
    if (current && current.generation >= wanted) return current.snapshot;
    const pending = loading && loading.generation >= wanted ? loading : null;
    const promise = (pending ?? (await waitThenLoad())).promise;
    let timeout: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timeout = setTimeout(() => resolve(null), waitMs);
      timeout.unref();
    });
    try {
      const loaded = promise.then(
        () => true,
        (error: unknown) => {
          options.logger?.warn({ err: error }, 'gazetteer index load failed');
          return false;
        },
      );
      const done = await Promise.race([loaded, late]);
      return done && current && current.generation >= wanted ? current.snapshot : null;
    } finally {
      clearTimeout(timeout);
    }
  }

  /** A load that starts after the latest write (an older one in flight finishes first). */
  async function waitThenLoad() {
    const older = loading;
    if (older) {
      // Not awaited by the caller: failures are logged, the database answers meanwhile.
      const next = older.promise.then(
        () => load().promise,
        () => load().promise,
      );
      return { promise: next, generation: gazetteerGeneration() };
    }
    return load();
  }

  return {
    snapshot,
    ready,
    async search(search) {
      return (await snapshot()).search(search);
    },
    close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
