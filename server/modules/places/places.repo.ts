import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { companies, gazetteer, internalPlaces } from '../../db/schema';
import type { TenantScope } from '../../http/auth-context';

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
  limit: number;
}

/**
 * Trigram search of the gazetteer (issue #3): `q <% text` is pg_trgm's word similarity, which
 * matches the query against the best-matching run of words of the text, so a partly typed
 * 'stefan cel ma' finds 'Bulevardul Ștefan cel Mare și Sfânt Iași' and the GIN index on
 * f_unaccent(lower(search_text)) serves it. Ranked by similarity in steps of 0.1 (so near-equal
 * matches tie), then the asked house before its street, then by how well the name alone matches (a street named so beats a street merely
 * in a city named so), then by distance. The bounding box uses the (lat, lng) btree.
 */
export async function searchGazetteer(db: DbOrTx, search: GazetteerSearch) {
  const q = normalised(search.input);
  const text = sql`f_unaccent(lower(${gazetteer.search_text}))`;
  const distance = metresFrom(gazetteer.lat, gazetteer.lng, search.centre);
  const dLat = search.radiusM / 111_320;
  const dLng =
    search.radiusM / (111_320 * Math.max(0.01, Math.cos((search.centre.lat * Math.PI) / 180)));
  const score = sql<number>`word_similarity(${q}, ${text})`;
  const nameScore = sql<number>`word_similarity(${q}, f_unaccent(lower(${gazetteer.name})))`;
  return db
    .select({
      osm_type: gazetteer.osm_type,
      osm_id: gazetteer.osm_id,
      kind: gazetteer.kind,
      name: gazetteer.name,
      city: gazetteer.city,
      county: gazetteer.county,
      lat: gazetteer.lat,
      lng: gazetteer.lng,
      score,
      distance,
    })
    .from(gazetteer)
    .where(
      and(
        sql`${q} <% ${text}`,
        sql`${gazetteer.lat} between ${search.centre.lat - dLat} and ${search.centre.lat + dLat}`,
        sql`${gazetteer.lng} between ${search.centre.lng - dLng} and ${search.centre.lng + dLng}`,
        sql`${distance} <= ${search.radiusM}`,
        search.housenumber === null
          ? sql`${gazetteer.kind} <> 'house'`
          : sql`(${gazetteer.kind} <> 'house' or lower(${gazetteer.housenumber}) = ${search.housenumber.toLowerCase()})`,
      ),
    )
    .orderBy(
      desc(sql`round(${score} * 10)`),
      desc(sql`${gazetteer.kind} = 'house'`),
      desc(sql`round(${nameScore} * 10)`),
      asc(distance),
    )
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

/** The caller's saved places matching the query, best match then nearest (SPEC §7 is_internal). */
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

/** Deletes only inside the scope; false when there was nothing of the caller's to delete. */
export async function deleteInternal(db: DbOrTx, scope: TenantScope, id: number) {
  const rows = await db
    .delete(internalPlaces)
    .where(and(eq(internalPlaces.id, id), inScope(scope)))
    .returning({ id: internalPlaces.id });
  return rows.length > 0;
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
