import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contentPages } from '../../db/schema';

export async function findContent(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: contentPages.id, title: contentPages.title, content: contentPages.content })
    .from(contentPages)
    .where(eq(contentPages.id, id))
    .limit(1);
  return row;
}
