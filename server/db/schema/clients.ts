import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, utcNow, utcTimestamp } from './columns';
import { companies } from './companies';
import { users } from './users';

/** Clients of a dispatch company, their saved addresses and the blocked numbers. */
/** Client: a caller of a dispatch company, found again by phone. */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Normalised (common/lib/phone). */
    phone: text('phone').notNull(),
    name: text('name'),
    about: text('about'),
    /** The protocol company user the client rides for, if any. */
    protocol_parent_user: integer('protocol_parent_user').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The client's own app account, if they have one. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('clients_company_phone_idx').on(t.company_id, t.phone),
    index('clients_user_idx').on(t.user_id),
  ],
);

/** Saved address: remembered from a client's orders; deletable (client history). */
export const clientAddresses = pgTable(
  'client_addresses',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    client_id: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    place_id: text('place_id'),
    comment: text('comment'),
    scara: text('scara'),
    bloc: text('bloc'),
    reper: text('reper'),
    is_internal: boolean('is_internal').notNull().default(false),
    use_count: integer('use_count').notNull().default(1),
    last_used_at: utcTimestamp('last_used_at').notNull().default(utcNow),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('client_addresses_client_name_idx').on(t.client_id, t.name),
    index('client_addresses_recent_idx').on(t.client_id, t.last_used_at),
  ],
);

/** Blocked phone: orders from it are refused. */
export const blockedPhones = pgTable(
  'blocked_phones',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    reason: text('reason'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('blocked_phones_company_phone_idx').on(t.company_id, t.phone)],
);
