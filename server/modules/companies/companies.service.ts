import type { Db } from '../../db/client';
import type { AuthContext } from '../../http/auth-context';
import * as repo from './companies.repo';

/**
 * SPEC §2/§5 the protocol company selector. Scoped to the caller's own companies, the admin
 * included: an order is only ever billed to a protocol client of the company dispatching it
 * (orders.service checks the same), so another company's clients are never offered.
 */
export function createCompaniesService(db: Db) {
  async function protocolCompanies(auth: AuthContext) {
    return { data: await repo.listProtocolCompanies(db, auth.companyIds) };
  }
  return { protocolCompanies };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
