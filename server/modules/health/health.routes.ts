import { randomUUID } from 'node:crypto';
import { getHealth } from '@common/health/health.api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { type Authenticate, route } from '../../http/route';

export function healthRoutes(app: FastifyInstance, authenticate: Authenticate, database: Database) {
  // Anyone may ask, so the node is a random name, not its host and pid; this line
  // (pino adds hostname and pid) tells the operator which process it is.
  const node = randomUUID().slice(0, 8);
  app.log.info({ node }, 'GET /api/health names this node');
  route(app, authenticate, getHealth, { public: true }, async () => {
    await database.db.execute(sql`select 1`); // an outage answers 503 through the error handler
    return { status: 'ok' as const, database: database.kind, node };
  });
}
