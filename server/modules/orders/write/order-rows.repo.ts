import type { OrderPlaceInput } from '@common/orders/orders.schema';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../../db/client';
import { clients, orderHistory, orderPlaces, orders } from '../../../db/schema';
import { utcNow } from '../../../db/schema/columns';
import type { TenantScope } from '../../../http/auth-context';
import { inOrderScope, type OrderRow } from '../orders.repo';
import { countNewOrder } from './daily-counts.repo';

/** Insert/update values; any column may be an SQL expression such as the database clock. */
export type NewOrderRow = {
  [K in keyof typeof orders.$inferInsert]: (typeof orders.$inferInsert)[K] | SQL;
};

export async function insertOrder(
  db: DbOrTx,
  values: NewOrderRow &
    Pick<typeof orders.$inferInsert, 'phone' | 'created_by_company_id' | 'processed_by_company_id'>,
): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('order insert returned no row');
  // The dashboard chart's daily counts, in the same transaction (daily-counts.repo).
  await countNewOrder(db, row);
  return row;
}

export async function replacePlaces(
  db: DbOrTx,
  orderId: number,
  places: OrderPlaceInput[],
): Promise<void> {
  await db.delete(orderPlaces).where(eq(orderPlaces.order_id, orderId));
  await insertPlaces(db, orderId, places);
}

/** The places A, B, C… of an order that has none yet (a new order or a copy). */
export async function insertPlaces(
  db: DbOrTx,
  orderId: number,
  places: OrderPlaceInput[],
): Promise<void> {
  if (places.length === 0) return;
  await db.execute(placesInsertSql(sql`${orderId}::int`, placesJson(places)));
}

/** A place's columns (as the JSON of `placesInsertSql` and `addressesUpsertSql` has them). */
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

/** Places A, B, C… (their position is their index) as the JSON `placesInsertSql` reads. */
export const placesJson = (places: OrderPlaceInput[]) =>
  JSON.stringify(places.map((place, position) => ({ ...placeRow(place), position })));

/**
 * Inserts an order's places from a JSON array (`placesJson`). The order's id is an SQL
 * expression: a parameter, or the id an earlier part of the same statement inserted (placing an
 * order, new-order.repo.ts), none when that part inserted nothing.
 */
export const placesInsertSql = (
  orderId: SQL,
  places: Placeholder | string,
) => sql`insert into order_places
    (order_id, position, name, place_id, lat, long, comment, bloc, scara, reper)
  select ${orderId}, place.position, place.name, place.place_id, place.lat, place.long,
    place.comment, place.bloc, place.scara, place.reper
  from jsonb_to_recordset(${places}::jsonb) as place(position int, name text, place_id text,
    lat float8, long float8, comment text, bloc text, scara text, reper text)
  where ${orderId} is not null`;

/** Updates one place of an order; returns its position, or undefined when it is not that order's. */
export async function updatePlace(
  db: DbOrTx,
  orderId: number,
  placeId: number,
  place: OrderPlaceInput,
) {
  const [row] = await db
    .update(orderPlaces)
    .set(placeRow(place))
    .where(and(eq(orderPlaces.id, placeId), eq(orderPlaces.order_id, orderId)))
    .returning({ position: orderPlaces.position });
  return row;
}

/**
 * A guarded update: one statement whose WHERE holds the rule, so two
 * racing requests cannot both pass it. Returns the row, or undefined when the guard refused.
 */
export async function updateOrderWhere(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
  guard: SQL | undefined,
  values: Partial<NewOrderRow>,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ ...values, updated_at: utcNow })
    .where(and(eq(orders.id, id), inOrderScope(scope), guard))
    .returning();
  return row;
}

export interface HistoryItem {
  order_id: number;
  type: string;
  initiator: string;
  initiator_id: number | null;
  details?: Record<string, unknown>;
}

export async function addHistory(db: DbOrTx, item: HistoryItem): Promise<void> {
  await db.insert(orderHistory).values({ ...item, details: item.details ?? null });
}

export interface ClientValues {
  company_id: number;
  phone: string;
  name: string | null;
  about: string | null;
}

/** Finds or creates the company's client for a phone, refreshing name and notes when given. */
export async function upsertClient(db: DbOrTx, values: ClientValues): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(
      clientUpsertSql({
        company_id: sql`${values.company_id}::int`,
        phone: sql`${values.phone}::text`,
        name: sql`${values.name}::text`,
        about: sql`${values.about}::text`,
      }),
    ),
  );
  if (!row) throw new Error('client upsert returned no row');
  return row.id;
}

