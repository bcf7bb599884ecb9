import type { CommissionRule } from '@common/money/commission';
import type { Commission } from '@common/money/ledger.schema';
import {
  DEFAULT_FINANCE_SETTINGS,
  type FinanceSettings,
  type SurchargeRow,
  type Tariff,
  type ZonePrice,
} from '@common/money/tariffs.schema';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, rowsOf } from '../../db/client';
import { services } from '../../db/schema';
import { utcNow } from '../../db/schema/columns';
import { driverPositionHistory } from '../../db/schema/drivers';
import {
  commissions,
  financeSettings,
  tariffSurcharges,
  tariffs,
  zonePrices,
} from '../../db/schema/tariffs';
import { polygons } from '../../db/schema/zones';
import type { TenantScope } from '../../http/auth-context';

/** The meter's figures, keyed by service (null: every service). */
export interface MeterRow {
  service_id: number | null;
  start_fee: number;
  per_km: number;
  per_minute: number;
  minimum_fare: number;
}

export interface ZonePriceRule {
  id: number;
  service_id: number | null;
  from_polygon_id: number;
  to_polygon_id: number;
  price: number;
  both_ways: boolean;
}

/** Everything that prices one company's trips, as the fare reads it. */
export interface Pricing {
  meters: MeterRow[];
  surcharges: Pick<SurchargeRow, 'days' | 'time_from' | 'time_to' | 'percent'>[];
  zonePrices: ZonePriceRule[];
  acceptTaximeter: boolean;
  /** Bani: below it a driver is offered nothing. */
  minBalance: number;
  /** The service an order without one gets (the company's /settings choice). */
  defaultServiceId: number | null;
}

const inScope = (scope: TenantScope, column: typeof tariffSurcharges.company_id) =>
  scope.kind === 'all' ? undefined : inArray(column, scope.companyIds);

/**
 * A company's pricing in one statement (the estimate reads it on every order placed, through a
 * short cache; the finish reads it inside its transaction).
 */
export async function loadPricing(db: DbOrTx, companyId: number): Promise<Pricing> {
  const [row] = rowsOf<{
    meters: MeterRow[] | null;
    surcharges: Pricing['surcharges'] | null;
    zone_prices: ZonePriceRule[] | null;
    accept_taximeter: boolean | null;
    min_balance: number | null;
    default_service_id: number | null;
  }>(
    await db.execute(sql`select
      (select json_agg(json_build_object('service_id', service_id, 'start_fee', start_fee,
        'per_km', per_km, 'per_minute', per_minute, 'minimum_fare', minimum_fare))
        from tariffs where company_id = ${companyId}) as meters,
      (select json_agg(json_build_object('days', days, 'time_from', time_from,
        'time_to', time_to, 'percent', percent))
        from tariff_surcharges where company_id = ${companyId}) as surcharges,
      (select json_agg(json_build_object('id', id, 'service_id', service_id,
        'from_polygon_id', from_polygon_id, 'to_polygon_id', to_polygon_id, 'price', price,
        'both_ways', both_ways) order by id)
        from zone_prices where company_id = ${companyId}) as zone_prices,
      (select accept_taximeter from finance_settings where company_id = ${companyId})
        as accept_taximeter,
      (select min_balance from finance_settings where company_id = ${companyId}) as min_balance,

      (select default_service_id from companies where id = ${companyId}) as default_service_id`),
  );
  return {
    meters: row?.meters ?? [],
    surcharges: row?.surcharges ?? [],
    zonePrices: row?.zone_prices ?? [],
    acceptTaximeter: row?.accept_taximeter ?? false,
    minBalance: row?.min_balance ?? DEFAULT_FINANCE_SETTINGS.min_balance,
    defaultServiceId: row?.default_service_id ?? null,
  };
}

export async function listTariffs(db: DbOrTx, companyId: number): Promise<Tariff[]> {
  return db
    .select({
      service_id: tariffs.service_id,
      service_name: services.name,
      start_fee: tariffs.start_fee,
      per_km: tariffs.per_km,
      per_minute: tariffs.per_minute,
      minimum_fare: tariffs.minimum_fare,
      updated_at: tariffs.updated_at,
    })
    .from(tariffs)
    .leftJoin(services, eq(services.id, tariffs.service_id))
    .where(eq(tariffs.company_id, companyId))
    .orderBy(sql`${tariffs.service_id} nulls first`);
}

