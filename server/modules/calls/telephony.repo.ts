import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, companyUsers, userMeta, users } from '../../db/schema';
import { utcNow } from '../../db/schema/columns';
import type { TenantScope } from '../../http/auth-context';
import { SIP_META } from '../../lib/user-meta-keys';
import { companyIdsOf, inScope } from '../users/users.repo';

export interface TelephonyUser {
  id: number;
  name: string;
  roles: string[];
  company_ids: number[];
  /** The company whose line he answers: his first dispatching (non-protocol) one. */
  line_company_id: number | null;
  meta: Map<string, string>;
}

/** A user in the caller's scope with his telephony meta, or undefined (404). */
export async function findTelephonyUser(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
): Promise<TelephonyUser | undefined> {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      roles: users.roles,
      company_ids: companyIdsOf(users.id),
      line_company_id: sql<number | null>`(select min(c.id) from ${companyUsers} cu
        join ${companies} c on c.id = cu.company_id
        where cu.user_id = ${users.id} and c.type <> 'protocol')`,
    })
    .from(users)
    .where(and(eq(users.id, id), inScope(scope)));
  if (!user) return undefined;
  const meta = await db
    .select({ key: userMeta.key, value: userMeta.value })
    .from(userMeta)
    .where(and(eq(userMeta.user_id, id), inArray(userMeta.key, Object.values(SIP_META))));
  return {
    ...user,
    meta: new Map(meta.flatMap((m) => (m.value === null ? [] : [[m.key, m.value]]))),
  };
}

/** Who else of the company already has this extension (its name), or undefined. */
export async function extensionHolder(
  db: DbOrTx,
  companyId: number,
  extension: string,
  exceptUserId: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: users.name })
    .from(userMeta)
    .innerJoin(users, eq(users.id, userMeta.user_id))
    .innerJoin(companyUsers, eq(companyUsers.user_id, userMeta.user_id))
    .where(
      and(
        eq(userMeta.key, SIP_META.extension),
        eq(userMeta.value, extension),
        eq(companyUsers.company_id, companyId),
        ne(userMeta.user_id, exceptUserId),
      ),
    )
    .limit(1);
  return row?.name;
}

/** Sets one meta key (null removes it). */
export async function setMeta(db: DbOrTx, userId: number, key: string, value: string | null) {
  if (value === null) {
    await db.delete(userMeta).where(and(eq(userMeta.user_id, userId), eq(userMeta.key, key)));
    return;
  }
  await db
    .insert(userMeta)
    .values({ user_id: userId, key, value })
    .onConflictDoUpdate({
      target: [userMeta.user_id, userMeta.key],
      set: { value, updated_at: utcNow },
    });
}
