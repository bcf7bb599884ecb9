import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * Address service, POST /add-place: a place saved by an operator of a company, with
 * bloc, scara and reper. Answered first in searches of that company as `internal:<id>`.
 */
export const internalPlaces = pgTable(
  'internal_places',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    comment: text('comment'),
    bloc: text('bloc'),
    scara: text('scara'),
    reper: text('reper'),
    /** The prediction the operator started from (add-place place_id), if any. */
    source_place_id: text('source_place_id'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('internal_places_company_idx').on(t.company_id),
    index('internal_places_name_trgm_idx').using(
      'gin',
      sql`f_unaccent(lower(${t.name})) gin_trgm_ops`,
    ),
    check('internal_places_lat_check', sql`${t.lat} between -90 and 90`),
    check('internal_places_lng_check', sql`${t.lng} between -180 and 180`),
  ],
);

/**
 * The offline gazetteer: streets, house numbers, localities and named places read
 * from OpenStreetMap extracts. Shared by every company (public data, not a tenant's);
 * `(osm_type, osm_id)` is unique so a re-import updates rows instead of duplicating them.
 */
export const gazetteer = pgTable(
  'gazetteer',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'n' node, 'w' way, 'r' relation (the letter of the OSM id, as in `osm:w123`). */
    osm_type: text('osm_type').notNull(),
    osm_id: bigint('osm_id', { mode: 'number' }).notNull(),
    /** street | house | locality | place */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    street: text('street'),
    housenumber: text('housenumber'),
    city: text('city'),
    county: text('county'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** What the trigram index matches: the name with its street, number and city. */
    search_text: text('search_text').notNull(),
  },
  (t) => [
    uniqueIndex('gazetteer_osm_idx').on(t.osm_type, t.osm_id),
    index('gazetteer_search_trgm_idx').using(
      'gin',
      sql`f_unaccent(lower(${t.search_text})) gin_trgm_ops`,
    ),
    index('gazetteer_lat_lng_idx').on(t.lat, t.lng),
    check('gazetteer_kind_check', sql`${t.kind} in ('street', 'house', 'locality', 'place')`),
  ],
);
