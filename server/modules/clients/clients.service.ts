import type { Role } from '@common/auth/auth.schema';
import type { ClientLookup } from '@common/clients/clients.schema';
import { normalizePhone } from '@common/lib/phone';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth-context';
import * as repo from './clients.repo';

/** Who manages the blocked numbers (GET /api/blocked-phone), and so reads why one is blocked. */
const BLOCKED_LIST_ROLES: ReadonlySet<Role> = new Set(['admin', 'dispatcher']);

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

  /**
   * The order forms' lookup of a typed number: the client (name and notes to fill) and the
   * block. The block's reason only for those who manage the blocked list.
   */
  async function lookup(auth: AuthContext, rawPhone: string): Promise<ClientLookup> {
    const phone = normalizePhone(rawPhone);
    if (!phone || auth.companyIds.length === 0)
      return { client: null, blocked: false, blocked_reason: null };
    const [client, block] = await Promise.all([
      repo.findClientByPhone(db, auth.companyIds, phone),
      repo.findBlock(db, auth.companyIds, phone),
    ]);
    const seesReason = auth.roles.some((role) => BLOCKED_LIST_ROLES.has(role));
    return {
      client,
      blocked: block !== null,
      blocked_reason: seesReason ? (block?.reason ?? null) : null,
    };
  }

  async function deleteAddress(auth: AuthContext, id: number) {
    if (!(await repo.deleteAddress(db, auth.companyIds, id))) throw notFound('address');
  }

  return { addressHistory, deleteFromHistory, addressesOf, lookup, deleteAddress };
}

export type ClientsService = ReturnType<typeof createClientsService>;
