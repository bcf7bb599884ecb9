import { type CompanyType, PACKAGES, type PackageId, type Role } from '@common/auth/auth.schema';
import { hashPassword } from '../lib/passwords';
import { openBalances } from '../modules/ledger/ledger-postings.repo';
import type { DbOrTx } from './client';
import { cars, companies, companyUsers, userMeta, users } from './schema';

/**
 * Row builders shared by the demo seed, the tests and the benchmarks: each inserts real rows
 * with sensible defaults and takes overrides.
 */

let sequence = 0;
/** One counter for every builder's unique names and numbers (the order fixture's too). */
export const next = () => ++sequence;

const hashes = new Map<string, Promise<string>>();
/** argon2 is slow on purpose; hash each distinct fixture password once. */
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

export const DEFAULT_PASSWORD = 'ogo-demo';

export interface CompanyOverrides {
  name?: string;
  type?: CompanyType;
  package_id?: PackageId;
  cui?: string | null;
  parent_company_id?: number | null;
  lat?: number | null;
  lng?: number | null;
}

export async function buildCompany(db: DbOrTx, overrides: CompanyOverrides = {}) {
  const n = next();
  const [company] = await db
    .insert(companies)
    .values({
      name: overrides.name ?? `Compania ${n}`,
      type: overrides.type ?? 'dispatch',
      package_id: overrides.package_id ?? PACKAGES.taxi,
      cui: overrides.cui === undefined ? String(10_000_000 + n) : overrides.cui,
      parent_company_id: overrides.parent_company_id ?? null,
      lat: overrides.lat === undefined ? 47.1585 : overrides.lat,
      lng: overrides.lng === undefined ? 27.6014 : overrides.lng,
    })
    .returning();
  if (!company) throw new Error('company insert returned no row');
  return company;
}

export interface UserOverrides {
  name?: string;
  email?: string;
  phone?: string | null;
  identifier?: string | null;
  roles?: Role[];
  companyIds?: number[];
  password?: string;
  disabled?: boolean;
  meta?: Record<string, string>;
}

export async function buildUser(db: DbOrTx, overrides: UserOverrides = {}) {
  const n = next();
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const [user] = await db
    .insert(users)
    .values({
      name: overrides.name ?? `Utilizator ${n}`,
      email: (overrides.email ?? `user${n}@test.ogo.local`).toLowerCase(),
      phone: overrides.phone === undefined ? null : overrides.phone,
      identifier: overrides.identifier ?? null,
      roles: overrides.roles ?? ['dispatcher'],
      password_hash: await hashOnce(password),
      ...(overrides.disabled ? { disabled_at: '2026-01-01 00:00:00' } : {}),
    })
    .returning();
  if (!user) throw new Error('user insert returned no row');
  const companyIds = overrides.companyIds ?? [];
  if (companyIds.length > 0) {
    await db
      .insert(companyUsers)
      .values(companyIds.map((company_id) => ({ company_id, user_id: user.id })));
    await openBalances(db, user.id);
  }
  const meta = Object.entries(overrides.meta ?? {});
  if (meta.length > 0) {
    await db
      .insert(userMeta)
      .values(meta.map(([key, value]) => ({ user_id: user.id, key, value })));
  }
  return { ...user, password, companyIds };
}

export interface CarOverrides {
  indicativ?: string;
  make?: string;
  model?: string;
  color?: string;
  number?: string;
  year?: number;
  seats?: number;
  /** Documents' expiry days, YYYY-MM-DD (fleet records). */
  itp_until?: string;
  rca_until?: string;
  license_until?: string;
}

/** A driver of a company with the car they drive (their default_car). */
export async function buildDriver(
  db: DbOrTx,
  companyId: number,
  overrides: UserOverrides & { car?: CarOverrides } = {},
) {
  const n = next();
  // Five digits: the tests' own call signs are three, and the sequence runs across test files.
  const indicativ = overrides.car?.indicativ ?? String(10_000 + n);
  const driver = await buildUser(db, {
    identifier: indicativ,
    ...overrides,
    roles: overrides.roles ?? ['driver'],
    companyIds: overrides.companyIds ?? [companyId],
  });
  const [car] = await db
    .insert(cars)
    .values({
      company_id: companyId,
      driver_id: driver.id,
      indicativ,
      make: overrides.car?.make ?? 'Dacia',
      model: overrides.car?.model ?? 'Logan',
      color: overrides.car?.color ?? 'Alb',
      number: overrides.car?.number ?? `IS-${String(n % 100).padStart(2, '0')}-OGO`,
      year: overrides.car?.year ?? null,
      seats: overrides.car?.seats ?? null,
      itp_until: overrides.car?.itp_until ?? null,
      rca_until: overrides.car?.rca_until ?? null,
      license_until: overrides.car?.license_until ?? null,
    })
    .returning();
  if (!car) throw new Error('car insert returned no row');
  return { ...driver, car };
}