/**
 * The upsert of `upsertClient`, returning the client's id; with `when`, only if it holds (an
 * earlier part of the same statement, as in `placesInsertSql`).
 */
export const clientUpsertSql = (
  values: Record<keyof ClientValues, SQL>,
  when: SQL = sql`true`,
) => sql`insert into clients (company_id, phone, name, about)
  select ${values.company_id}, ${values.phone}, ${values.name}, ${values.about}
  where ${when}
  on conflict (company_id, phone) do update set
    name = coalesce(excluded.name, clients.name),
    about = coalesce(excluded.about, clients.about),
    updated_at = ${utcNow}
  returning id`;

export async function updateClientName(
  db: DbOrTx,
  clientId: number,
  name: string | null,
  about: string | null | undefined,
) {
  await db
    .update(clients)
    .set({ name, ...(about !== undefined ? { about } : {}), updated_at: utcNow })
    .where(eq(clients.id, clientId));
}

/** Remembers the places of an order as the client's saved addresses (Saved address). */
export async function rememberAddresses(
  db: DbOrTx,
  companyId: number,
  clientId: number,
  places: OrderPlaceInput[],
) {
  if (places.length === 0) return;
  await db.execute(
    addressesUpsertSql(sql`${companyId}::int`, sql`${clientId}::int`, addressesJson(places)),
  );
}

/** Saved addresses as the JSON `addressesUpsertSql` reads: one per name (see there). */
export const addressesJson = (places: OrderPlaceInput[]) =>
  // A name twice in one upsert would be a second update of the same row, which PostgreSQL refuses.
  JSON.stringify([...new Map(places.map((place) => [place.name, placeRow(place)])).values()]);

/**
 * Saves places (`addressesJson`) as the client's addresses: a name already saved is updated and
 * counted as used again. The ids are SQL expressions, as in `placesInsertSql`.
 */
export const addressesUpsertSql = (
  companyId: SQL | Placeholder,
  clientId: SQL,
  addresses: Placeholder | string,
) => sql`
  insert into client_addresses (company_id, client_id, name, lat, long, place_id, comment, scara,
    bloc, reper, is_internal)
  select ${companyId}, ${clientId}, address.name, address.lat, address.long, address.place_id,
    address.comment, address.scara, address.bloc, address.reper,
    coalesce(address.place_id like 'internal:%', false)
  from jsonb_to_recordset(${addresses}::jsonb) as address(name text, lat float8, long float8,
    place_id text, comment text, scara text, bloc text, reper text)
  where ${clientId} is not null
  on conflict (client_id, name) do update set
    lat = excluded.lat, long = excluded.long, place_id = excluded.place_id,
    comment = excluded.comment, scara = excluded.scara, bloc = excluded.bloc,
    reper = excluded.reper, use_count = client_addresses.use_count + 1,
    last_used_at = ${utcNow}`;

/**
 * The order state rules as the WHERE of the guarded UPDATE (`updateOrderWhere`): two racing
 * requests cannot both pass one. common/orders/orders.rules.ts holds their JavaScript form, which
 * explains a refusal after reading the row.
 */
export const transitionGuards = {
  /** Cancel only in created or assigned. */
  cancel: sql`${orders.state} in ('created', 'assigned')`,
  /** Retry own canceled or pending orders. */
  retry: (userId: number) =>
    sql`${orders.state} in ('canceled', 'pending') and ${orders.dispatcher_id} = ${userId}`,
  /** Own created or pending orders join the pending queue once. */
  moveToPending: (userId: number) =>
    sql`${orders.state} in ('created', 'pending') and ${orders.dispatcher_id} = ${userId} and not ${orders.in_pending_queue}`,
  alwaysInCall: sql`${orders.always_in_call}`,
  /** Notify selected drivers: still no driver, searching, waiting or canceled. */
  notifyDrivers: sql`${orders.state} in ('created', 'pending', 'canceled') and ${orders.driver_id} is null`,
  /** Manual assignment only in canceled or pending with no driver, like every assignment. */
  assignManually: sql`${orders.state} in ('canceled', 'pending') and ${orders.driver_id} is null`,
  /** A finished trip's fare is corrected by an administrator. */
  correctFare: sql`${orders.state} = 'finished' and ${orders.driver_id} is not null`,
  /** An edit of the state it read: a concurrent placing or edit of a new order loses cleanly. */
  stillIn: (state: string) => eq(orders.state, state),
};

/** The other orders of a client, whose rows embed it (orders.select.ts `client`). */
export const otherOrdersOfClient = (clientId: number, orderId: number) =>
  sql`select id from ${orders} where ${orders.client_id} = ${clientId} and ${orders.id} <> ${orderId}`;
