import type { OrderPlaceInput } from '@common/orders/orders.schema';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { utcNow } from '../../db/schema/columns';
import { claimKeySql, claimValues, type KeyClaim } from '../idempotency/idempotency.repo';

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
  /** The first history item's author. */
  initiator: string;
  initiator_id: number;
}

const p = sql.placeholder;

/**
 * Placing an order is one prepared statement of data-modifying CTEs: the Idempotency-Key's
 * claim with its result, the client (found or created by phone, name and notes refreshed), the
 * order, its places A, B…, the client's saved addresses and the first history item. Every
 * insert reads its rows from the one before (`from go`, `from new_order`…), so a key held by
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
const placeOrder = preparedSql(
  'place_order',
  sql`with new_id as (select nextval('orders_id_seq')::int as id),
  claim as (${claimKeySql.cte(sql`(select id from new_id)`)}),
  go as (select id from new_id where ${claimKeySql.granted(sql`claim`)}),
  new_client as (
    insert into clients (company_id, phone, name, about)
    select ${p('company_id')}::int, ${p('phone')}::text, ${p('client_name')}::text,
      ${p('about_client')}::text
    from go
    on conflict (company_id, phone) do update set
      name = coalesce(excluded.name, clients.name),
      about = coalesce(excluded.about, clients.about),
      updated_at = ${utcNow}
    returning id
  ),
  new_order as (
    insert into orders (id, state, start_at, departure_time, service_id, phone, client_name,
      about_client, comment, client_id, options, dispatcher_id, custom_driver_ids,
      search_company_ids, payment_type, source, always_in_call, created_by_company_id,
      processed_by_company_id, protocol_company_id, address)
    select go.id,
      case when ${p('placed')}::boolean then 'created' else 'new' end,
      case when ${p('placed')}::boolean then ${utcNow} end,
      coalesce(${p('departure_time')}::timestamp, ${utcNow}),
      ${p('service_id')}::int, ${p('phone')}::text, ${p('client_name')}::text,
      ${p('about_client')}::text, ${p('comment')}::text, new_client.id, ${p('options')}::text[],
      ${p('dispatcher_id')}::int, ${p('custom_driver_ids')}::int[],
      ${p('search_company_ids')}::int[], ${p('payment_type')}::text, 'from_call',
      ${p('always_in_call')}::boolean, ${p('created_by_company_id')}::int,
      ${p('company_id')}::int, ${p('protocol_company_id')}::int, ${p('address')}::text
    from go, new_client
    returning id
  ),
  new_history as (
    insert into order_history (order_id, type, initiator, initiator_id)
    select id, case when ${p('placed')}::boolean then 'created' else 'draft_saved' end,
      ${p('initiator')}::text, ${p('initiator_id')}::int
    from new_order
  ),
  new_places as (
    insert into order_places (order_id, position, name, place_id, lat, long, comment, bloc,
      scara, reper)
    select new_order.id, place.position, place.name, place.place_id, place.lat, place.long,
      place.comment, place.bloc, place.scara, place.reper
    from new_order, jsonb_to_recordset(${p('places')}::jsonb) as place(position int, name text,
      place_id text, lat float8, long float8, comment text, bloc text, scara text, reper text)
  ),
  saved_addresses as (
    insert into client_addresses (company_id, client_id, name, lat, long, place_id, comment,
      scara, bloc, reper, is_internal)
    select ${p('company_id')}::int, new_client.id, address.name, address.lat, address.long,
      address.place_id, address.comment, address.scara, address.bloc, address.reper,
      coalesce(address.place_id like 'internal:%', false)
    from new_client, jsonb_to_recordset(${p('addresses')}::jsonb) as address(name text,
      lat float8, long float8, place_id text, comment text, scara text, bloc text, reper text)
    on conflict (client_id, name) do update set
      lat = excluded.lat, long = excluded.long, place_id = excluded.place_id,
      comment = excluded.comment, scara = excluded.scara, bloc = excluded.bloc,
      reper = excluded.reper, use_count = client_addresses.use_count + 1,
      last_used_at = ${utcNow}
  )
  select new_order.id, new_client.id as client_id from new_order, new_client`,
);

const placeRow = (place: OrderPlaceInput) => ({
  name: place.name,
  place_id: place.place_id ?? null,
  lat: place.lat,
  long: place.long,
  comment: place.comment ?? null,
  bloc: place.bloc ?? null,
  scara: place.scara ?? null,
  reper: place.reper ?? null,
});

/**
 * Places the order (see `placeOrder`); undefined when `claim`'s key is held by another request,
 * whose result is the one to answer.
 */
export async function insertNewOrder(
  db: Db,
  order: NewOrder,
  claim: KeyClaim | null,
): Promise<{ id: number; client_id: number } | undefined> {
  const { places, ...values } = order;
  // A name saved twice in one statement would be a second update of the same row.
  const addresses = [...new Map(places.map((place) => [place.name, place])).values()];
  const [row] = rowsOf<{ id: number; client_id: number }>(
    await placeOrder(db).execute({
      ...values,
      ...claimValues(claim),
      address: places[0]?.name ?? null,
      places: JSON.stringify(places.map((place, position) => ({ ...placeRow(place), position }))),
      addresses: JSON.stringify(addresses.map(placeRow)),
    }),
  );
  return row;
}
