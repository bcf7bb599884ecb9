import { REGISTRY_UNAVAILABLE } from '@common/companies/signup.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import * as repo from './companies.repo';
import { type CompanyRegistry, RegistryFailure } from './company-registry';

/**
 * The protocol company selector. Scoped to the caller's own companies, the admin
 * included: an order is only ever billed to a protocol client of the company dispatching it
 * (orders.service checks the same), so another company's clients are never offered.
 */
export function createCompaniesService(
  db: Db,
  deps: { registry: CompanyRegistry; log: Pick<FastifyBaseLogger, 'warn'> },
) {
  async function protocolCompanies(auth: AuthContext) {
    return { data: await repo.listProtocolCompanies(db, auth.companyIds) };
  }

  /**
   * Check-cui: the sign-up form's lookup. The registry away, slow or
   * answering nonsense is a 503 with REGISTRY_UNAVAILABLE (the form goes on by hand), logged.
   */
  async function checkCui(cui: string) {
    try {
      const company = await deps.registry.lookup(cui);
      return { found: company ? [company] : [] };
    } catch (error) {
      if (!(error instanceof RegistryFailure)) throw error;
      deps.log.warn({ reason: error.message }, 'company registry unavailable');
      throw new AppError('unavailable', REGISTRY_UNAVAILABLE);
    }
  }

  return { protocolCompanies, checkCui };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
