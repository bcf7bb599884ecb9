import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, utcTimestamp } from './columns';

/** Logged user companies[]: name, type, package_id, lat, lng; plus the registration number. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** dispatch | protocol | courier | restaurant | media (common/auth COMPANY_TYPES). */
    type: text('type').notNull(),
    /** 0 media, 1 taxi, 2 courier, 3 restaurant. */
    package_id: integer('package_id').notNull(),
    /** Registration number (CUI), without the leading 'RO' (Sign-up). */
    cui: text('cui'),
    /** A protocol company is a corporate client of one dispatch company. */
    parent_company_id: integer('parent_company_id').references((): AnyPgColumn => companies.id, {
      onDelete: 'set null',
    }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** Company sign-up: address, EUID, phone, description, logo (an image URL). */
    address: text('address'),
    euid: text('euid'),
    phone: text('phone'),
    description: text('description'),
    logo: text('logo'),
    /** The registry's scpTVA: the company pays VAT (sign-up lookup). */
    vat_payer: boolean('vat_payer').notNull().default(false),
    /** A signed-up business runs on trial until then; null = not on trial. */
    trial_ends_at: utcTimestamp('trial_ends_at'),
    /** /settings: the service a new order starts with (default service 1 when null). */
    default_service_id: integer('default_service_id'),
    /**
     * /settings: the search step the dispatch engine uses when none of the company's search
     * intervals applies (a SearchItem; null = the default new search item).
     */
    dispatch_defaults: jsonb('dispatch_defaults'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // One company per registration number: a second sign-up with it is refused.
    uniqueIndex('companies_cui_idx').on(t.cui).where(sql`${t.cui} is not null`),
    check('companies_package_id_check', sql`${t.package_id} between 0 and 3`),
    check('companies_lat_check', sql`${t.lat} is null or ${t.lat} between -90 and 90`),
    check('companies_lng_check', sql`${t.lng} is null or ${t.lng} between -180 and 180`),
  ],
);

/**
 * Sign-up retries: the first answer of POST /api/company per Idempotency-Key, so a
 * retried sign-up logs into the company it created instead of creating a second one.
 */
export const companySignups = pgTable('company_signups', {
  idempotency_key: text('idempotency_key').primaryKey(),
  request_hash: text('request_hash').notNull(),
  company_id: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  user_id: integer('user_id').notNull(),
  created_at: createdAt(),
});
