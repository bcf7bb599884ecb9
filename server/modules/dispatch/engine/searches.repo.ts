import type { SearchItem, SearchPlan } from '@common/dispatch/search-method.schema';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../../db/client';

/**
 * The dispatch engine's durable state, SQL only: searches with their
 * leases and fencing tokens, offers, the trace, refusal counters. Times are epoch ms of the
 * engine's clock.
 */

export interface RotationEntry {
  driver_id: number;
  rank: number;
  distance_m: number | null;
}

export interface SearchRow {
  order_id: number;
  company_id: number;
  generation: number;
  state: string;
  plan: SearchPlan | null;
  step: number;
  slot: number;
  rotation: RotationEntry[] | null;
  due_ms: number;
  fence: number;
}

/** What a step needs of its order. */
export interface SearchOrder {
  id: number;
  state: string;
  driver_id: number | null;
  in_pending_queue: boolean;
  processed_by_company_id: number;
  search_company_ids: number[];
  custom_driver_ids: number[];
  dispatcher_id: number | null;
  address: string | null;
  comment: string | null;
  options: string[];
  payment_type: string;
  cost: number | null;
  places: { name: string; lat: number; long: number }[];
}

export interface OfferRow {
  id: number;
  order_id: number;
  generation: number;
  step: number;
  driver_id: number;
  /** The order's dispatching company (the search's). */
  company_id: number;
  rank: number;
  kind: string;
  distance_m: number | null;
  offered_ms: number;
  expires_ms: number;
  viewed_ms: number | null;
  answered_ms: number | null;
  answer: string | null;
  minutes: number | null;
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function searchOf(row: Record<string, unknown>): SearchRow {
  return {
    order_id: Number(row.order_id),
    company_id: Number(row.company_id),
    generation: Number(row.generation),
    state: String(row.state),
    plan: (row.plan as SearchPlan | null) ?? null,
    step: Number(row.step),
    slot: Number(row.slot),
    rotation: (row.rotation as RotationEntry[] | null) ?? null,
    due_ms: Number(row.due_ms),
    fence: Number(row.fence),
  };
}

function offerOf(row: Record<string, unknown>): OfferRow {
  return {
    id: Number(row.id),
    order_id: Number(row.order_id),
    generation: Number(row.generation),
    step: Number(row.step),
    driver_id: Number(row.driver_id),
    company_id: Number(row.company_id),
    rank: Number(row.rank),
    kind: String(row.kind),
    distance_m: num(row.distance_m),
    offered_ms: Number(row.offered_ms),
    expires_ms: Number(row.expires_ms),
    viewed_ms: num(row.viewed_ms),
    answered_ms: num(row.answered_ms),
    answer: (row.answer as string | null) ?? null,
    minutes: num(row.minutes),
  };
}

/**
 * Starts an order's search, or restarts it as a new generation (a retry): due now, no lease,
 * from before its first step. Written in the transaction that places or retries the order.
 */
export async function beginSearch(tx: DbOrTx, orderId: number, companyId: number, dueMs: number) {
  // An earlier search's offers still open end here (notify selected drivers mid-search).
  await tx.execute(sql`update order_offers set answer = 'withdrawn', answered_ms = ${dueMs}
    where order_id = ${orderId} and answer is null`);
  await tx.execute(searchStartSql(sql`values (${orderId}, ${companyId}, ${dueMs})`));
}

/**
 * The one statement that starts searches, for `rows` of (order_id, company_id, due_ms): a
 * `values` list or a `select`. The engine's own `beginSearch` runs it; placing an order embeds it
 * as a CTE of its single statement (orders/write/new-order.repo.ts), so only this module writes
 * the table. An order that has a search already gets a new generation.
 */
export const searchStartSql = (
  rows: SQL,
) => sql`insert into order_searches (order_id, company_id, due_ms)
    ${rows}
    on conflict (order_id) do update set generation = order_searches.generation + 1,
      company_id = excluded.company_id, state = 'running', plan = null, step = -1, slot = 0,
      rotation = null, due_ms = excluded.due_ms, lease_owner = null, lease_until_ms = 0,
      outcome = null, updated_at = now() at time zone 'utc'`;

/**
 * Claims due searches whose lease is free or expired (a dead node's): each claim bumps the
 * fencing token, so a node that lost its lease cannot write any more (`fenced`). SKIP LOCKED:
 * two nodes claiming at once take different searches.
 */
export async function claimDue(
  db: Db,
  owner: string,
  nowMs: number,
  leaseMs: number,
  limit: number,
  orderId?: number,
): Promise<{ order_id: number; fence: number }[]> {
  const only = orderId === undefined ? sql`` : sql`and order_id = ${orderId}`;
  const rows = rowsOf<{ order_id: number; fence: string | number }>(
    await db.execute(sql`update order_searches s set lease_owner = ${owner},
        lease_until_ms = ${nowMs + leaseMs}, fence = s.fence + 1
      where s.order_id in (
        select order_id from order_searches
        where state = 'running' and due_ms <= ${nowMs} and lease_until_ms < ${nowMs} ${only}
        order by due_ms limit ${limit} for update skip locked)
      returning s.order_id, s.fence`),
  );
  return rows.map((row) => ({ order_id: row.order_id, fence: Number(row.fence) }));
}

/** A search and its order, as a step reads them. */
export async function loadSearch(db: DbOrTx, orderId: number) {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select s.*, to_jsonb(o) as order_row,
        coalesce((select jsonb_agg(jsonb_build_object('name', p.name, 'lat', p.lat, 'long', p.long)
          order by p.position) from order_places p where p.order_id = o.id), '[]'::jsonb) as places
      from order_searches s join orders o on o.id = s.order_id
      where s.order_id = ${orderId}`),
  );
  if (!row) return undefined;
  const o = row.order_row as Record<string, unknown>;
  const order: SearchOrder = {
    id: Number(o.id),
    state: String(o.state),
    driver_id: num(o.driver_id),
    in_pending_queue: Boolean(o.in_pending_queue),
    processed_by_company_id: Number(o.processed_by_company_id),
    search_company_ids: (o.search_company_ids as number[] | null) ?? [],
    custom_driver_ids: (o.custom_driver_ids as number[] | null) ?? [],
    dispatcher_id: num(o.dispatcher_id),
    address: (o.address as string | null) ?? null,
    comment: (o.comment as string | null) ?? null,
    options: (o.options as string[] | null) ?? [],
    payment_type: String(o.payment_type),
    cost: num(o.cost),
    places: row.places as SearchOrder['places'],
  };
  return { search: searchOf(row), order };
}

/**
 * Updates the search only while `fence` is still its token (fencing): false when
 * another node has claimed it since, and the caller's transaction must roll back.
 */
export async function fenced(
  tx: DbOrTx,
  orderId: number,
  fence: number,
  set: SQL,
  when: SQL = sql``,
) {
  const rows = rowsOf<{ order_id: number }>(
    await tx.execute(sql`update order_searches set ${set}, updated_at = now() at time zone 'utc'
      where order_id = ${orderId} and fence = ${fence} ${when} returning order_id`),
  );
  return rows.length === 1;
}

/** Whether the order is still searching (a refused confirmation: the order, or the driver?). */
export async function isSearching(db: DbOrTx, orderId: number): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select o.id from orders o where o.id = ${orderId}
      and o.state in ('created', 'pending') and o.driver_id is null`),
  );
  return rows.length > 0;
}

