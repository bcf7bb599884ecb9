import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import { idParam } from '../http/fields';
import {
  ContentBodySchema,
  ContentSchema,
  ContentSectionSchema,
  ContentSummarySchema,
} from './content.schema';

/** GET /api/content/1: a public page by id. */
export const getContent = defineEndpoint({
  method: 'GET',
  path: '/api/content/:id',
  params: z.object({ id: idParam() }),
  response: ContentSchema,
});

/** A public page by where it is published (/page/{url}, /documentation/{url}). */
export const getContentByUrl = defineEndpoint({
  method: 'GET',
  path: '/api/content/by-url/:section/:url',
  // Any text: an address that names no page is a 404, whatever it holds.
  params: z.object({ section: z.string().max(40), url: z.string().max(100) }),
  response: ContentSchema,
});

/** Every page's title and address (public: the pages themselves are); by section, then title. */
export const listContent = defineEndpoint({
  method: 'GET',
  path: '/api/content',
  query: z.strictObject({ section: ContentSectionSchema.optional() }),
  response: z.object({ data: z.array(ContentSummarySchema) }),
});

/** The platform admin writes pages (/content); an address taken in the section is 422 on url. */
export const createContent = defineEndpoint({
  method: 'POST',
  path: '/api/content',
  body: ContentBodySchema,
  response: ContentSchema,
  status: 201,
});

export const updateContent = defineEndpoint({
  method: 'PATCH',
  path: '/api/content/:id',
  params: z.object({ id: idParam() }),
  body: ContentBodySchema,
  response: ContentSchema,
});
