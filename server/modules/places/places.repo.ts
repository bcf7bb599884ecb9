import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { companies, gazetteer, internalPlaces } from '../../db/schema';
import type { TenantScope } from '../../http/auth-context';
import { invalidateGazetteerIndexes } from './gazetteer-version';

export type GazetteerKind = 'street' | 'house' | 'locality' | 'place';

export interface GazetteerRow {
  osm_type: string;
  osm_id: number;
  kind: GazetteerKind;
  name: string;
  street: string | null;
  housenumber: string | null;
  city: string | null;
  county: string | null;
  lat: number;
  lng: number;
  search_text: string;
}

/** One multi-row statement per batch; a re-import overwrites what the file says now. */
export async function upsertGazetteer(db: DbOrTx, rows: GazetteerRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(gazetteer)
    .values(rows)
    .onConflictDoUpdate({
      target: [gazetteer.osm_type, gazetteer.osm_id],
      set: {
        kind: sql`excluded.kind`,
        name: sql`excluded.name`,
        street: sql`excluded.street`,
        housenumber: sql`excluded.housenumber`,
        city: sql`excluded.city`,
        county: sql`excluded.county`,
        lat: sql`excluded.lat`,
        lng: sql`excluded.lng`,
        search_text: sql`excluded.search_text`,
      },
    });
  // This process's in-memory indexes reload before their next search (gazetteer-index.ts).
  invalidateGazetteerIndexes();
}

export interface Centre {
  lat: number;
  lng: number;
}

/** Metres between a row's point and the centre (equirectangular: exact enough under 100 km). */
const metresFrom = (lat: AnyPgColumn, lng: AnyPgColumn, c: Centre) =>
  sql<number>`sqrt(power((${lat} - ${c.lat}::float8) * 111320, 2) + power((${lng} - ${c.lng}::float8) * ${111_320 * Math.cos((c.lat * Math.PI) / 180)}::float8, 2))`;

/** The query as the indexes see it: lower-cased and without diacritics ('ș' → 's'). */
const normalised = (input: string) => sql`f_unaccent(lower(${input}))`;

export interface GazetteerSearch {
  input: string;
  centre: Centre;
  radiusM: number;
  /**
   * The number of a 'stefan cel mare 12' query (input is then 'stefan cel mare'): that house
   * ranks first, then its street. Without one, houses are left out (they would bury streets).
   */
  housenumber: string | null;
  /**
   * words: every typed word of 3+ letters appears in the text (`LIKE '%word%'`, which the
   * trigram GIN index answers by intersecting posting lists: selective and fast even when one
   * word, 'strada', is in half the rows). fuzzy: pg_trgm word similarity `q <% text`, which
   * forgives typos but whose candidates explode on common words: the fallback only.
   */
  mode: 'words' | 'fuzzy';
  limit: number;
}

/** Lower case without diacritics, as f_unaccent(lower()) gives for Romanian ('Ș' → 's'). */
export const foldText = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Street types: in most rows, so their trigrams' posting lists are huge and intersecting them
 * costs more than it filters (measured: 45-90 ms of GIN scan for '%strada%' on 200,000 rows).
 */
const STREET_TYPES = new Set([
  'str',
  'strada',
  'bulevardul',
  'blvd',
  'calea',
  'aleea',
  'sos',
  'soseaua',
  'intrarea',
  'fundacul',
  'piata',
  'splaiul',
  'drumul',
]);

/**
 * The words a query must contain: 3+ characters (shorter ones have no trigram to index), and
 * not a street type unless the query is nothing else.
 */
export const wordsOf = (input: string) => {
  const words = input.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3);
  const distinctive = words.filter((word) => !STREET_TYPES.has(foldText(word)));
  return (distinctive.length > 0 ? distinctive : words).slice(0, 6);
};

/** Rows read per pass before ranking: bounds the cost of a query made only of common words. */
const CANDIDATES = { words: 1_000, fuzzy: 300 } as const;

/**
 * Search of the gazetteer on f_unaccent(lower(search_text)), so 'stefan cel mare'
 * finds 'Bulevardul Ștefan cel Mare și Sfânt' and the trigram GIN index serves the match.
 *
 * words mode ranks with cheap tests, because pg_trgm's similarity functions cost microseconds a
 * row and a region holds hundreds of 'Strada Florilor' (docs/ADDRESS-SEARCH.md): the asked house
 * first, then rows whose name holds every word (not just their city), then names where the first
 * word starts a word, then distance. fuzzy mode ranks by word similarity in steps of 0.1, then
 * distance. The bounding box uses the (lat, lng) btree; the radius is exact.
 */
