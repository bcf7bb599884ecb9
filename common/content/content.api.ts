import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import { idParam } from '../http/fields';

/** SPEC §7 GET /api/content/1: a public page; `content` is sanitised HTML. */
export const ContentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
});
export type Content = z.infer<typeof ContentSchema>;

export const getContent = defineEndpoint({
  method: 'GET',
  path: '/api/content/:id',
  params: z.object({ id: idParam() }),
  response: ContentSchema,
});
