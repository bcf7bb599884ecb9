import {
  type Content,
  type ContentBody,
  type ContentSection,
  ContentSectionSchema,
  URL_TAKEN,
} from '@common/content/content.schema';
import {
  CONTENT_LINK_ATTRIBUTES,
  CONTENT_LINK_SCHEMES,
  CONTENT_TAGS,
  isSafeHref,
} from '@common/content/content-html';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { notFound, validationFailed } from '../../http/app-error';
import * as repo from './content.repo';

/** Tags a content page may use; scripts, styles, frames and event handlers never pass. */
export const ALLOWED_CONTENT = {
  allowedTags: [...CONTENT_TAGS],
  allowedAttributes: { a: [...CONTENT_LINK_ATTRIBUTES] },
  allowedSchemes: [...CONTENT_LINK_SCHEMES],
  allowProtocolRelative: false,
  transformTags: {
    // One rule with the renderer (isSafeHref): sanitize-html alone keeps '/\evil.example'.
    a: (tagName: string, attribs: sanitizeHtml.Attributes) => {
      const { href, ...rest } = attribs;
      return {
        tagName,
        attribs: {
          ...rest,
          ...(href !== undefined && isSafeHref(href) ? { href } : {}),
          rel: 'noopener noreferrer',
        },
      };
    },
  },
};

const sanitise = (html: string) => sanitizeHtml(html, ALLOWED_CONTENT);

type Row = NonNullable<Awaited<ReturnType<typeof repo.findContent>>>;

/** A stored page as served: its HTML sanitised again, whoever stored it (and whenever). */
const served = (row: Row): Content => ({
  ...row,
  section: ContentSectionSchema.catch('page').parse(row.section),
  content: sanitise(row.content),
});

/** The unique (section, url) index refused the write: another page has that address. */
const isUrlTaken = (error: unknown) => isUniqueViolation(error, 'content_pages_section_url_idx');

export function createContentService(db: Db) {
  /** GET /api/content/{id}: sanitised on the way out, whoever stored it. */
  async function get(id: number) {
    const page = await repo.findContent(db, id);
    if (!page) throw notFound('page');
    return served(page);
  }

  /** /page/{url}, /documentation/{url}, /docs/{url}. */
  async function byUrl(section: string, url: string) {
    const known = ContentSectionSchema.safeParse(section);
    if (!known.success) throw notFound('page');
    const page = await repo.findContentByUrl(db, known.data, url);
    if (!page) throw notFound('page');
    return served(page);
  }

  async function list(section: ContentSection | undefined) {
    const rows = await repo.listContent(db, section);
    return {
      data: rows.map((row) => ({
        ...row,
        section: ContentSectionSchema.catch('page').parse(row.section),
      })),
    };
  }

  /** The platform admin's writes: the HTML is sanitised before it is stored, and again when served. */
  async function write(id: number | null, body: ContentBody) {
    const values = { ...body, content: sanitise(body.content) };
    try {
      const row =
        id === null
          ? await repo.insertContent(db, values)
          : await repo.updateContent(db, id, values);
      if (!row) throw notFound('page');
      return served(row);
    } catch (error) {
      if (isUrlTaken(error)) throw validationFailed({ url: [URL_TAKEN] });
      throw error;
    }
  }

  return {
    get,
    byUrl,
    list,
    create: (body: ContentBody) => write(null, body),
    update: (id: number, body: ContentBody) => write(id, body),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