/**
 * The order is still searching (created, no driver, not in the pending queue): a step that
 * offers it checks this in its own write, so a cancel committed meanwhile is never offered.
 */
export const stillSearching = (orderId: number) => sql`and exists (select 1 from orders o
  where o.id = ${orderId} and o.state = 'created' and o.driver_id is null
    and not o.in_pending_queue)`;

/**
 * Opens a step in one statement (bench/dispatch-offer: PGlite's round trips were the
 * bottleneck): the search moves to `step` while `fence` is still its token and the order is
 * still searching; the last step's unanswered offers end; the new offers and the trace go in.
 * Returns the withdrawn drivers, or 'fenced' / 'moved' when nothing was written.
 */
export async function writeStep(
  db: DbOrTx,
  input: {
    orderId: number;
    fence: number;
    step: number;
    plan: SearchPlan;
    rotation: RotationEntry[] | null;
    dueMs: number;
    nowMs: number;
    offers: NewOffer[];
    trace: TraceRow[];
  },
): Promise<number[] | 'fenced' | 'moved'> {
  const [row] = rowsOf<{ written: number; gone: number[]; fence: string | number | null }>(
    await db.execute(sql`with s as (
        update order_searches set plan = ${JSON.stringify(input.plan)}::jsonb,
          step = ${input.step}, slot = 0,
          rotation = ${input.rotation ? JSON.stringify(input.rotation) : null}::jsonb,
          due_ms = ${input.dueMs}, lease_until_ms = 0, updated_at = now() at time zone 'utc'
        where order_id = ${input.orderId} and fence = ${input.fence} ${stillSearching(input.orderId)}
        returning order_id, generation, company_id),
      gone as (
        update order_offers f set answer = 'withdrawn', answered_ms = ${input.nowMs}
        from s where f.order_id = s.order_id and f.generation = s.generation and f.answer is null
        returning f.driver_id),
      offered as (
        insert into order_offers (order_id, generation, step, driver_id, company_id, rank, kind,
          distance_m, offered_ms, expires_ms)
        select s.order_id, s.generation, ${input.step}, o.driver_id, s.company_id, o.rank, o.kind,
          o.distance_m, ${input.nowMs}, ${input.dueMs}
        from s, jsonb_to_recordset(${JSON.stringify(input.offers)}::jsonb)
          as o(driver_id int, rank int, kind text, distance_m int)),
      traced as (
        insert into dispatch_trace (order_id, generation, step, kind, at_ms, details)
        select s.order_id, t.generation, t.step, t.kind, ${input.nowMs}, t.details
        from s, jsonb_to_recordset(${JSON.stringify(input.trace)}::jsonb)
          as t(generation int, step int, kind text, details jsonb))
      select (select count(*) from s)::int as written,
        coalesce((select array_agg(driver_id) from gone), '{}'::int[]) as gone,
        (select fence from order_searches where order_id = ${input.orderId}) as fence`),
  );
  if (row && row.written === 1) return row.gone;
  return row && Number(row.fence) === input.fence ? 'moved' : 'fenced';
}

