import type { BlockedPhone } from '@common/blocked-phones/blocked-phones.schema';
import { and, desc, eq, inArray, like } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blockedPhones } from '../../db/schema';

const columns = {
  id: blockedPhones.id,
  phone: blockedPhones.phone,
  reason: blockedPhones.reason,
  created_at: blockedPhones.created_at,
};

export async function listBlocked(
  db: DbOrTx,
  companyIds: number[],
  search?: string,
): Promise<BlockedPhone[]> {
  return db
    .select(columns)
    .from(blockedPhones)
    .where(
      and(
        inArray(blockedPhones.company_id, companyIds),
        search
          ? like(blockedPhones.phone, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
          : undefined,
      ),
    )
    .orderBy(desc(blockedPhones.created_at), desc(blockedPhones.id))
    .limit(500);
}

/** Inserts; undefined when the company blocked that number already. */
export async function insertBlocked(
  db: DbOrTx,
  values: { company_id: number; phone: string; reason: string | null; created_by: number },
): Promise<BlockedPhone | undefined> {
  const [row] = await db
    .insert(blockedPhones)
    .values(values)
    .onConflictDoNothing()
    .returning(columns);
  return row;
}

export async function deleteBlocked(
  db: DbOrTx,
  companyIds: number[],
  id: number,
): Promise<boolean> {
  const rows = await db
    .delete(blockedPhones)
    .where(and(eq(blockedPhones.id, id), inArray(blockedPhones.company_id, companyIds)))
    .returning({ id: blockedPhones.id });
  return rows.length === 1;
}

/** SPEC §5: is this (normalised) phone blocked by the company that would dispatch the order? */