/** Whether the company sells the service: its own, or one of everyone's. */
export async function sellsService(db: DbOrTx, companyId: number, serviceId: number) {
  const [row] = await db
    .select({ name: services.name })
    .from(services)
    .where(
      and(
        eq(services.id, serviceId),
        or(eq(services.company_id, companyId), isNull(services.company_id)),
      ),
    );
  return row;
}

/** Sets the meter of one service (null: every service), creating it on first use. */
export async function upsertTariff(
  db: DbOrTx,
  companyId: number,
  serviceId: number | null,
  meter: Omit<MeterRow, 'service_id'>,
  userId: number,
): Promise<string> {
  const [row] = rowsOf<{ updated_at: string }>(
    await db.execute(sql`insert into tariffs
        (company_id, service_id, start_fee, per_km, per_minute, minimum_fare, updated_by)
      values (${companyId}, ${serviceId}, ${meter.start_fee}, ${meter.per_km},
        ${meter.per_minute}, ${meter.minimum_fare}, ${userId})
      on conflict (company_id, (coalesce(service_id, 0))) do update set
        start_fee = excluded.start_fee, per_km = excluded.per_km,
        per_minute = excluded.per_minute, minimum_fare = excluded.minimum_fare,
        updated_by = excluded.updated_by, updated_at = ${utcNow}
      returning to_char(updated_at, 'YYYY-MM-DD HH24:MI:SS') as updated_at`),
  );
  return row?.updated_at ?? '';
}

const surchargeColumns = {
  id: tariffSurcharges.id,
  name: tariffSurcharges.name,
  days: tariffSurcharges.days,
  time_from: tariffSurcharges.time_from,
  time_to: tariffSurcharges.time_to,
  percent: tariffSurcharges.percent,
};

export function listSurcharges(db: DbOrTx, companyId: number): Promise<SurchargeRow[]> {
  return db
    .select(surchargeColumns)
    .from(tariffSurcharges)
    .where(eq(tariffSurcharges.company_id, companyId))
    .orderBy(asc(tariffSurcharges.id));
}

