import { type CompanyType, PACKAGES, type PackageId, type Role } from '@common/auth/auth.schema';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { cars, companies, companyUsers, orderPlaces, orders, userMeta, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';

/**
 * Fixture builders shared by the tests and the demo seed (DESIGN §4): each inserts real rows
 * with sensible defaults and takes overrides.
 */

let sequence = 0;
const next = () => ++sequence;

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
  /** Documents' expiry days, YYYY-MM-DD (issue #20 fleet records). */
  itp_until?: string;
  rca_until?: string;
  license_until?: string;
}

/** A driver of a company with the car they drive (SPEC §3 Driver default_car). */
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

export interface OrderOverrides {
  state?: 'new' | 'created' | 'pending' | 'assigned' | 'finished' | 'canceled';
  phone?: string;
  client_name?: string | null;
  dispatcher_id?: number | null;
  driver_id?: number | null;
  car_indicativ?: string | null;
  always_in_call?: boolean;
  in_pending_queue?: boolean;
  created_by_company_id?: number;
  address?: string;
  created_at?: string;
  closed_at?: string | null;
  payment_type?: string;
  client_id?: number | null;
}

/** An order of a company, inserted directly in the state asked for (lists, rules, benchmarks). */
export async function buildOrder(db: DbOrTx, companyId: number, overrides: OrderOverrides = {}) {
  const state = overrides.state ?? 'created';
  const closed = state === 'finished' || state === 'canceled';
  const address = overrides.address ?? `Strada Test ${next()}`;
  const [order] = await db
    .insert(orders)
    .values({
      state,
      phone: overrides.phone ?? `+40744${String(next()).padStart(6, '0')}`,
      client_name: overrides.client_name === undefined ? 'Client Test' : overrides.client_name,
      dispatcher_id: overrides.dispatcher_id ?? null,
      driver_id: overrides.driver_id ?? null,
      car_indicativ: overrides.car_indicativ ?? null,
      always_in_call: overrides.always_in_call ?? false,
      in_pending_queue: overrides.in_pending_queue ?? false,
      created_by_company_id: overrides.created_by_company_id ?? companyId,
      processed_by_company_id: companyId,
      address,
      payment_type: overrides.payment_type ?? 'cash',
      client_id: overrides.client_id ?? null,
      ...(overrides.created_at ? { created_at: overrides.created_at } : {}),
      closed_at:
        overrides.closed_at !== undefined
          ? overrides.closed_at
          : closed
            ? sql`(now() at time zone 'utc')`
            : null,
      ...(state === 'canceled' ? { cancellation_reason_type: 'dispatcher_canceled' } : {}),
    })
    .returning();
  if (!order) throw new Error('order insert returned no row');
  await db
    .insert(orderPlaces)
    .values({ order_id: order.id, position: 0, name: address, lat: 47.16, long: 27.59 });
  return order;
}
