import { CompanyTypeSchema } from '@common/auth/auth.schema';
import { can } from '@common/auth/page-access';
import {
  type CreateIntervalBody,
  type CreatePriorityBody,
  intervalProblems,
  type MethodBody,
  type PatchIntervalBody,
  type PriorityInterval,
  type PriorityIntervalList,
  type SearchInterval,
  type SearchMethod,
  SORT_SET_MISMATCH,
  unknownDriver,
  unknownInterval,
  unknownMethod,
} from '@common/dispatch/search-config.schema';
import { DEFAULT_SEARCH_ITEM } from '@common/dispatch/search-method.schema';
import type { Db } from '../../../db/client';
import { forbidden, notFound, validationFailed } from '../../../http/app-error';
import { type AuthContext, ownerOf } from '../../../http/auth-context';
import type { Publisher } from '../../../realtime/publisher';
import { findCompanies } from '../../companies/companies.repo';
import { driversOfCompanies } from '../../users/users.repo';
import * as priority from './priority.repo';
import * as repo from './search-config.repo';

export interface SearchConfigDeps {
  db: Db;
  publisher: Pick<Publisher, 'toCompany'>;
}

/**
 * The search configuration of the caller's company ('Search methods and intervals'):
 * search intervals and their methods, which the engine reads through search-plan.ts, and the
 * driver priority intervals. A company never reads or edits another's: a foreign id is a 404
 * like a missing one.
 */
export function createSearchConfigService({ db, publisher }: SearchConfigDeps) {
  async function intervalOrThrow(companyId: number, id: number): Promise<SearchInterval> {
    const interval = await repo.findInterval(db, companyId, id);
    if (!interval) throw notFound('resource');
    return interval;
  }

  /**
   * The company whose configuration an edit changes. A protocol client's company only orders
   * rides from its dispatch company and searches for no driver itself: it edits nothing here
   * (the same rule that keeps the builder out of its menu).
   */
  async function editedCompany(auth: AuthContext): Promise<number> {
    const companies = (await findCompanies(db, auth.companyIds)).map((company) => ({
      type: CompanyTypeSchema.parse(company.type),
    }));
    if (!can({ roles: auth.roles, companies }, 'buildsSearch')) throw forbidden();
    return ownerOf(auth);
  }

  return {
    listIntervals: (auth: AuthContext) => repo.listIntervals(db, ownerOf(auth)),

    /** Defaults come from the contract; without a method, one default step. */
    async createInterval(auth: AuthContext, body: CreateIntervalBody): Promise<SearchInterval> {
      const companyId = await editedCompany(auth);
      const id = await repo.insertInterval(db, companyId, {
        type: body.type,
        value: body.value,
        methodId: body.search_method_id,
        newMethodItems: [DEFAULT_SEARCH_ITEM],
      });
      if (id === undefined) throw validationFailed({ search_method_id: [unknownMethod] });
      return intervalOrThrow(companyId, id);
    },

    /** The rules are judged on the interval as the patch leaves it. */
    async updateInterval(
      auth: AuthContext,
      id: number,
      patch: PatchIntervalBody,
    ): Promise<SearchInterval> {
      const companyId = await editedCompany(auth);
      const stored = await intervalOrThrow(companyId, id);
      const next = {
        type: patch.type ?? stored.type,
        value: patch.value ?? stored.value,
        search_method_id: patch.search_method_id ?? stored.search_method_id,
      };
      const problems = intervalProblems(next.type, next.value);
      if (
        patch.search_method_id !== undefined &&
        !(await repo.methodExists(db, companyId, patch.search_method_id))
      ) {
        problems.search_method_id = [unknownMethod];
      }
      if (Object.keys(problems).length > 0) throw validationFailed(problems);
      if (!(await repo.updateInterval(db, companyId, id, next))) throw notFound('resource');
      return intervalOrThrow(companyId, id);
    },

    async deleteInterval(auth: AuthContext, id: number): Promise<void> {
      if (!(await repo.deleteInterval(db, await editedCompany(auth), id)))
        throw notFound('resource');
    },

    /**
     * Sort {ids}: exactly the company's intervals, each once. A foreign or unknown id is
     * named in the `ids` field's messages (never whose it is); a missing or repeated one too.
     */
    async sortIntervals(auth: AuthContext, ids: number[]): Promise<SearchInterval[]> {
      const companyId = await editedCompany(auth);
      const problems = await repo.sortIntervals(db, companyId, ids, (storedIds) => {
        const stored = new Set(storedIds);
        const messages = ids.filter((id) => !stored.has(id)).map(unknownInterval);
        if (new Set(ids).size !== ids.length || ids.length !== stored.size) {
          if (messages.length === 0) messages.push(SORT_SET_MISMATCH);
        }
        return messages.length > 0 ? { ids: messages } : null;
      });
      if (problems) throw validationFailed(problems);
      return repo.listIntervals(db, companyId);
    },

    async createMethod(auth: AuthContext, body: MethodBody): Promise<SearchMethod> {
      return repo.insertMethod(db, await editedCompany(auth), body.definitions);
    },

    async updateMethod(auth: AuthContext, id: number, body: MethodBody): Promise<SearchMethod> {
      const updated = await repo.updateMethod(db, await editedCompany(auth), id, body.definitions);
      if (!updated) throw notFound('resource');
      return updated;
    },

    listPriority: (
      auth: AuthContext,
      page: number,
      perPage: number,
    ): Promise<PriorityIntervalList> => priority.listPriority(db, ownerOf(auth), page, perPage),

    /** Only the company's drivers; the dispatchers' windows are told. */
    async createPriority(auth: AuthContext, body: CreatePriorityBody): Promise<PriorityInterval> {
      const companyId = await editedCompany(auth);
      const driverIds = body.users.map((user) => user.id);
      const known = await driversOfCompanies(db, [companyId], driverIds);
      const unknown = driverIds.filter((id) => !known.has(id));
      if (unknown.length > 0) throw validationFailed({ users: unknown.map(unknownDriver) });
      const id = await priority.insertPriority(db, companyId, {
        from: body.from,
        to: body.to,
        driverIds,
      });
      publisher.toCompany(companyId, 'priority_updated', {
        company_id: companyId,
        interval_id: id,
        change: 'created',
        driver_ids: driverIds,
      });
      const created = await priority.findPriority(db, companyId, id);
      if (!created) throw notFound('resource');
      return created;
    },

    async deletePriority(auth: AuthContext, id: number): Promise<void> {
      const companyId = await editedCompany(auth);
      const driverIds = await priority.deletePriority(db, companyId, id);
      if (!driverIds) throw notFound('resource');
      publisher.toCompany(companyId, 'priority_updated', {
        company_id: companyId,
        interval_id: id,
        change: 'deleted',
        driver_ids: driverIds,
      });
    },
  };
}

export type SearchConfigService = ReturnType<typeof createSearchConfigService>;
