import type { Device, DevicePlatform, ListDevicesQuery } from '@common/devices/devices.schema';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { companies, companyUsers, devices, users } from '../../db/schema';
import { utcNow } from '../../db/schema/columns';
import { hasDriverRole, oneOf } from '../../db/sql';
import { isUniqueViolation } from '../../db/unique-violation';
import type { TenantScope } from '../../http/auth-context';

const driver = alias(users, 'device_driver');

const columns = {
  id: devices.id,
  company_id: devices.company_id,
  company_name: companies.name,
  identifier: devices.identifier,
  model: devices.model,
  platform: devices.platform,
  app_version: devices.app_version,
  driver_id: devices.driver_id,
  driver_name: driver.name,
  driver_indicativ: driver.identifier,
  last_seen_at: devices.last_seen_at,
  created_at: devices.created_at,
  updated_at: devices.updated_at,
};

interface Row {
  id: number;
  company_id: number;
  company_name: string;
  identifier: string;
  model: string;
  platform: string;
  app_version: string | null;
  driver_id: number | null;
  driver_name: string | null;
  driver_indicativ: string | null;
  last_seen_at: string | null;
  created_at: string;
  updated_at: string;
}

const toDevice = ({ driver_name, driver_indicativ, ...row }: Row): Device => ({
  id: row.id,
  company_id: row.company_id,
  company_name: row.company_name,
  identifier: row.identifier,
  model: row.model,
  platform: row.platform as DevicePlatform,
  app_version: row.app_version,
  driver_id: row.driver_id,
  driver:
    row.driver_id !== null && driver_name !== null
      ? { id: row.driver_id, name: driver_name, indicativ: driver_indicativ }
      : null,
  last_seen_at: row.last_seen_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const inScope = (scope: TenantScope): SQL | undefined =>
  scope.kind === 'all' ? undefined : oneOf(devices.company_id, scope.companyIds);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function select(db: DbOrTx) {
  return db
    .select(columns)
    .from(devices)
    .innerJoin(companies, eq(companies.id, devices.company_id))
    .leftJoin(driver, eq(driver.id, devices.driver_id));
}

export async function listDevices(db: DbOrTx, scope: TenantScope, query: ListDevicesQuery) {
  const filters: (SQL | undefined)[] = [inScope(scope)];
  if (query.driver_id) filters.push(eq(devices.driver_id, query.driver_id));
  if (query.search) {
    const like = `%${escapeLike(query.search.toLowerCase())}%`;
    filters.push(
      sql`(lower(${devices.identifier}) like ${like} or lower(${devices.model}) like ${like} or f_unaccent(lower(coalesce(${driver.name}, ''))) like f_unaccent(${like}) or lower(coalesce(${driver.identifier}, '')) like ${like})`,
    );
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(asc(devices.identifier), asc(devices.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ value: count() })
      .from(devices)
      .leftJoin(driver, eq(driver.id, devices.driver_id))
      .where(where),
  ]);
  return {
    data: rows.map(toDevice),
    meta: { total: total?.value ?? 0, page: query.page, per_page: query.per_page },
  };
}

export async function findDevice(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
): Promise<Device | undefined> {
  const [row] = await select(db)
    .where(and(eq(devices.id, id), inScope(scope)))
    .limit(1);
  return row ? toDevice(row) : undefined;
}

/** The device's company, when the device is in scope. */
export async function deviceCompany(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ company_id: devices.company_id })
    .from(devices)
    .where(and(eq(devices.id, id), inScope(scope)))
    .limit(1);
  return row?.company_id;
}

/** The companies a driver drives for, in id order (a new device's default company). */
export async function companiesOfDriver(db: DbOrTx, driverId: number): Promise<number[]> {
  const rows = await db
    .select({ company_id: companyUsers.company_id })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.user_id))
    .where(and(eq(companyUsers.user_id, driverId), hasDriverRole(users.roles)))
    .orderBy(asc(companyUsers.company_id));
  return rows.map((row) => row.company_id);
}

export interface DeviceValues {
  identifier?: string;
  model?: string;
  platform?: DevicePlatform;
  app_version?: string | null;
  driver_id?: number | null;
}

/** Inserts; undefined when the company has a device of that identifier already. */
export async function insertDevice(
  db: DbOrTx,
  values: Required<Pick<DeviceValues, 'identifier' | 'model' | 'platform'>> &
    DeviceValues & { company_id: number },
): Promise<number | undefined> {
  const [row] = await db
    .insert(devices)
    .values(values)
    .onConflictDoNothing({ target: [devices.company_id, devices.identifier] })
    .returning({ id: devices.id });
  return row?.id;
}

/** 'taken' when another device of the company has the identifier asked for. */
export async function updateDevice(
  db: DbOrTx,
  id: number,
  values: DeviceValues,
): Promise<'updated' | 'taken'> {
  if (values.identifier !== undefined) {
    const [clash] = await db
      .select({ id: devices.id })
      .from(devices)
      .where(
        and(
          eq(devices.identifier, values.identifier),
          sql`${devices.company_id} = (select company_id from devices d where d.id = ${id})`,
          sql`${devices.id} <> ${id}`,
        ),
      )
      .limit(1);
    if (clash) return 'taken';
  }
  try {
    await db
      .update(devices)
      .set({ ...values, updated_at: utcNow })
      .where(eq(devices.id, id));
  } catch (error) {
    // Two renames racing to the same identifier: the unique index decides.
    if (isUniqueViolation(error, 'devices_company_identifier_idx')) return 'taken';
    throw error;
  }
  return 'updated';
}

export async function deleteDevice(db: DbOrTx, scope: TenantScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(devices)
    .where(and(eq(devices.id, id), inScope(scope)))
    .returning({ id: devices.id });
  return rows.length === 1;
}

/**
 * The driver app spoke to us from this device (docs/DRIVER-API.md X-Device-Id): its last seen
 * time and app version, at most once a minute per device — the WHERE skips the write otherwise,
 * so a chatty app costs one indexed read. Only a device of the driver's own companies.
 */
export async function touchDevice(
  db: DbOrTx,
  driverId: number,
  identifier: string,
  appVersion: string | null,
): Promise<void> {
  await db
    .update(devices)
    .set({
      last_seen_at: utcNow,
      ...(appVersion ? { app_version: appVersion } : {}),
    })
    .where(
      and(
        eq(devices.identifier, identifier),
        sql`${devices.company_id} in (select company_id from company_users where user_id = ${driverId})`,
        sql`(${devices.last_seen_at} is null or ${devices.last_seen_at} < ${utcNow} - interval '1 minute'${appVersion ? sql` or ${devices.app_version} is distinct from ${appVersion}` : sql``})`,
      ),
    );
}
