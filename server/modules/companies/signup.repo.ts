import type { CompanySignupBody } from '@common/companies/signup.schema';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, companySignups, companyUsers, users } from '../../db/schema';
import { utcNow } from '../../db/schema/columns';

/** The first user of a signed-up business runs it and works its console. */
const FIRST_USER_ROLES = ['manager', 'dispatcher'];

/** A signed-up business tries the product this long before it pays. */
const TRIAL_DAYS = 14;

export async function findSignup(db: DbOrTx, key: string) {
  const [row] = await db
    .select({
      request_hash: companySignups.request_hash,
      company_id: companySignups.company_id,
      user_id: companySignups.user_id,
      password_hash: users.password_hash,
    })
    .from(companySignups)
    .innerJoin(users, eq(users.id, companySignups.user_id))
    .where(eq(companySignups.idempotency_key, key))
    .limit(1);
  return row;
}

export async function cuiTaken(db: DbOrTx, cui: string): Promise<boolean> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.cui, cui))
    .limit(1);
  return rows.length > 0;
}

export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0;
}

/**
 * The business, its first user and his membership, and the key's record when the request has
 * one. Run in one transaction by the caller: a unique index refusing any of it (cui, e-mail, the
 * key) leaves nothing behind.
 */
export async function insertSignup(
  tx: DbOrTx,
  values: {
    body: CompanySignupBody;
    type: string;
    passwordHash: string;
    key: { value: string; requestHash: string } | null;
  },
) {
  const { body } = values;
  const [company] = await tx
    .insert(companies)
    .values({
      name: body.name,
      type: values.type,
      package_id: body.package_id,
      cui: body.cui,
      lat: body.lat ?? null,
      lng: body.lng ?? null,
      address: body.address,
      euid: body.euid,
      phone: body.phone,
      description: body.description,
      logo: body.logo ?? null,
      vat_payer: body.vat_payer ?? false,
      trial_ends_at: sql`${utcNow} + make_interval(days => ${TRIAL_DAYS})`,
    })
    .returning({ id: companies.id });
  if (!company) throw new Error('company insert returned no row');
  const [user] = await tx
    .insert(users)
    .values({
      name: body.user_name,
      email: body.user_email,
      roles: FIRST_USER_ROLES,
      password_hash: values.passwordHash,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned no row');
  await tx.insert(companyUsers).values({ company_id: company.id, user_id: user.id });
  if (values.key) {
    await tx.insert(companySignups).values({
      idempotency_key: values.key.value,
      request_hash: values.key.requestHash,
      company_id: company.id,
      user_id: user.id,
    });
  }
  return { companyId: company.id, userId: user.id };
}
