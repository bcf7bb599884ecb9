import {
  createPriorityInterval,
  createSearchInterval,
  createSearchMethod,
  deletePriorityInterval,
  deleteSearchInterval,
  listPriorityIntervals,
  listSearchIntervals,
  sortSearchIntervals,
  updateSearchInterval,
  updateSearchMethod,
} from '@common/dispatch/search-config.api';
import { SEARCH_CONFIG_EDITORS } from '@common/dispatch/search-config.schema';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, CONSOLE_ROLES, route } from '../../../http/route';
import type { SearchConfigService } from './search-config.service';

/**
 * Every console reads the search configuration; admins and dispatchers (
 * dispatchers set driver priority intervals) edit it — the same split as zones.routes.ts.
 */
const READ = { roles: CONSOLE_ROLES };
const EDIT = { roles: SEARCH_CONFIG_EDITORS };

export function searchConfigRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  config: SearchConfigService,
) {
  route(app, authenticate, listSearchIntervals, READ, ({ auth }) => config.listIntervals(auth));
  route(app, authenticate, createSearchInterval, EDIT, ({ auth, body }) =>
    config.createInterval(auth, body),
  );
  route(app, authenticate, sortSearchIntervals, EDIT, ({ auth, body }) =>
    config.sortIntervals(auth, body.ids),
  );
  route(app, authenticate, updateSearchInterval, EDIT, ({ auth, params, body }) =>
    config.updateInterval(auth, params.id, body),
  );
  route(app, authenticate, deleteSearchInterval, EDIT, async ({ auth, params }) => {
    await config.deleteInterval(auth, params.id);
    return null;
  });
  route(app, authenticate, createSearchMethod, EDIT, ({ auth, body }) =>
    config.createMethod(auth, body),
  );
  route(app, authenticate, updateSearchMethod, EDIT, ({ auth, params, body }) =>
    config.updateMethod(auth, params.id, body),
  );

  route(app, authenticate, listPriorityIntervals, READ, ({ auth, query }) =>
    config.listPriority(auth, query.page, query.per_page),
  );
  route(app, authenticate, createPriorityInterval, EDIT, ({ auth, body }) =>
    config.createPriority(auth, body),
  );
  route(app, authenticate, deletePriorityInterval, EDIT, async ({ auth, params }) => {
    await config.deletePriority(auth, params.id);
    return null;
  });
}
