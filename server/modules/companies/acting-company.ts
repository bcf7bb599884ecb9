import type { CompanyType } from '@common/auth/auth.schema';
import { type Ability, can } from '@common/auth/page-access';
import { NOT_FOUND } from '@common/http/errors';
import type { Db } from '../../db/client';
import { forbidden, validationFailed } from '../../http/app-error';
import { type AuthContext, isAdmin, ownerOf } from '../../http/auth-context';
import type { CallerCompaniesOf } from '../orders/caller-companies';
import { findCompanies } from './companies.repo';

export const NOT_YOUR_COMPANY = 'Compania nu este a dumneavoastră.';

/**
 * The company a company-wide request acts in, and whether the caller's abilities reach it: the
 * settings and money screens share the rule.
 */
export function createActingCompany(db: Db, callerCompanies: CallerCompaniesOf) {
  return {
    /**
     * The one `companyId` names (one of the caller's; any for the platform admin), else the
     * caller's first.
     */
    async companyOf(auth: AuthContext, companyId: number | undefined): Promise<number> {
      if (companyId === undefined) return ownerOf(auth);
      if (isAdmin(auth)) {
        if ((await findCompanies(db, [companyId])).length === 0)
          throw validationFailed({ company_id: [NOT_FOUND.company] });
        return companyId;
      }
      if (!auth.companyIds.includes(companyId)) throw forbidden(NOT_YOUR_COMPANY);
      return companyId;
    },

    /** Refuses (403, `message`) a caller whose roles and companies lack the ability. */
    async require(auth: AuthContext, ability: Ability, message: string): Promise<void> {
      const companies = (await callerCompanies(auth)).map((c) => ({
        type: c.type as CompanyType,
      }));
      if (!can({ roles: auth.roles, companies }, ability)) throw forbidden(message);
    },
  };
}

export type ActingCompany = ReturnType<typeof createActingCompany>;
