import type { SavedAddress } from '@common/clients/clients.schema';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blockedPhones, clientAddresses, clients } from '../../db/schema';

const addressColumns = {
  id: clientAddresses.id,
  name: clientAddresses.name,
  lat: clientAddresses.lat,
  long: clientAddresses.long,
  place_id: clientAddresses.place_id,
  comment: clientAddresses.comment,
  scara: clientAddresses.scara,
  bloc: clientAddresses.bloc,
  reper: clientAddresses.reper,
  is_internal: clientAddresses.is_internal,
};

/** The most used first: that is the address a dispatcher wants at the top. */
export async function addressesOfClients(
  db: DbOrTx,
  companyIds: number[],
  clientIds: number[],
): Promise<SavedAddress[]> {
  if (clientIds.length === 0) return [];
  return db
    .select(addressColumns)
    .from(clientAddresses)
    .where(
      and(
        inArray(clientAddresses.client_id, clientIds),
        inArray(clientAddresses.company_id, companyIds),
      ),
    )
    .orderBy(desc(clientAddresses.last_used_at), desc(clientAddresses.id))
    .limit(100);
}

export async function findClientIds(
  db: DbOrTx,
  companyIds: number[],
  by: { id?: number; phone?: string; userId?: number },
) {
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        inArray(clients.company_id, companyIds),
        by.id !== undefined ? eq(clients.id, by.id) : undefined,
        by.phone !== undefined ? eq(clients.phone, by.phone) : undefined,
        by.userId !== undefined ? eq(clients.user_id, by.userId) : undefined,
      ),
    )
    .limit(20);
  return rows.map((r) => r.id);
}

export async function deleteAddress(
  db: DbOrTx,
  companyIds: number[],
  id: number,
  clientId?: number,
): Promise<boolean> {
  const rows = await db
    .delete(clientAddresses)
    .where(
      and(
        eq(clientAddresses.id, id),
        inArray(clientAddresses.company_id, companyIds),
        clientId !== undefined ? eq(clientAddresses.client_id, clientId) : undefined,
      ),
    )
    .returning({ id: clientAddresses.id });
  return rows.length === 1;
}

/** The caller's companies' client with this (normalised) phone, the most recently created first. */
export async function findClientByPhone(db: DbOrTx, companyIds: number[], phone: string) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name, about: clients.about })
    .from(clients)
    .where(and(inArray(clients.company_id, companyIds), eq(clients.phone, phone)))
    .orderBy(desc(clients.id))
    .limit(1);
  return row ?? null;
}

/** The caller's companies' block of this (normalised) phone, if any. */
export async function findBlock(db: DbOrTx, companyIds: number[], phone: string) {
  const [row] = await db
    .select({ reason: blockedPhones.reason })
    .from(blockedPhones)
    .where(and(inArray(blockedPhones.company_id, companyIds), eq(blockedPhones.phone, phone)))
    .limit(1);
  return row ?? null;
}
