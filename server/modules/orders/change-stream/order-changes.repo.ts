import type { Order } from '@common/orders/orders.schema';
import { asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../../db/client';
import { preparedPerDb, preparedSql } from '../../../db/prepared';
import { orderChanges, orders } from '../../../db/schema';
import { utcNow } from '../../../db/schema/columns';
import { orderColumns } from '../orders.select';

/**
 * What a change was (the `kind` of `order_changes`): a new order ('created'), a cancellation
 * (order_canceled, with its reason) or any other change.
 */
export type OrderChangeKind = 'created' | 'changed' | 'canceled';

export interface OrderChangeRow {
  seq: number;
  order_id: number;
  kind: OrderChangeKind;
  reason: string | null;
  /** The protocol company the change stopped billing the order to (its lists lose it). */
  left_company_id: number | null;
}

/**
 * The next change number, taken by locking the counter's one row until the transaction ends:
 * numbers come gapless and in commit order, so a reader that has seen N knows that N + 1 is
 * the next to commit. Append it as a transaction's last statement: the lock is then held for
 * the commit only, and a writer never waits for it while holding another lock a second writer
 * could be waiting for (no deadlock).
 */
const takeNumbers = (count: SQL, when: SQL = sql`true`) =>
  sql`update order_change_counter set last = last + ${count} where id = 1 and ${when} returning last`;

/**
 * The next number, inside a statement of data-modifying CTEs (placing an order,
 * new-order.repo.ts): `when` reads the rows written before it, so the lock comes last there too.
 */
export const nextChangeNumberSql = (when: SQL) => takeNumbers(sql`1`, when);

/** One change of one order; returns its number. The write path's only way to record one. */
export async function appendChange(
  tx: DbOrTx,
  change: {
    order_id: number;
    kind: OrderChangeKind;
    reason?: string | null;
    left_company_id?: number | null;
  },
): Promise<number> {
  const [row] = rowsOf<{ seq: string | number }>(
    await appendOne(tx).execute({
      order_id: change.order_id,
      kind: change.kind,
      reason: change.reason ?? null,
      left_company_id: change.left_company_id ?? null,
    }),
  );
  if (!row) throw new Error('order change was not recorded');
  return Number(row.seq);
}

const p = sql.placeholder;
const appendOne = preparedSql(
  'append_order_change',
  sql`with next as (${takeNumbers(sql`1`)})
  insert into order_changes (seq, order_id, kind, reason, left_company_id)
  select next.last, ${p('order_id')}::int, ${p('kind')}::text, ${p('reason')}::text,
    ${p('left_company_id')}::int from next
  returning seq`,
);

/**
 * A 'changed' for each order `ids` selects (e.g. every order of a renamed client, whose rows
 * embed the client); returns the last number, or null when it selected none.
 */
export async function appendChangesOf(tx: DbOrTx, ids: SQL): Promise<number | null> {
  const [row] = rowsOf<{ last: string | number | null }>(
    await tx.execute(sql`with ids as (${ids}),
      counted as (select count(*)::bigint as n from ids),
      next as (${takeNumbers(sql`(select n from counted)`)}),
      added as (
        insert into order_changes (seq, order_id, kind)
        select next.last - counted.n + row_number() over (order by ids.id), ids.id, 'changed'
        from ids, counted, next
        returning seq
      )
      select max(seq) as last from added`),
  );
  return row?.last == null ? null : Number(row.last);
}

/** A change with its order as the wire has it now (undefined: no such order any more). */
export interface ChangedOrder {
  change: OrderChangeRow;
  order: Order | undefined;
}

/**
 * The changes after `seq`, in order, at most `limit`, each with its order as it is now: one
 * round trip per batch (PGlite's one session serves every request too; bench/orders-lists).
 */
export async function changedOrdersAfter(
  db: Db,
  seq: number,
  limit: number,
): Promise<ChangedOrder[]> {
  const rows = await changedOrdersPrepared(db).execute({ seq, limit });
  return rows.map(
    ({ change_seq, change_order_id, change_kind, change_reason, change_left, ...order }) => ({
      change: {
        seq: Number(change_seq),
        order_id: change_order_id,
        kind: change_kind as OrderChangeKind,
        reason: change_reason,
        left_company_id: change_left,
      },
      // A left join: a change whose order is gone comes with an empty order.
      order: order.id === null ? undefined : (order as Order),
    }),
  );
}

const changedOrdersPrepared = preparedPerDb((db) =>
  db
    .select({
      change_seq: orderChanges.seq,
      change_order_id: orderChanges.order_id,
      change_kind: orderChanges.kind,
      change_reason: orderChanges.reason,
      change_left: orderChanges.left_company_id,
      ...orderColumns,
    })
    .from(orderChanges)
    .leftJoin(orders, eq(orders.id, orderChanges.order_id))
    .where(gt(orderChanges.seq, sql.placeholder('seq')))
    .orderBy(asc(orderChanges.seq))
    .limit(sql.placeholder('limit'))
    .prepare('changed_orders_after'),
);

/** The last number given out (0 before any change). */
export async function lastChange(db: Db): Promise<number> {
  const [row] = rowsOf<{ last: string | number }>(
    await db.execute(sql`select last from order_change_counter where id = 1`),
  );
  return Number(row?.last ?? 0);
}

/**
 * Forgets changes older than `hours` (a reader further behind than that resets,
 * which `changedOrdersAfter` shows it by the gap before the first change it gets).
 */
export async function pruneChanges(db: Db, hours: number): Promise<void> {
  await db.execute(
    sql`delete from order_changes where created_at < ${utcNow} - make_interval(hours => ${hours})`,
  );
}
