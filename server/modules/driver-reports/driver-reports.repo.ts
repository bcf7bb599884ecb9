import type {
  DriverTrip,
  DriverTripList,
  ReportLink,
} from '@common/driver-reports/driver-reports.schema';
import { DRIVER_ORDERS_PER_PAGE } from '@common/driver-reports/driver-reports.schema';
import type { OrderState, PaymentType } from '@common/orders/orders.schema';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companyUsers, driverReportTokens, orders, users } from '../../db/schema';
import { utcNow } from '../../db/schema/columns';
import { hasDriverRole, oneOf } from '../../db/sql';
import type { TenantScope } from '../../http/auth-context';
import { inScope } from '../users/users.repo';

/** A driver in the caller's scope: his name, call sign and the companies he drives for. */
export async function findDriver(db: DbOrTx, scope: TenantScope, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      indicativ: users.identifier,
      companyIds: sql<
        number[]
      >`array(select cu.company_id from ${companyUsers} cu where cu.user_id = ${users}.id order by cu.company_id)`,
    })
    .from(users)
    .where(and(eq(users.id, id), hasDriverRole(users.roles), inScope(scope)))
    .limit(1);
  return row;
}

export interface TripFilter {
  driverId: number;
  /** Orders processed by these companies only; undefined: any (the platform admin). */
  companyIds?: number[];
  payment_type?: PaymentType;
  is_paid?: boolean;
  page: number;
}

/** A driver's trips newest first, 30 a page, on the orders_driver_idx index. */
export async function listTrips(db: DbOrTx, filter: TripFilter): Promise<DriverTripList> {
  const filters: (SQL | undefined)[] = [eq(orders.driver_id, filter.driverId)];
  if (filter.companyIds) filters.push(oneOf(orders.processed_by_company_id, filter.companyIds));
  if (filter.payment_type) filters.push(eq(orders.payment_type, filter.payment_type));
  if (filter.is_paid !== undefined) filters.push(eq(orders.is_paid, filter.is_paid));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        created_at: orders.created_at,
        places: sql<
          string[]
        >`array(select p.name from order_places p where p.order_id = ${orders}.id order by p.position)`,
        state: orders.state,
        cost: orders.cost,
        payment_type: orders.payment_type,
        is_paid: orders.is_paid,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.created_at), desc(orders.id))
      .limit(DRIVER_ORDERS_PER_PAGE)
      .offset((filter.page - 1) * DRIVER_ORDERS_PER_PAGE),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return {
    data: rows.map(
      (row): DriverTrip => ({
        ...row,
        state: row.state as OrderState,
        payment_type: row.payment_type as PaymentType,
      }),
    ),
    meta: { total: total?.value ?? 0, page: filter.page, per_page: DRIVER_ORDERS_PER_PAGE },
  };
}

const linkColumns = {
  id: driverReportTokens.id,
  driver_id: driverReportTokens.driver_id,
  created_at: driverReportTokens.created_at,
  created_by: users.name,
  expires_at: driverReportTokens.expires_at,
  revoked_at: driverReportTokens.revoked_at,
};

export async function insertLink(
  db: DbOrTx,
  values: {
    company_id: number;
    driver_id: number;
    token_hash: string;
    days: number;
    created_by: number;
  },
): Promise<number> {
  const [row] = await db
    .insert(driverReportTokens)
    .values({
      company_id: values.company_id,
      driver_id: values.driver_id,
      token_hash: values.token_hash,
      expires_at: sql`${utcNow} + make_interval(days => ${values.days})`,
      created_by: values.created_by,
    })
    .returning({ id: driverReportTokens.id });
  if (!row) throw new Error('driver_report_tokens insert returned no row');
  return row.id;
}

/** A driver's links made by the caller's companies, newest first. */
export async function listLinks(
  db: DbOrTx,
  driverId: number,
  companyIds: number[] | undefined,
  linkId?: number,
): Promise<ReportLink[]> {
  return db
    .select(linkColumns)
    .from(driverReportTokens)
    .leftJoin(users, eq(users.id, driverReportTokens.created_by))
    .where(
      and(
        eq(driverReportTokens.driver_id, driverId),
        companyIds ? oneOf(driverReportTokens.company_id, companyIds) : undefined,
        linkId !== undefined ? eq(driverReportTokens.id, linkId) : undefined,
      ),
    )
    .orderBy(desc(driverReportTokens.created_at), desc(driverReportTokens.id))
    .limit(200);
}

/** Revokes (once: a second revocation keeps the first time); false when no such link. */
export async function revokeLink(
  db: DbOrTx,
  driverId: number,
  companyIds: number[] | undefined,
  linkId: number,
): Promise<boolean> {
  const rows = await db
    .update(driverReportTokens)
    .set({ revoked_at: sql`coalesce(${driverReportTokens.revoked_at}, ${utcNow})` })
    .where(
      and(
        eq(driverReportTokens.id, linkId),
        eq(driverReportTokens.driver_id, driverId),
        companyIds ? oneOf(driverReportTokens.company_id, companyIds) : undefined,
      ),
    )
    .returning({ id: driverReportTokens.id });
  return rows.length === 1;
}

/** The live link of a token digest: not revoked, not expired; with its driver's public name. */
export async function findLiveLink(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      company_id: driverReportTokens.company_id,
      driver_id: driverReportTokens.driver_id,
      expires_at: driverReportTokens.expires_at,
      name: users.name,
      indicativ: users.identifier,
    })
    .from(driverReportTokens)
    .innerJoin(users, eq(users.id, driverReportTokens.driver_id))
    .where(
      and(
        eq(driverReportTokens.token_hash, tokenHash),
        sql`${driverReportTokens.revoked_at} is null`,
        sql`${driverReportTokens.expires_at} > ${utcNow}`,
      ),
    )
    .limit(1);
  return row;
}
