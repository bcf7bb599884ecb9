import type { OrderPlaceInput } from '@common/orders/orders.schema';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../../db/client';
import { preparedSql } from '../../../db/prepared';
import { utcNow } from '../../../db/schema/columns';
import { claimKeySql, claimValues, type KeyClaim } from '../../idempotency/idempotency.repo';
import { nextChangeNumberSql } from '../change-stream/order-changes.repo';
import { dailyCountUpsertSql } from './daily-counts.repo';
import {
  addressesJson,
  addressesUpsertSql,
  clientUpsertSql,
  placesInsertSql,
  placesJson,
} from './order-rows.repo';

/** What placing (or saving as a draft) a new order writes; the rest are the columns' defaults. */
export interface NewOrder {
  /** Placed at once (state created, started now) or saved as a draft (state new). */
  placed: boolean;
  /** The dispatching company (`processed_by_company_id`), whose client the caller is. */
  company_id: number;
  created_by_company_id: number;
  protocol_company_id: number | null;
  phone: string;
  client_name: string | null;
  about_client: string | null;
  comment: string | null;
  /** UTC `YYYY-MM-DD HH:mm:ss`; null: now. */
  departure_time: string | null;
  service_id: number;
  options: string[];
  dispatcher_id: number;
  custom_driver_ids: number[];
  search_company_ids: number[];
  payment_type: string;
  always_in_call: boolean;
  places: OrderPlaceInput[];
  /** The first place's name (the service's `placeColumns`). */
  address: string | null;
  /** Bani: the operator's fixed price or the tariff's estimate (docs/MONEY.md); null: none. */
  cost: number | null;
  cost_source: string | null;
  /** `cost` less the discount (docs/MONEY.md "Discounts"). */
  discounted_cost: number | null;
  /** The condition whose use the order holds (taken in the caller's transaction), its amount. */
  discount_condition_id: number | null;
  discount_amount: number | null;
  /** The first history item's author. */
  initiator: string;
  initiator_id: number;
  /** When a placed order's driver search is due, by the engine's clock. */
  search_due_ms: number;
}

const p = sql.placeholder;

/**
 * Placing an order is one prepared statement of data-modifying CTEs: the Idempotency-Key's
 * claim with its result, the client (found or created by phone, name and notes refreshed), the
 * order, its places A, B…, the client's saved addresses and the first history item; the parts
 * the single-row writes also make are the same SQL (order-rows.repo `…Sql`), a placed order's
 * driver search (born with the order, so no placed order is ever without one; the statement is
 * the dispatch engine's, `startSearches`), the
 * dashboard chart's count of the day (daily-counts.repo), and the change
 * (change-stream/order-changes.repo.ts), numbered only once the order is in: the counter's lock
 * is taken last, as in every write. Every insert reads
 * its rows or id from the one before (`go`, `new_client`, `new_order`), so a key held by
 * another request creates nothing. Foreign keys are checked when the statement ends, so a place
 * may point at the order inserted beside it.
 *
 * Why this shape: placing orders is the console's hottest write (bench/orders-lists, 50 a
 * second). As one statement it needs no transaction (one round trip instead of begin, claim,
 * insert, commit, and on PGlite the one database session is held once); its SQL is fixed
 * (places and addresses travel as one JSON parameter each), so it is rendered once and planned
 * once per connection, where rendering the ~60-parameter statement on every order cost ~8% of
 * the server's CPU under the benchmark.
 */
