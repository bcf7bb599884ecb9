import { getContent } from '@common/content/content.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, route } from '../../http/route';
import type { ContentService } from './content.service';

export function contentRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  content: ContentService,
) {
  route(app, authenticate, getContent, { public: true }, ({ params }) => content.get(params.id));
}
