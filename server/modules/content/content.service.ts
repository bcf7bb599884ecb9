import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';
import { findContent } from './content.repo';

/** Tags a content page may use; scripts, styles, frames and event handlers never pass (research R20). */
const ALLOWED = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'u',
    'a',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function createContentService(db: Db) {
  /** SPEC §7 GET /api/content/{id}: sanitised on the way out, whoever stored it. */
  async function get(id: number) {
    const page = await findContent(db, id);
    if (!page) throw notFound('page');
    return { ...page, content: sanitizeHtml(page.content, ALLOWED) };
  }
  return { get };
}

export type ContentService = ReturnType<typeof createContentService>;
