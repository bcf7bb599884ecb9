import type { BlockedPhone } from '@common/blocked-phones/blocked-phones.schema';
import { phoneSearchDigits } from '@common/lib/phone';
import { and, desc, eq, inArray, like } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blockedPhones } from '../../db/schema';

const columns = {
  id: blockedPhones.id,
  phone: blockedPhones.phone,
  reason: blockedPhones.reason,
  created_at: blockedPhones.created_at,
};

/**
 * What a search matches: a number typed in any format finds the stored (normalised)
 * form as a substring of its digits ('0744 55' finds +40744555666); any other text matches as
 * typed.
 */
const searchPattern = (search: string) =>
  `%${phoneSearchDigits(search) ?? search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
        search ? like(blockedPhones.phone, searchPattern(search)) : undefined,
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
