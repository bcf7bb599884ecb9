import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accessTokens, users } from '../../db/schema';
import { utcNow } from '../../db/schema/columns';

/** The user's e-mail (the login limits' key) and password hash. */
export async function findCredentials(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ email: users.email, password_hash: users.password_hash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function updateProfile(
  db: DbOrTx,
  userId: number,
  values: { name: string; phone: string | null },
) {
  const [row] = await db
    .update(users)
    .set({ ...values, updated_at: utcNow })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return row;
}

/** The new password, and every other live session of the user revoked, in one transaction. */
export async function setPasswordEndingOtherSessions(
  db: DbOrTx,
  userId: number,
  passwordHash: string,
  keepTokenId: number,
): Promise<number[]> {
  await db
    .update(users)
    .set({ password_hash: passwordHash, updated_at: utcNow })
    .where(eq(users.id, userId));
  const revoked = await db
    .update(accessTokens)
    .set({ revoked_at: utcNow })
    .where(
      and(
        eq(accessTokens.user_id, userId),
        ne(accessTokens.id, keepTokenId),
        isNull(accessTokens.revoked_at),
      ),
    )
    .returning({ id: accessTokens.id });
  return revoked.map((row) => row.id);
}