export async function searchGazetteer(db: DbOrTx, search: GazetteerSearch) {
  const q = normalised(search.input);
  const text = sql`f_unaccent(lower(${gazetteer.search_text}))`;
  const distance = metresFrom(gazetteer.lat, gazetteer.lng, search.centre);
  const dLat = search.radiusM / 111_320;
  const dLng =
    search.radiusM / (111_320 * Math.max(0.01, Math.cos((search.centre.lat * Math.PI) / 180)));
  const words = wordsOf(search.input).map(foldText);
  // Ranking counts every typed word, street types included ('aleea plopilor' before 'calea …').
  const typed = search.input
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3)
    .slice(0, 6)
    .map(foldText);
  const first = typed[0] ?? '';
  const name = sql`f_unaccent(lower(${gazetteer.name}))`;
  const isHouse = sql<boolean>`${gazetteer.kind} = 'house'`;
  const rank =
    search.mode === 'fuzzy'
      ? sql<number>`round(word_similarity(${q}, ${text}) * 10)::int`
      : sql<number>`(case when ${sql.join(
          typed.map((word) => sql`${name} like ${`%${word}%`}`),
          sql` and `,
        )} then 2 else 0 end + case when ${text} like ${`${first}%`} or ${text} like ${`% ${first}%`} then 1 else 0 end)`;
  const match =
    search.mode === 'fuzzy'
      ? [sql`${q} <% ${text}`]
      : // Folded here as f_unaccent folds Romanian letters: a constant pattern for the planner.
        words.map((word) => sql`${text} like ${`%${word}%`}`);
  const candidates = db
    .select({
      osm_type: gazetteer.osm_type,
      osm_id: gazetteer.osm_id,
      kind: gazetteer.kind,
      name: gazetteer.name,
      city: gazetteer.city,
      county: gazetteer.county,
      lat: gazetteer.lat,
      lng: gazetteer.lng,
      house: sql<boolean>`${isHouse}`.as('house'),
      rank: rank.as('rank'),
      distance: distance.as('distance'),
    })
    .from(gazetteer)
    .where(
      and(
        ...match,
        sql`${gazetteer.lat} between ${search.centre.lat - dLat} and ${search.centre.lat + dLat}`,
        sql`${gazetteer.lng} between ${search.centre.lng - dLng} and ${search.centre.lng + dLng}`,
        sql`${distance} <= ${search.radiusM}`,
        search.housenumber === null
          ? sql`not ${isHouse}`
          : sql`(not ${isHouse} or lower(${gazetteer.housenumber}) = ${search.housenumber.toLowerCase()})`,
      ),
    )
    .limit(CANDIDATES[search.mode])
    .as('candidates');
  return db
    .select()
    .from(candidates)
    .orderBy(desc(candidates.rank), desc(candidates.house), asc(candidates.distance))
    .limit(search.limit);
}

export async function findGazetteer(db: DbOrTx, osmType: string, osmId: number) {
  const [row] = await db
    .select()
    .from(gazetteer)
    .where(and(eq(gazetteer.osm_type, osmType), eq(gazetteer.osm_id, osmId)))
    .limit(1);
  return row;
}

/** Internal places a scope may touch: its companies' own, or all of them for the admin. */
const inScope = (scope: TenantScope): SQL | undefined =>
  scope.kind === 'all' ? undefined : inArray(internalPlaces.company_id, scope.companyIds);

const internalColumns = {
  id: internalPlaces.id,
  company_id: internalPlaces.company_id,
  name: internalPlaces.name,
  lat: internalPlaces.lat,
  lng: internalPlaces.lng,
  comment: internalPlaces.comment,
  bloc: internalPlaces.bloc,
  scara: internalPlaces.scara,
  reper: internalPlaces.reper,
};
export interface InternalPlace {
  id: number;
  company_id: number;
  name: string;
  lat: number;
  lng: number;
  comment: string | null;
  bloc: string | null;
  scara: string | null;
  reper: string | null;
}

/** The caller's saved places matching the query, best match then nearest (is_internal). */
export async function searchInternal(
  db: DbOrTx,
  scope: TenantScope,
  search: { input: string; centre: Centre; limit: number },
): Promise<InternalPlace[]> {
  if (scope.kind === 'companies' && scope.companyIds.length === 0) return [];
  const q = normalised(search.input);
  const text = sql`f_unaccent(lower(${internalPlaces.name}))`;
  return db
    .select(internalColumns)
    .from(internalPlaces)
    .where(and(inScope(scope), sql`${q} <% ${text}`))
    .orderBy(
      desc(sql`round(word_similarity(${q}, ${text}) * 10)`),
      asc(metresFrom(internalPlaces.lat, internalPlaces.lng, search.centre)),
      asc(internalPlaces.id),
    )
    .limit(search.limit);
}

export async function findInternal(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
): Promise<InternalPlace | undefined> {
  const [row] = await db
    .select(internalColumns)
    .from(internalPlaces)
    .where(and(eq(internalPlaces.id, id), inScope(scope)))
    .limit(1);
  return row;
}

export async function insertInternal(
  db: DbOrTx,
  values: typeof internalPlaces.$inferInsert,
): Promise<InternalPlace> {
  const [row] = await db.insert(internalPlaces).values(values).returning(internalColumns);
  if (!row) throw new Error('internal place insert returned no row');
  return row;
}

/**
 * Deletes only inside the scope: the deleted place's company (whose cached places are now
 * stale), or null when there was nothing of the caller's to delete.
 */
export async function deleteInternal(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
): Promise<number | null> {
  const [row] = await db
    .delete(internalPlaces)
    .where(and(eq(internalPlaces.id, id), inScope(scope)))
    .returning({ company_id: internalPlaces.company_id });
  return row?.company_id ?? null;
}

/** Every saved place of one company: the in-memory search's copy (internal-places.ts). */
export async function listInternal(db: DbOrTx, companyId: number): Promise<InternalPlace[]> {
  return db
    .select(internalColumns)
    .from(internalPlaces)
    .where(eq(internalPlaces.company_id, companyId))
    .orderBy(asc(internalPlaces.id));
}

/** The first of the companies with coordinates: the centre searches are ranked around. */
export async function companyCentre(db: DbOrTx, companyIds: number[]): Promise<Centre | null> {
  if (companyIds.length === 0) return null;
  const [row] = await db
    .select({ lat: companies.lat, lng: companies.lng })
    .from(companies)
    .where(
      and(inArray(companies.id, companyIds), isNotNull(companies.lat), isNotNull(companies.lng)),
    )
    .orderBy(asc(companies.id))
    .limit(1);
  return row?.lat != null && row.lng != null ? { lat: row.lat, lng: row.lng } : null;
}
