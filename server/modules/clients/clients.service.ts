import { normalizePhone } from '@common/lib/phone';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import * as repo from './clients.repo';

/**
 * Address history and the user-addresses service. Saved addresses are personal data:
 * only the caller's companies' clients, never a lookup across tenants.
 */
export function createClientsService(db: Db) {
  async function addressHistory(auth: AuthContext, clientId: number) {
    const ids = await repo.findClientIds(db, auth.companyIds, { id: clientId });
    if (ids.length === 0) throw notFound('client');
    return repo.addressesOfClients(db, auth.companyIds, ids);
  }

  async function deleteFromHistory(auth: AuthContext, clientId: number, addressId: number) {
    if (!(await repo.deleteAddress(db, auth.companyIds, addressId, clientId)))
      throw notFound('address');
  }

  /** By phone number (normalised) or, for a short number, by the client's app user id. */
  async function addressesOf(auth: AuthContext, phoneOrUserId: string) {
    const asUserId = /^\d{1,7}$/.test(phoneOrUserId) ? Number(phoneOrUserId) : undefined;
    const phone = asUserId === undefined ? normalizePhone(phoneOrUserId) : null;
    if (asUserId === undefined && !phone) return [];
    const ids = await repo.findClientIds(
      db,
      auth.companyIds,
      asUserId !== undefined ? { userId: asUserId } : { phone: phone ?? '' },
    );
    return repo.addressesOfClients(db, auth.companyIds, ids);
  }

  async function deleteAddress(auth: AuthContext, id: number) {
    if (!(await repo.deleteAddress(db, auth.companyIds, id))) throw notFound('address');
  }

  return { addressHistory, deleteFromHistory, addressesOf, deleteAddress };
}

export type ClientsService = ReturnType<typeof createClientsService>;
