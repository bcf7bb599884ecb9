import type { Db } from '../../db/client';
import { AppError, conflict, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import { findCompanies } from '../companies/companies.repo';
import * as repo from './blocked-phones.repo';

/** Blocked phones: a company's list; orders from them are refused (orders.service). */
export function createBlockedPhonesService(db: Db) {
  /** Numbers are blocked by the company that dispatches (not by a protocol client company). */
  async function dispatchCompanyIds(auth: AuthContext): Promise<number[]> {
    const companies = await findCompanies(db, auth.companyIds);
    return companies.filter((c) => c.type !== 'protocol').map((c) => c.id);
  }

  const list = async (auth: AuthContext, search?: string) =>
    repo.listBlocked(db, await dispatchCompanyIds(auth), search);

  async function create(auth: AuthContext, phone: string, reason: string | null | undefined) {
    const [companyId] = await dispatchCompanyIds(auth);
    if (companyId === undefined)
      throw new AppError('forbidden', 'Contul nu aparține unei companii de dispecerat.');
    const row = await repo.insertBlocked(db, {
      company_id: companyId,
      phone,
      reason: reason ?? null,
      created_by: auth.userId,
    });
    if (!row) throw conflict('Numărul este deja blocat.');
    return row;
  }

  async function remove(auth: AuthContext, id: number) {
    if (!(await repo.deleteBlocked(db, await dispatchCompanyIds(auth), id)))
      throw notFound('blockedPhone');
  }

  return { list, create, remove };
}

export type BlockedPhonesService = ReturnType<typeof createBlockedPhonesService>;
