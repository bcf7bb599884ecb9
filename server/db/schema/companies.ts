import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  doublePrecision,
  integer,
  pgTable,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** SPEC §3 Logged user companies[]: name, type, package_id, lat, lng; plus the registration number. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** dispatch | protocol | courier | restaurant | media (common/auth COMPANY_TYPES). */
    type: text('type').notNull(),
    /** SPEC §1: 0 media, 1 taxi, 2 courier, 3 restaurant. */
    package_id: integer('package_id').notNull(),
    /** Registration number (CUI), without the leading 'RO' (SPEC §5 Sign-up). */
    cui: text('cui'),
    /** A protocol company is a corporate client of one dispatch company. */
    parent_company_id: integer('parent_company_id').references((): AnyPgColumn => companies.id, {
      onDelete: 'set null',
    }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('companies_package_id_check', sql`${t.package_id} between 0 and 3`),
    check('companies_lat_check', sql`${t.lat} is null or ${t.lat} between -90 and 90`),
    check('companies_lng_check', sql`${t.lng} is null or ${t.lng} between -180 and 180`),
  ],
);