/**
 * Makes a running search due now (an answer closes a rotation slot, a change of its order);
 * false when the search is over (nothing to wake).
 */
export async function makeDue(db: DbOrTx, orderId: number, nowMs: number) {
  const rows = rowsOf<{ order_id: number }>(
    await db.execute(sql`update order_searches set due_ms = least(due_ms, ${nowMs})
      where order_id = ${orderId} and state = 'running' returning order_id`),
  );
  return rows.length > 0;
}

/** Lets go of this node's leases (graceful shutdown): another node takes them at once. */
export async function releaseLeases(db: Db, owner: string) {
  await db.execute(sql`update order_searches set lease_until_ms = 0, lease_owner = null
    where lease_owner = ${owner} and state = 'running'`);
}

export interface NewOffer {
  driver_id: number;
  rank: number;
  kind: 'offer' | 'pending';
  distance_m: number | null;
}

export async function insertOffers(
  tx: DbOrTx,
  search: { order_id: number; generation: number; step: number; company_id: number },
  offers: NewOffer[],
  nowMs: number,
  expiresMs: number,
) {
  if (offers.length === 0) return;
  await tx.execute(sql`insert into order_offers (order_id, generation, step, driver_id, company_id,
      rank, kind, distance_m, offered_ms, expires_ms)
    select ${search.order_id}, ${search.generation}, ${search.step}, o.driver_id,
      ${search.company_id}, o.rank, o.kind, o.distance_m, ${nowMs}, ${expiresMs}
    from jsonb_to_recordset(${JSON.stringify(offers)}::jsonb)
      as o(driver_id int, rank int, kind text, distance_m int)`);
}

