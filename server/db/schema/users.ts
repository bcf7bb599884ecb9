import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, utcTimestamp } from './columns';
import { companies } from './companies';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-cased; unique across the platform (it is the login). */
    email: text('email').notNull(),
    phone: text('phone'),
    /** Driver identifier shown to dispatchers (Driver identifier). */
    identifier: text('identifier'),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    password_hash: text('password_hash').notNull(),
    is_online: boolean('is_online').notNull().default(false),
    last_activity_at: utcTimestamp('last_activity_at'),
    ban_until: utcTimestamp('ban_until'),
    ban_reason: text('ban_reason'),
    /**
     * A driver's durable work state (Driver), written only by the drivers' write path
     * (server/modules/drivers/state) with a change of the drivers' stream in the same
     * transaction. Paused: online, offered nothing. Busy: on a trip (the engine sets it).
     */
    is_paused: boolean('is_paused').notNull().default(false),
    is_busy: boolean('is_busy').notNull().default(false),
    high_priority: boolean('high_priority').notNull().default(false),
    /** Since when the driver has been free (online, not busy). */
    idle_from: utcTimestamp('idle_from'),
    /** A disabled account cannot log in and its tokens stop working. */
    disabled_at: utcTimestamp('disabled_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    index('users_roles_idx').using('gin', t.roles),
    index('users_name_trgm_idx').using('gin', sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
  ],
);

/** Which companies a user belongs to: the tenant scope of every query. */
export const companyUsers = pgTable(
  'company_users',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.company_id, t.user_id] }),
    index('company_users_user_idx').on(t.user_id),
  ],
);

/** Logged user meta key/value pairs (telephony URL, websocket address …). */
export const userMeta = pgTable(
  'user_meta',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('user_meta_user_key_idx').on(t.user_id, t.key)],
);

/** Driver default_car: call sign (indicativ), make, model, colour, plate. */
export const cars = pgTable(
  'cars',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    driver_id: integer('driver_id').references(() => users.id, { onDelete: 'set null' }),
    indicativ: text('indicativ').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    color: text('color').notNull(),
    number: text('number').notNull(),
    /** Fleet records (docs/ADMINISTRATION.md): year made, seats, document expiries. */
    year: integer('year'),
    seats: integer('seats'),
    /** ITP (technical inspection), RCA (liability insurance), taxi licence: YYYY-MM-DD. */
    itp_until: date('itp_until', { mode: 'string' }),
    rca_until: date('rca_until', { mode: 'string' }),
    license_until: date('license_until', { mode: 'string' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('cars_company_indicativ_idx').on(t.company_id, t.indicativ),
    index('cars_driver_idx').on(t.driver_id),
  ],
);

/** A driver's phone or tablet running the driver app (/devices). */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    model: text('model').notNull(),
    /** android | ios */
    platform: text('platform').notNull(),
    app_version: text('app_version'),
    driver_id: integer('driver_id').references(() => users.id, { onDelete: 'set null' }),
    last_seen_at: utcTimestamp('last_seen_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('devices_company_identifier_idx').on(t.company_id, t.identifier),
    index('devices_driver_idx').on(t.driver_id),
  ],
);

/**
 * /driver/reports/{token}: a link to one driver's trip history. Only the token's
 * SHA-256 is stored; it expires and can be revoked.
 */
export const driverReportTokens = pgTable(
  'driver_report_tokens',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    driver_id: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: utcTimestamp('expires_at').notNull(),
    revoked_at: utcTimestamp('revoked_at'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('driver_report_tokens_hash_idx').on(t.token_hash),
    index('driver_report_tokens_driver_idx').on(t.driver_id),
  ],
);
