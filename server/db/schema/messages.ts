import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, utcTimestamp } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * A message to all of a company's drivers or clients, recorded once: who, when, to how many.
 * Each recipient's copy is a row of `messages` written by the same statement.
 */
export const messageBroadcasts = pgTable(
  'message_broadcasts',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sender_id: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'drivers' or 'clients'. */
    audience: text('audience').notNull(),
    message: text('message').notNull(),
    recipients: integer('recipients').notNull(),
    created_at: createdAt(),
  },
  // The per-company rate limit counts the last hour's.
  (t) => [index('message_broadcasts_company_idx').on(t.company_id, t.created_at)],
);

/**
 * A message from one person to another within one company (a conversation is the pair and the
 * company). Stored as typed; shown as text.
 *
 * No foreign keys, like the positions' history: a message to all writes thousands of rows in
 * one statement, and their per-row checks cost twice the insert itself. The service checks
 * every id it writes, and users, companies and orders are disabled, never deleted.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id').notNull(),
    sender_id: integer('sender_id').notNull(),
    /** The recipient. */
    user_id: integer('user_id').notNull(),
    title: text('title'),
    message: text('message').notNull(),
    /** 'chat', or the audience of the broadcast this is a copy of. */
    type: text('type').notNull().default('chat'),
    order_id: integer('order_id'),
    /** The message to all this is a copy of. */
    broadcast_id: integer('broadcast_id'),
    delivered_at: utcTimestamp('delivered_at'),
    read_at: utcTimestamp('read_at'),
    created_at: createdAt(),
  },
  (t) => [
    // A conversation read from either side: what he sent me, what I sent him.
    index('messages_recipient_idx').on(t.user_id, t.company_id, t.sender_id, t.id),
    index('messages_sender_idx').on(t.sender_id, t.company_id, t.user_id, t.id),
    // The unread count (polled by every console).
    index('messages_unread_idx').on(t.user_id, t.company_id).where(sql`${t.read_at} is null`),
    // Retention (MESSAGES_KEEP_DAYS).
    index('messages_created_idx').on(t.created_at),
  ],
);
