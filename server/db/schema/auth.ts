import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, utcTimestamp } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * Opaque session tokens: only a SHA-256 of the token is stored, so a leaked
 * table does not leak sessions. Revocable (logout, disable) and with an absolute expiry.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: createdAt(),
    expires_at: utcTimestamp('expires_at').notNull(),
    last_used_at: utcTimestamp('last_used_at'),
    revoked_at: utcTimestamp('revoked_at'),
    ip: text('ip'),
    user_agent: text('user_agent'),
    /**
     * A narrowed session (the simulator acting as a driver): the one role and the one
     * company it carries, whatever else its user holds. Null on a login's session.
     */
    scope_role: text('scope_role'),
    scope_company_id: integer('scope_company_id').references(() => companies.id, {
      onDelete: 'cascade',
    }),
    /** The session that minted this one: it lives only while that one does. */
    parent_token_id: integer('parent_token_id').references((): AnyPgColumn => accessTokens.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    uniqueIndex('access_tokens_hash_idx').on(t.token_hash),
    index('access_tokens_user_idx').on(t.user_id),
    index('access_tokens_parent_idx').on(t.parent_token_id),
  ],
);

/**
 * Device cookies (docs/DECISIONS.md "Login limits", OWASP "device cookies"): a browser that
 * once logged in to an account holds a random token for it; only its SHA-256 is stored. A login
 * that presents one is limited by its own failures, not by strangers'.
 */
export const deviceCookies = pgTable(
  'device_cookies',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: createdAt(),
    expires_at: utcTimestamp('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('device_cookies_hash_idx').on(t.token_hash),
    index('device_cookies_user_idx').on(t.user_id),
  ],
);
