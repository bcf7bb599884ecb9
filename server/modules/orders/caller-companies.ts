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

/** The company a caller's new orders are placed for: his own dispatching one before a protocol one. */
export const creatorOf = (mine: CallerCompanies) =>
  mine.find((c) => c.type !== 'protocol') ?? mine[0];

/**
 * Who dispatches an order the caller creates (and whose tariffs price it): his own dispatch,
 * courier or restaurant company; a protocol company's orders go to the dispatch company it is a
 * client of. Undefined for a caller of no company.
 */
export function placingCompanies(mine: CallerCompanies) {
  const creator = creatorOf(mine);
  if (!creator) return undefined;
  const processedBy =
    creator.type === 'protocol' && creator.parent_company_id
      ? creator.parent_company_id
      : creator.id;
  return { creator, processedBy, isProtocolCreator: creator.type === 'protocol' };
}
