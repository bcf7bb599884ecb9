import { exportStatement, getStatement, listStatementClients } from '@common/money/statements.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import type { StatementsService } from './statements.service';

/** The console's roles; the service decides whose statement each may read. */
const READ = { roles: CONSOLE_ROLES };

export function statementsRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  statements: StatementsService,
) {
  route(app, authenticate, listStatementClients, READ, ({ auth, query }) =>
    statements.clients(auth, query),
  );
  route(app, authenticate, getStatement, READ, ({ auth, params, query }) =>
    statements.statement(auth, params.company_id, query.month),
  );
  route(app, authenticate, exportStatement, READ, ({ auth, params, query }) =>
    statements.exportStatement(auth, params.company_id, query),
  );
}
