import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** SPEC §7 GET /api/content/1: public pages (privacy policy …) edited by the platform. */
export const contentPages = pgTable('content_pages', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  /** HTML; sanitised again whenever it is served. */
  content: text('content').notNull(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});