/** Every offer of a search generation, oldest first. */
export async function offersOf(db: DbOrTx, orderId: number, generation: number) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select * from order_offers
      where order_id = ${orderId} and generation = ${generation} order by id`),
  );
  return rows.map(offerOf);
}

/** Ends the unanswered offers of a search: their drivers' ids (they are told it is gone). */
export async function withdrawOpen(tx: DbOrTx, orderId: number, generation: number, nowMs: number) {
  const rows = rowsOf<{ driver_id: number }>(
    await tx.execute(sql`update order_offers set answer = 'withdrawn', answered_ms = ${nowMs}
      where order_id = ${orderId} and generation = ${generation} and answer is null
      returning driver_id`),
  );
  return rows.map((row) => row.driver_id);
}

/** Accepted offers that did not win: they are told the order is gone. */
export async function markLost(
  tx: DbOrTx,
  orderId: number,
  generation: number,
  winner: number | null,
) {
  const rows = rowsOf<{ driver_id: number }>(
    await tx.execute(sql`update order_offers set answer = 'lost'
      where order_id = ${orderId} and generation = ${generation} and answer = 'accepted'
        and driver_id <> ${winner ?? 0}
      returning driver_id`),
  );
  return rows.map((row) => row.driver_id);
}

/**
 * A driver answers his open offer (accept-order, or a refusal): only an offer of the
 * search's current generation, still open and not past its deadline. The offer as answered,
 * or undefined when there is none open.
 */
export async function answerOffer(
  db: DbOrTx,
  input: {
    orderId: number;
    driverId: number;
    answer: 'accepted' | 'refused';
    minutes: number | null;
    nowMs: number;
  },
) {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`update order_offers f set answer = ${input.answer},
        answered_ms = ${input.nowMs}, minutes = ${input.minutes},
        viewed_ms = coalesce(f.viewed_ms, ${input.nowMs})
      from order_searches s
      where f.order_id = ${input.orderId} and f.driver_id = ${input.driverId}
        and f.answer is null and f.expires_ms >= ${input.nowMs}
        and s.order_id = f.order_id and s.generation = f.generation and s.state = 'running'
      returning f.*, s.plan->'items'->(f.step::int) as item`),
  );
  // The step's method item comes with the answer: the caller needs no read of the search.
  return row ? { ...offerOf(row), item: (row.item as SearchItem | null) ?? null } : undefined;
}

/** order_viewed: the driver saw his offer (first time only). */
export async function markViewed(db: DbOrTx, orderId: number, driverId: number, nowMs: number) {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`update order_offers set viewed_ms = ${nowMs}
      where order_id = ${orderId} and driver_id = ${driverId} and viewed_ms is null
        and answer is null
      returning *`),
  );
  return row ? offerOf(row) : undefined;
}

export interface TraceRow {
  generation: number;
  step: number;
  kind: string;
  details: Record<string, unknown>;
}

export async function appendTrace(db: DbOrTx, orderId: number, nowMs: number, rows: TraceRow[]) {
  if (rows.length === 0) return;
  await db.execute(sql`insert into dispatch_trace (order_id, generation, step, kind, at_ms, details)
    select ${orderId}, t.generation, t.step, t.kind, ${nowMs}, t.details
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as t(generation int, step int, kind text, details jsonb)`);
}

export async function traceOf(db: DbOrTx, orderId: number) {
  return rowsOf<{
    generation: number;
    step: number;
    kind: string;
    at_ms: string | number;
    details: Record<string, unknown>;
  }>(
    await db.execute(sql`select generation, step, kind, at_ms, details from dispatch_trace
      where order_id = ${orderId} order by id limit 2000`),
  );
}

/** The search's plan (the trace's header). */
export async function planOf(db: DbOrTx, orderId: number) {
  const [row] = rowsOf<{ plan: SearchPlan | null; generation: number; step: number }>(
    await db.execute(
      sql`select plan, generation, step from order_searches where order_id = ${orderId}`,
    ),
  );
  return row;
}

/**
 * ban_conditions: one more refusal of a driver in a company; the counter starts again
 * once `resetMs` has passed since it began. The count now.
 */
export async function countRefusal(
  db: DbOrTx,
  driverId: number,
  companyId: number,
  nowMs: number,
  resetMs: number,
) {
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`insert into driver_refusals (driver_id, company_id, count, since_ms)
      values (${driverId}, ${companyId}, 1, ${nowMs})
      on conflict (driver_id, company_id) do update set
        count = case when driver_refusals.since_ms < ${nowMs - resetMs} then 1
          else driver_refusals.count + 1 end,
        since_ms = case when driver_refusals.since_ms < ${nowMs - resetMs} then ${nowMs}
          else driver_refusals.since_ms end
      returning count`),
  );
  return row?.count ?? 0;
}

export async function clearRefusals(db: DbOrTx, driverId: number, companyId: number) {
  await db.execute(sql`delete from driver_refusals
    where driver_id = ${driverId} and company_id = ${companyId}`);
}

/** Driver search: the drivers of an order's current search with their answers. */
export async function searchDrivers(db: DbOrTx, orderId: number) {
  return rowsOf<{
    driver_id: number;
    name: string;
    indicativ: string | null;
    step: number;
    distance_m: number | null;
    viewed: boolean;
    accepted: boolean;
    refused: boolean;
  }>(
    await db.execute(sql`select distinct on (f.driver_id) f.driver_id, u.name,
        coalesce((select c.indicativ from cars c where c.driver_id = u.id order by c.id limit 1), u.identifier) as indicativ,
        f.step, f.distance_m, f.viewed_ms is not null as viewed,
        coalesce(f.answer in ('accepted', 'lost') or o.driver_id = f.driver_id, false) as accepted,
        coalesce(f.answer = 'refused', false) as refused
      from order_searches s
      join order_offers f on f.order_id = s.order_id and f.generation = s.generation
      join users u on u.id = f.driver_id
      join orders o on o.id = s.order_id
      where s.order_id = ${orderId}
      order by f.driver_id, f.id desc`),
  );
}
