import { getHealth } from '@common/health/health.api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { type Authenticate, route } from '../../http/route';

export function healthRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  database: Database,
  nodeId: string,
) {
  route(app, authenticate, getHealth, { public: true }, async () => {
    await database.db.execute(sql`select 1`); // an outage answers 503 through the error handler
    return { status: 'ok' as const, database: database.kind, node: nodeId };
  });
}
