import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { companies } from './companies';

export interface StoredLatLong {
  lat: number;
  long: number;
}

/** Polygon (zone): a company's named area; `paths` is its outline. */
export const polygons = pgTable(
  'polygons',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    is_visible: boolean('is_visible').notNull().default(true),
    /** Where zones overlap, a driver is in the one of highest priority. */
    priority: integer('priority').notNull().default(0),
    paths: jsonb('paths').$type<StoredLatLong[]>().notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('polygons_company_idx').on(t.company_id)],
);

/** A taxi stand: a point with a radius (metres) or a small outline. */
export const stands = pgTable(
  'stands',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    radius: integer('radius'),
    paths: jsonb('paths').$type<StoredLatLong[]>(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('stands_company_idx').on(t.company_id)],
);

/**
 * One row counting every write to zones and stands, bumped in the same transaction: each node
 * compares it with the revision its zone index was built from and rebuilds when it moved, so a
 * zone edit reaches every node's index even when the wake-up between nodes is lost.
 */
export const zonesRevision = pgTable('zones_revision', {
  id: smallint('id').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull(),
});
