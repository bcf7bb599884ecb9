import type { Order, OrderHistoryItem, OrderPlaceInput } from '@common/orders/orders.schema';
import { and, asc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { cars, clients, orderHistory, orderPlaces, orders, users } from '../../db/schema';
import { utcNow } from '../../db/schema/columns';
import { intArray } from '../../db/sql';
import type { TenantScope } from '../../http/auth-context';
import { orderColumns } from './orders.select';

/**
 * Which orders a caller may touch (auth-context scopeOf): by the company that dispatches them or
 * the one that asked.
 */
export const inOrderScope = (scope: TenantScope): SQL | undefined =>
  scope.kind === 'all'
    ? undefined
    : sql`(${orders.processed_by_company_id} = any(${intArray(scope.companyIds)}) or ${orders.created_by_company_id} = any(${intArray(scope.companyIds)}))`;

export type OrderRow = typeof orders.$inferSelect;
/** Insert/update values; any column may be an SQL expression such as the database clock. */
export type NewOrderRow = {
  [K in keyof typeof orders.$inferInsert]: (typeof orders.$inferInsert)[K] | SQL;
};

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

export async function insertOrder(
  db: DbOrTx,
  values: NewOrderRow &
    Pick<typeof orders.$inferInsert, 'phone' | 'created_by_company_id' | 'processed_by_company_id'>,
): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('order insert returned no row');
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

export async function placesOf(db: DbOrTx, orderId: number) {
  return db
    .select()
    .from(orderPlaces)
    .where(eq(orderPlaces.order_id, orderId))
    .orderBy(asc(orderPlaces.position));
}

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
 * A guarded update: one statement whose WHERE holds the rule (DESIGN §5, research R8), so two
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

/** Remembers the places of an order as the client's saved addresses (SPEC §3 Saved address). */
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

/** The user is a driver of one of the companies. */
const isDriverOf = (companyIds: number[]) =>
  sql`'driver' = any(${users.roles}) and exists (select 1 from company_users cu where cu.user_id = ${users}.id and cu.company_id = any(${intArray(companyIds)}))`;

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
    .where(and(eq(users.id, driverId), isDriverOf(companyIds)))
    .limit(1);
  return row;
}