const placingStatement = (startSearches: (rows: SQL) => SQL) =>
  preparedSql(
    'place_order',
    sql`with new_id as (select nextval('orders_id_seq')::int as id),
  claim as (${claimKeySql.cte(sql`(select id from new_id)`)}),
  go as (select id from new_id where ${claimKeySql.granted(sql`claim`)}),
  new_client as (${clientUpsertSql(
    {
      company_id: sql`${p('company_id')}::int`,
      phone: sql`${p('phone')}::text`,
      name: sql`${p('client_name')}::text`,
      about: sql`${p('about_client')}::text`,
    },
    sql`exists (select 1 from go)`,
  )}),
  new_order as (
    insert into orders (id, state, start_at, departure_time, service_id, phone, client_name,
      about_client, comment, client_id, options, dispatcher_id, custom_driver_ids,
      search_company_ids, payment_type, source, always_in_call, created_by_company_id,
      processed_by_company_id, protocol_company_id, address, cost, cost_source, discounted_cost,
      discount_condition_id, discount_amount)
    select go.id,
      case when ${p('placed')}::boolean then 'created' else 'new' end,
      case when ${p('placed')}::boolean then ${utcNow} end,
      coalesce(${p('departure_time')}::timestamp, ${utcNow}),
      ${p('service_id')}::int, ${p('phone')}::text, ${p('client_name')}::text,
      ${p('about_client')}::text, ${p('comment')}::text, new_client.id, ${p('options')}::text[],
      ${p('dispatcher_id')}::int, ${p('custom_driver_ids')}::int[],
      ${p('search_company_ids')}::int[], ${p('payment_type')}::text, 'from_call',
      ${p('always_in_call')}::boolean, ${p('created_by_company_id')}::int,
      ${p('company_id')}::int, ${p('protocol_company_id')}::int, ${p('address')}::text,
      ${p('cost')}::int, ${p('cost_source')}::text, ${p('discounted_cost')}::int,
      ${p('discount_condition_id')}::int, ${p('discount_amount')}::int
    from go, new_client
    returning id
  ),
  new_history as (
    insert into order_history (order_id, type, initiator, initiator_id)
    select id, case when ${p('placed')}::boolean then 'created' else 'draft_saved' end,
      ${p('initiator')}::text, ${p('initiator_id')}::int
    from new_order
  ),
  new_discount_use as (
    insert into discount_uses (order_id, condition_id, client_id)
    select new_order.id, ${p('discount_condition_id')}::int, new_client.id
    from new_order, new_client where ${p('discount_condition_id')}::int is not null
  ),
  new_places as (${placesInsertSql(sql`(select id from new_order)`, p('places'))}),
  saved_addresses as (${addressesUpsertSql(
    sql`${p('company_id')}::int`,
    sql`(select id from new_client)`,
    p('addresses'),
  )}),
  new_search as (${startSearches(
    sql`select id, ${p('company_id')}::int, ${p('search_due_ms')}::bigint
    from new_order where ${p('placed')}::boolean`,
  )}),
  daily_count as (${dailyCountUpsertSql(
    sql`${p('company_id')}::int`,
    sql`'from_call'`,
    sql`from new_order`,
  )}),
  next_change as (${nextChangeNumberSql(sql`exists (select 1 from new_order)`)}),
  new_change as (
    insert into order_changes (seq, order_id, kind)
    select next_change.last, new_order.id, 'created' from next_change, new_order
    returning seq
  )
  select new_order.id, new_client.id as client_id, new_change.seq
  from new_order, new_client, new_change`,
  );

/** One placing statement per fragment (the engine's one, in practice): one name, one text. */
const placingStatements = new WeakMap<(rows: SQL) => SQL, ReturnType<typeof placingStatement>>();
function placeOrder(startSearches: (rows: SQL) => SQL) {
  let statement = placingStatements.get(startSearches);
  if (!statement) {
    statement = placingStatement(startSearches);
    placingStatements.set(startSearches, statement);
  }
  return statement;
}

/**
 * Places the order (see `placeOrder`); undefined when `claim`'s key is held by another request,
 * whose result is the one to answer.
 */
export async function insertNewOrder(
  db: DbOrTx,
  order: NewOrder,
  claim: KeyClaim | null,
  startSearches: (rows: SQL) => SQL,
): Promise<{ id: number; client_id: number; seq: number } | undefined> {
  const { places, ...values } = order;
  const [row] = rowsOf<{ id: number; client_id: number; seq: string | number }>(
    await placeOrder(startSearches)(db).execute({
      ...values,
      ...claimValues(claim),
      places: placesJson(places),
      addresses: addressesJson(places),
    }),
  );
  return row && { id: row.id, client_id: row.client_id, seq: Number(row.seq) };
}
