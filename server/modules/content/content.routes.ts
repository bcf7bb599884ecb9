import {
  createContent,
  getContent,
  getContentByUrl,
  listContent,
  updateContent,
} from '@common/content/content.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, route } from '../../http/route';
import type { ContentService } from './content.service';

/** The platform's public pages: anyone reads them; only the platform admin writes. */
export function contentRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  content: ContentService,
) {
  route(app, authenticate, getContent, { public: true }, ({ params }) => content.get(params.id));
  route(app, authenticate, getContentByUrl, { public: true }, ({ params }) =>
    content.byUrl(params.section, params.url),
  );
  route(app, authenticate, listContent, { public: true }, ({ query }) =>
    content.list(query.section),
  );
  route(app, authenticate, createContent, { roles: ['admin'] }, ({ body }) => content.create(body));
  route(app, authenticate, updateContent, { roles: ['admin'] }, ({ params, body }) =>
    content.update(params.id, body),
  );
}
