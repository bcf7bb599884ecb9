import { sql } from 'drizzle-orm';
import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** GET /api/content/1: public pages (privacy policy …) edited by the platform. */
export const contentPages = pgTable(
  'content_pages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** HTML; sanitised again whenever it is served. */
    content: text('content').notNull(),
    /**
     * Where the page is public: `page` → /page/{url}, `documentation` →
     * /documentation/{url} and /docs/{url}. A page without a url is only read by id.
     */
    section: text('section').notNull().default('page'),
    url: text('url'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('content_pages_section_url_idx')
      .on(t.section, t.url)
      .where(sql`${t.url} is not null`),
  ],
);