export async function insertSurcharge(
  db: DbOrTx,
  companyId: number,
  values: Omit<SurchargeRow, 'id'>,
): Promise<SurchargeRow> {
  const [row] = await db
    .insert(tariffSurcharges)
    .values({ company_id: companyId, ...values })
    .returning(surchargeColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Deletes a surcharge within the scope; the company it was of, or undefined when none. */
export async function deleteSurcharge(db: DbOrTx, scope: TenantScope, id: number) {
  const [row] = await db
    .delete(tariffSurcharges)
    .where(and(eq(tariffSurcharges.id, id), inScope(scope, tariffSurcharges.company_id)))
    .returning({ company_id: tariffSurcharges.company_id });
  return row?.company_id;
}

const fromZone = alias(polygons, 'from_zone');
const toZone = alias(polygons, 'to_zone');

/** The company's zones by name: the zone-price form's choices. */
export function listCompanyZones(db: DbOrTx, companyId: number) {
  return db
    .select({ id: polygons.id, name: polygons.name })
    .from(polygons)
    .where(eq(polygons.company_id, companyId))
    .orderBy(asc(polygons.name), asc(polygons.id));
}

export function listZonePrices(db: DbOrTx, companyId: number, id?: number): Promise<ZonePrice[]> {
  return db
    .select({
      id: zonePrices.id,
      service_id: zonePrices.service_id,
      from_polygon_id: zonePrices.from_polygon_id,
      from_name: fromZone.name,
      to_polygon_id: zonePrices.to_polygon_id,
      to_name: toZone.name,
      price: zonePrices.price,
      both_ways: zonePrices.both_ways,
    })
    .from(zonePrices)
    .innerJoin(fromZone, eq(fromZone.id, zonePrices.from_polygon_id))
    .innerJoin(toZone, eq(toZone.id, zonePrices.to_polygon_id))
    .where(
      and(
        eq(zonePrices.company_id, companyId),
        id === undefined ? undefined : eq(zonePrices.id, id),
      ),
    )
    .orderBy(asc(zonePrices.id));
}

/** How many of the zones are the company's. */
export async function ownZoneCount(db: DbOrTx, companyId: number, ids: number[]) {
  const rows = await db
    .select({ id: polygons.id })
    .from(polygons)
    .where(and(eq(polygons.company_id, companyId), inArray(polygons.id, ids)));
  return rows.length;
}

/**
 * Whether the pair (or, for a price both ways, its reverse) is priced already for the service
 * (null: every service).
 */
export async function pairPriced(
  db: DbOrTx,
  companyId: number,
  rule: Omit<ZonePriceRule, 'id' | 'price'>,
): Promise<boolean> {
  const sameService = sql`coalesce(${zonePrices.service_id}, 0) = ${rule.service_id ?? 0}`;
  const forward = and(
    eq(zonePrices.from_polygon_id, rule.from_polygon_id),
    eq(zonePrices.to_polygon_id, rule.to_polygon_id),
  );
  // The reverse pair counts when either price runs both ways.
  const reverse = and(
    eq(zonePrices.from_polygon_id, rule.to_polygon_id),
    eq(zonePrices.to_polygon_id, rule.from_polygon_id),
    rule.both_ways ? undefined : eq(zonePrices.both_ways, true),
  );
  const [row] = await db
    .select({ id: zonePrices.id })
    .from(zonePrices)
    .where(and(eq(zonePrices.company_id, companyId), sameService, or(forward, reverse)))
    .limit(1);
  return row !== undefined;
}

export async function insertZonePrice(
  db: DbOrTx,
  companyId: number,
  rule: Omit<ZonePriceRule, 'id'>,
): Promise<number> {
  const [row] = await db
    .insert(zonePrices)
    .values({ company_id: companyId, ...rule })
    .returning({ id: zonePrices.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function deleteZonePrice(db: DbOrTx, scope: TenantScope, id: number) {
  const [row] = await db
    .delete(zonePrices)
    .where(
      and(
        eq(zonePrices.id, id),
        scope.kind === 'all' ? undefined : inArray(zonePrices.company_id, scope.companyIds),
      ),
    )
    .returning({ company_id: zonePrices.company_id });
  return row?.company_id;
}

export async function readFinanceSettings(db: DbOrTx, companyId: number): Promise<FinanceSettings> {
  const [row] = await db
    .select({
      accept_taximeter: financeSettings.accept_taximeter,
      min_balance: financeSettings.min_balance,
      allow_negative_balance: financeSettings.allow_negative_balance,
    })
    .from(financeSettings)
    .where(eq(financeSettings.company_id, companyId));
  return row ?? DEFAULT_FINANCE_SETTINGS;
}

export async function writeFinanceSettings(
  db: DbOrTx,
  companyId: number,
  settings: FinanceSettings,
): Promise<FinanceSettings> {
  await db
    .insert(financeSettings)
    .values({ company_id: companyId, ...settings })
    .onConflictDoUpdate({ target: financeSettings.company_id, set: settings });
  return settings;
}

/** The company's commissions, the one for every service (null) first. */
export async function listCommissions(db: DbOrTx, companyId: number): Promise<Commission[]> {
  return db
    .select({
      service_id: commissions.service_id,
      service_name: services.name,
      percent_bp: commissions.percent_bp,
      fixed: commissions.fixed,
      updated_at: commissions.updated_at,
    })
    .from(commissions)
    .leftJoin(services, eq(services.id, commissions.service_id))
    .where(eq(commissions.company_id, companyId))
    .orderBy(sql`${commissions.service_id} nulls first`);
}

/** Sets the commission of a service (null: every other service); answers when. */
export async function upsertCommission(
  db: DbOrTx,
  companyId: number,
  serviceId: number | null,
  rule: CommissionRule,
  userId: number,
): Promise<string> {
  const [row] = rowsOf<{ updated_at: string }>(
    await db.execute(sql`insert into commissions (company_id, service_id, percent_bp, fixed, updated_by)
      values (${companyId}, ${serviceId}, ${rule.percent_bp}, ${rule.fixed}, ${userId})
      on conflict (company_id, coalesce(service_id, 0)) do update
        set percent_bp = excluded.percent_bp, fixed = excluded.fixed,
          updated_by = excluded.updated_by, updated_at = ${utcNow}
      returning to_char(updated_at, 'YYYY-MM-DD HH24:MI:SS') as updated_at`),
  );
  return row?.updated_at ?? '';
}

/**
 * Where the driver was during the order's trip, in time order: the positions kept for it since
 * `fromUtc` (the trip's start).
 */
export function tripPositions(db: DbOrTx, driverId: number, orderId: number, fromUtc: string) {
  return db
    .select({
      lat: driverPositionHistory.lat,
      long: driverPositionHistory.long,
      reported_at: driverPositionHistory.reported_at,
    })
    .from(driverPositionHistory)
    .where(
      and(
        eq(driverPositionHistory.driver_id, driverId),
        eq(driverPositionHistory.order_id, orderId),
        sql`${driverPositionHistory.reported_at} >= ${fromUtc}`,
      ),
    )
    .orderBy(asc(driverPositionHistory.reported_at));
}
