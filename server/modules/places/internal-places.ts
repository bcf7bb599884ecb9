import type { Db } from '../../db/client';
import type { TenantScope } from '../../http/auth-context';
import { TaggedCache } from '../../lib/tagged-cache';
import * as repo from './places.repo';
import { isWordSimilar, similarityStep, textTrigrams, wordSimilarityOf } from './trigram';

/**
 * The companies' saved places (is_internal) searched in memory: a company has tens to
 * thousands, and a search used to spend a database round trip on them (docs/ADDRESS-SEARCH.md).
 *
 * - Each company's places load on its first search and stay in memory.
 * - add-place and delete-place in this process invalidate that company's copy, so its next
 *   search reads the table again (and sees the write).
 * - Other app nodes (REDIS_URL) do not hear about a write here: their copies are refreshed
 *   INTERNAL_TTL_MS after loading (the stale copy answers while it reloads). The realtime
 *   layer's serverSideEmit could relay invalidations, but it would tie this module to the
 *   socket server for a bound that 30 s already gives.
 * - The platform admin searches every company's places: that rare search stays in SQL, the
 *   same `<%` that the matching here copies.
 *
 * Matching is the SQL's: `f_unaccent(lower(query)) <% f_unaccent(lower(name))` (pg_trgm word
 * similarity ≥ 0.6, trigram.ts), best similarity step first, then nearest, then oldest.
 */
export const INTERNAL_TTL_MS = 30_000;
/** How long a copy still answers while it cannot be reloaded (the database is away). */
export const STALE_FOR_MS = 10 * 60_000;

interface Prepared {
  place: repo.InternalPlace;
  /** The folded name's trigrams in order, and as a set for the quick upper bound. */
  trigrams: string[];
  distinct: Set<string>;
}

const prepare = (place: repo.InternalPlace): Prepared => {
  const trigrams = textTrigrams(repo.foldText(place.name));
  return { place, trigrams, distinct: new Set(trigrams) };
};

/** The SQL's metresFrom: equirectangular, exact enough under 100 km. */
function metresFrom(place: { lat: number; lng: number }, centre: repo.Centre): number {
  const dy = (place.lat - centre.lat) * 111_320;
  const dx = (place.lng - centre.lng) * 111_320 * Math.cos((centre.lat * Math.PI) / 180);
  return Math.sqrt(dy * dy + dx * dx);
}

export interface InternalSearch {
  input: string;
  centre: repo.Centre;
  limit: number;
}

/** The places of `candidates` that match the query, best first (the SQL's order). */
export function rankInternal(candidates: Iterable<Prepared>, search: InternalSearch) {
  const query = new Set(textTrigrams(repo.foldText(search.input)));
  if (query.size === 0) return [];
  const hits: { place: repo.InternalPlace; step: number; metres: number }[] = [];
  for (const prepared of candidates) {
    // Word similarity is at most the share of the query's trigrams the name holds at all.
    let shared = 0;
    for (const trigram of query) if (prepared.distinct.has(trigram)) shared++;
    if (!isWordSimilar(Math.fround(shared / query.size))) continue;
    const similarity = wordSimilarityOf(query, prepared.trigrams);
    if (!isWordSimilar(similarity)) continue;
    hits.push({
      place: prepared.place,
      step: similarityStep(similarity),
      metres: metresFrom(prepared.place, search.centre),
    });
  }
  hits.sort((a, b) => b.step - a.step || a.metres - b.metres || a.place.id - b.place.id);
  return hits.slice(0, search.limit).map((hit) => hit.place);
}

export function createInternalPlaces(
  db: Db,
  options: { ttlMs?: number; onReloadError?(error: unknown): void; now?(): number } = {},
) {
  // A search never waits for a refresh: the old list answers while one reload runs.
  const cache = new TaggedCache<number, Prepared[]>({
    ttlMs: options.ttlMs ?? INTERNAL_TTL_MS,
    staleForMs: STALE_FOR_MS,
    onReloadError: options.onReloadError,
    now: options.now,
  });
  const companyTag = (companyId: number) => [`c${companyId}`];
  const load = (companyId: number) =>
    cache.get(companyId, companyTag(companyId), async () =>
      (await repo.listInternal(db, companyId)).map(prepare),
    );

  /** The caller's saved places matching the query (not limited by the radius). */
  async function search(scope: TenantScope, search: InternalSearch): Promise<repo.InternalPlace[]> {
    if (scope.kind === 'all') return repo.searchInternal(db, scope, search);
    const lists = await Promise.all(scope.companyIds.map(load));
    return rankInternal(lists.flat(), search);
  }

  return {
    search,
    /** After add-place or delete-place of this company in this process. */
    changed: (companyId: number) => cache.invalidate(companyTag(companyId)),
  };
}

export type InternalPlaces = ReturnType<typeof createInternalPlaces>;
