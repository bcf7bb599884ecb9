import type { Order, OrderHistoryItem } from '@common/orders/orders.schema';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { cars, orderHistory, orderPlaces, orders, users } from '../../db/schema';
import { intArray } from '../../db/sql';
import type { TenantScope } from '../../http/auth-context';
import { isDriverOfSql } from '../users/users.repo';
import { orderColumns } from './orders.select';

/**
 * Which orders a caller may touch (auth-context scopeOf): by the company that dispatches them or
 * the protocol company they are billed to, the lists' rule (order-reads.ts `consoleScopeOf`).
 * Only a protocol company is ever billed and it dispatches nothing, so each of the caller's
 * companies matches on its own side.
 */
export const inOrderScope = (scope: TenantScope): SQL | undefined =>
  scope.kind === 'all'
    ? undefined
    : sql`(${orders.processed_by_company_id} = any(${intArray(scope.companyIds)}) or ${orders.protocol_company_id} = any(${intArray(scope.companyIds)}))`;

export type OrderRow = typeof orders.$inferSelect;

export async function findOrder(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
): Promise<Order | undefined> {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.id, id), inOrderScope(scope)))
    .limit(1);
  return row;
}

const orderByIdPrepared = preparedPerDb((db) =>
  db
    .select(orderColumns)
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .prepare('order_by_id'),
);

/** An order as the wire has it, whoever's it is (to publish a change the caller may make). */
export async function findAnyOrder(db: Db, id: number): Promise<Order | undefined> {
  const [row] = await orderByIdPrepared(db).execute({ id });
  return row;
}

/** The raw row, for rules and copies (duplicate). */
export async function findOrderRow(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), inOrderScope(scope)))
    .limit(1);
  return row;
}

export async function placesOf(db: DbOrTx, orderId: number) {
  return db
    .select()
    .from(orderPlaces)
    .where(eq(orderPlaces.order_id, orderId))
    .orderBy(asc(orderPlaces.position));
}

export async function historyOf(db: DbOrTx, orderId: number): Promise<OrderHistoryItem[]> {
  return db
    .select({
      id: orderHistory.id,
      timestamp: orderHistory.timestamp,
      type: orderHistory.type,
      initiator: orderHistory.initiator,
      details: sql<Record<string, unknown> | null>`${orderHistory.details}`,
    })
    .from(orderHistory)
    .where(eq(orderHistory.order_id, orderId))
    .orderBy(asc(orderHistory.id));
}

/** A driver of one of the companies, with the call sign of their car. */
export async function findCompanyDriver(db: DbOrTx, companyIds: number[], driverId: number) {
  const [row] = await db
    .select({
      id: users.id,
      indicativ: sql<
        string | null
      >`(select k.indicativ from ${cars} k where k.driver_id = ${users}.id order by k.id limit 1)`,
    })
    .from(users)
    .where(and(eq(users.id, driverId), isDriverOfSql(companyIds)))
    .limit(1);
  return row;
}
