import type { OrderPlaceInput } from '@common/orders/orders.schema';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { orders } from '../../db/schema';
import {
  addressesUpsert,
  type ClientValues,
  clientUpsert,
  type HistoryItem,
  historyInsert,
  type NewOrderRow,
  placesInsert,
} from './orders.repo';

export interface NewOrder {
  client: ClientValues;
  order: Omit<NewOrderRow, 'client_id'> &
    Pick<typeof orders.$inferInsert, 'phone' | 'created_by_company_id' | 'processed_by_company_id'>;
  places: OrderPlaceInput[];
  history: Omit<HistoryItem, 'order_id'>;
  /** A statement to run with the others, given the new order's id (idempotency's Claim). */
  alsoRun?: (orderId: SQL) => SQL;
}

/**
 * Places an order in one statement: the client (found or created by phone), the order, its
 * places, the client's saved addresses, the first history item (and `alsoRun`, the idempotency
 * key's result), as data-modifying CTEs.
 * The same builders as the single-row writes render each part; later parts read the ids that
 * earlier ones return. Foreign keys are checked when the statement ends, so a place may point
 * at the order inserted beside it. One round trip instead of five: placing orders is the
 * console's hottest write (bench/orders-lists, 50 a second), and on PGlite every statement
 * waits for the one database session.
 */
export async function insertNewOrder(
  db: DbOrTx,
  input: NewOrder,
): Promise<{ id: number; client_id: number }> {
  const clientId = sql`(select id from new_client)`;
  const orderId = sql`(select id from new_order)`;
  const parts: SQL[] = [
    sql`new_client as (${clientUpsert(db, input.client).getSQL()})`,
    sql`new_order as (${db
      .insert(orders)
      .values({ ...input.order, client_id: clientId })
      .returning({ id: orders.id })
      .getSQL()})`,
    sql`new_history as (${historyInsert(db, { ...input.history, order_id: orderId }).getSQL()})`,
  ];
  if (input.alsoRun) parts.push(sql`also_run as (${input.alsoRun(orderId)})`);
  if (input.places.length > 0) {
    parts.push(sql`new_places as (${placesInsert(db, orderId, input.places).getSQL()})`);
    parts.push(
      sql`saved_addresses as (${addressesUpsert(db, input.client.company_id, clientId, input.places).getSQL()})`,
    );
  }
  const [row] = rowsOf<{ id: number; client_id: number }>(
    await db.execute(
      sql`with ${sql.join(parts, sql`, `)} select id, ${clientId} as client_id from new_order`,
    ),
  );
  if (!row) throw new Error('order insert returned no row');
  return row;
}
