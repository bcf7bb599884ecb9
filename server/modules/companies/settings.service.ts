import {
  type CompanySettings,
  type CompanySettingsBody,
  NOT_A_SERVICE,
} from '@common/companies/settings.schema';
import { SearchItemSchema } from '@common/dispatch/search-method.schema';
import type { Db } from '../../db/client';
import { notFound, validationFailed } from '../../http/app-error';
import { type AuthContext, scopeOf } from '../../http/auth-context';
import { listServices } from '../catalog/catalog.repo';
import * as repo from './settings.repo';

/**
 * /settings: a company's own setup, by its administrators (ADMINISTRATORS). A
 * manager reaches only his companies (scopeOf): another one is 404, as if it did not exist; the
 * platform admin reaches any.
 */
export function createSettingsService(db: Db) {
  async function read(auth: AuthContext, companyId: number): Promise<CompanySettings> {
    const row = await repo.findSettings(db, scopeOf(auth), companyId);
    if (!row) throw notFound('company');
    const defaults = SearchItemSchema.safeParse(row.dispatch_defaults);
    return {
      ...row,
      type: row.type as CompanySettings['type'],
      package_id: row.package_id as CompanySettings['package_id'],
      dispatch_defaults: defaults.success ? defaults.data : null,
      services: await listServices(db, [row.id]),
    };
  }

  async function update(auth: AuthContext, companyId: number, body: CompanySettingsBody) {
    const scope = scopeOf(auth);
    if (!(await repo.findSettings(db, scope, companyId))) throw notFound('company');
    if (body.default_service_id !== null) {
      const offered = await listServices(db, [companyId]);
      if (!offered.some((service) => service.id === body.default_service_id)) {
        throw validationFailed({ default_service_id: [NOT_A_SERVICE] });
      }
    }
    const saved = await repo.updateSettings(db, scope, companyId, body);
    if (!saved) throw notFound('company');
    return read(auth, companyId);
  }

  return { read, update };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
