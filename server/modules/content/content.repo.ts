import type { ContentBody, ContentSection } from '@common/content/content.schema';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contentPages } from '../../db/schema';
import { utcNow } from '../../db/schema/columns';

const pageColumns = {
  id: contentPages.id,
  title: contentPages.title,
  content: contentPages.content,
  section: contentPages.section,
  url: contentPages.url,
};

export async function findContent(db: DbOrTx, id: number) {
  const [row] = await db
    .select(pageColumns)
    .from(contentPages)
    .where(eq(contentPages.id, id))
    .limit(1);
  return row;
}

export async function findContentByUrl(db: DbOrTx, section: ContentSection, url: string) {
  const [row] = await db
    .select(pageColumns)
    .from(contentPages)
    .where(and(eq(contentPages.section, section), eq(contentPages.url, url)))
    .limit(1);
  return row;
}

/** A platform has tens of pages; the bound keeps the read small regardless. */
const PAGES_LIMIT = 500;

export async function listContent(db: DbOrTx, section: ContentSection | undefined) {
  return db
    .select({
      id: contentPages.id,
      title: contentPages.title,
      section: contentPages.section,
      url: contentPages.url,
      updated_at: contentPages.updated_at,
    })
    .from(contentPages)
    .where(section ? eq(contentPages.section, section) : undefined)
    .orderBy(asc(contentPages.section), asc(contentPages.title), asc(contentPages.id))
    .limit(PAGES_LIMIT);
}

export async function insertContent(db: DbOrTx, values: ContentBody) {
  const [row] = await db.insert(contentPages).values(values).returning(pageColumns);
  return row;
}

export async function updateContent(db: DbOrTx, id: number, values: ContentBody) {
  const [row] = await db
    .update(contentPages)
    .set({ ...values, updated_at: utcNow })
    .where(eq(contentPages.id, id))
    .returning(pageColumns);
  return row;
}
