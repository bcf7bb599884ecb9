import { z } from 'zod';
import { requiredText } from '../http/fields';

/** Where a page is public: page → /page/{url}; documentation → /documentation/{url}, /docs/{url}. */
export const CONTENT_SECTIONS = ['page', 'documentation'] as const;
export const ContentSectionSchema = z.enum(CONTENT_SECTIONS, {
  error: 'Secțiunea este „page” sau „documentation”.',
});
export type ContentSection = z.infer<typeof ContentSectionSchema>;

export const CONTENT_SECTION_LABELS: Record<ContentSection, string> = {
  page: 'Pagină',
  documentation: 'Documentație',
};

/** GET /api/content/1: a public page; `content` is sanitised HTML. */
export const ContentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  section: ContentSectionSchema,
  url: z.string().nullable(),
});
export type Content = z.infer<typeof ContentSchema>;

/** A page in the list: no body. */
export const ContentSummarySchema = ContentSchema.omit({ content: true }).extend({
  updated_at: z.string(),
});
export type ContentSummary = z.infer<typeof ContentSummarySchema>;

export const INVALID_URL =
  'Adresa poate avea doar litere mici, cifre și cratime (ex. termeni-si-conditii).';
export const URL_TAKEN = 'Există deja o pagină cu această adresă în secțiune.';

/** The last segment of a public page's address: lower-case words joined by hyphens. */
export const ContentUrlSchema = z
  .string()
  .trim()
  .max(100, INVALID_URL)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, INVALID_URL);

/** /content: what the platform admin writes; the HTML is sanitised on the server. */
export const ContentBodySchema = z.strictObject({
  title: requiredText(200, 'Titlul este obligatoriu.'),
  content: z.string().max(200_000, 'Conținutul este prea lung.'),
  section: ContentSectionSchema,
  /** Without one the page is read only by its id (the privacy page is /driver/privacy). */
  url: z.preprocess((value) => (value === '' ? null : value), ContentUrlSchema.nullable()),
});
export type ContentBody = z.infer<typeof ContentBodySchema>;
export type ContentInput = z.input<typeof ContentBodySchema>;
