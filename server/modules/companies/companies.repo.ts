import type { ProtocolCompany } from '@common/companies/companies.schema';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema';

/** The companies behind a session: their type decides who dispatches an order they create. */
export async function findCompanies(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return (
    db
      .select({
        id: companies.id,
        name: companies.name,
        type: companies.type,
        package_id: companies.package_id,
        parent_company_id: companies.parent_company_id,
      })
      .from(companies)
      .where(inArray(companies.id, ids))
      // In id order: "the caller's first dispatching company" (orders, the softphone's line) is
      // then the same on every request and in SQL (telephony.repo's min(id)).
      .orderBy(companies.id)
  );
}

/** A dispatch company has tens of protocol clients; the bound keeps the read small regardless. */
const PROTOCOL_COMPANIES_LIMIT = 500;

/**
 * The protocol companies an order of these companies may be billed to: their
 * protocol client companies (child companies) and any of them that is itself a protocol company.
 */
export async function listProtocolCompanies(
  db: DbOrTx,
  companyIds: number[],
): Promise<ProtocolCompany[]> {
  if (companyIds.length === 0) return [];
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(
      and(
        eq(companies.type, 'protocol'),
        or(inArray(companies.parent_company_id, companyIds), inArray(companies.id, companyIds)),
      ),
    )
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(PROTOCOL_COMPANIES_LIMIT);
}
