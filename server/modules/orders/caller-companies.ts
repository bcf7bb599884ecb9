import type { Db } from '../../db/client';
import type { AuthContext } from '../../http/auth-context';
import { TaggedCache } from '../../lib/tagged-cache';
import { findCompanies } from '../companies/companies.repo';

export type CallerCompanies = Awaited<ReturnType<typeof findCompanies>>;

/**
 * The caller's companies (type, parent) decide who dispatches a new order and what a list
 * shows; they change only by an administrator's hand, so a few seconds of reuse saves a query
 * on every order placed and every page of GET /api/orders.
 */
export function createCallerCompanies(db: Db) {
  const companies = new TaggedCache<string, CallerCompanies>({ ttlMs: 10_000, maxEntries: 5_000 });
  return (auth: Pick<AuthContext, 'companyIds'>) =>
    companies.get(auth.companyIds.join(','), [], () => findCompanies(db, auth.companyIds));
}

export type CallerCompaniesOf = ReturnType<typeof createCallerCompanies>;
