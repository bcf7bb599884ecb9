import { fromUtcString } from '@common/lib/dates';
import { inArray, sql } from 'drizzle-orm';
import { searchStartSql } from '../modules/dispatch/engine/searches.repo';
import { type DbOrTx, rowsOf } from './client';
import { demoDriverPayment } from './demo-ledger';
import { demoTaxiFare } from './demo-tariffs';
import {
  blockedPhones,
  clientAddresses,
  clients,
  orderHistory,
  orderPlaces,
  orders,
  users,
} from './schema';

/** Real Iași places with their coordinates: pickup and drop-off points of the demo orders. */
const IASI_PLACES = [
  ['Palatul Culturii, Piața Ștefan cel Mare și Sfânt 1', 47.1573, 27.5871],
  ['Gara Iași, Strada Garabet Ibrăileanu 1', 47.1656, 27.5675],
  ['Universitatea Alexandru Ioan Cuza, Bulevardul Carol I 11', 47.1741, 27.5724],
  ['Iulius Mall, Strada Palas 7A', 47.1566, 27.6045],
  ['Palas Mall, Strada Palas 7A', 47.1547, 27.5896],
  ['Spitalul Sf. Spiridon, Bulevardul Independenței 1', 47.1637, 27.585],
  ['Aeroportul Iași, Strada Moara de Vânt 34', 47.1785, 27.6206],
  ['Strada Lăpușneanu 14', 47.1643, 27.5836],
  ['Bulevardul Tudor Vladimirescu 52', 47.1555, 27.611],
  ['Strada Păcurari 87', 47.174, 27.551],
  ['Șoseaua Nicolina 58', 47.1395, 27.592],
  ['Strada Sărărie 120', 47.1722, 27.5897],
  ['Bulevardul Dacia 24', 47.1555, 27.551],
  ['Podu Roș, Strada Nicolina 2', 47.152, 27.586],
  ['Tătărași, Strada Vasile Lupu 60', 47.162, 27.611],
  ['Copou, Bulevardul Carol I 60', 47.18, 27.568],
] as const;

const CLIENT_NAMES = [
  'Ana Rusu',
  'Mihai Lungu',
  'Ioana Munteanu',
  'Vlad Ciobanu',
  'Elena Apostol',
  'Radu Moraru',
  'Cristina Bălan',
  'Andrei Sârbu',
  'Maria Ursu',
  'George Chiriac',
];
const COMMENTS = [
  null,
  'Sună la interfon',
  'Client cu bagaje',
  null,
  'Așteaptă la intrarea principală',
  null,
  'Scaun copil',
  null,
];

type State = 'created' | 'pending' | 'assigned' | 'finished' | 'canceled';
const STATE_MIX: State[] = [
  'finished',
  'finished',
  'finished',
  'finished',
  'canceled',
  'finished',
  'assigned',
  'created',
  'finished',
  'pending',
  'finished',
  'canceled',
];

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

/** UTC `YYYY-MM-DD HH:mm:ss`, as the columns store it. */
const utcText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

interface Steps {
  pending: number | null;
  assigned: number | null;
  started: number | null;
  /** Finished (the trip's end) or canceled. */
  closed: number | null;
}

/**
 * What happened to a demo order and when, in minutes after it was created: every state has the
 * steps that lead to it, in order, and each step is one history item (the types the server
 * writes, `HISTORY_TYPE_LABELS` in the web app). A trip starts without a history item of its
 * own; its time is the order's `trip_started_at`.
 */
const TIMELINE: Record<State, Steps> = {
  created: { pending: null, assigned: null, started: null, closed: null },
  pending: { pending: 1, assigned: null, started: null, closed: null },
  assigned: { pending: null, assigned: 2, started: null, closed: null },
  finished: { pending: null, assigned: 2, started: 9, closed: 25 },
  canceled: { pending: null, assigned: null, started: null, closed: 3 },
};

/** Who the history names for the automatic steps (dispatch engine, no drivers found). */
const SYSTEM = 'Sistem';

/**
 * How long ago the live orders were created, minutes, oldest first per state: the day's
 * history is spread over the last 20 hours, but what is still under way started just now, or
 * the console would open on yesterday's orders still waiting.
 */
const LIVE_MINUTES_AGO: Partial<Record<State, readonly number[]>> = {
  pending: [26, 17, 10],
  created: [21, 12, 5],
  assigned: [13, 8, 4],
};

/**
 * The drivers (by their place in the demo company's list) on the demo's trips under way: past
 * the first three, which the fleet's tests keep free, and within the demo fleet's default
 * twelve, which drive these trips to their end.
 */
const DRIVERS_ON_TRIPS = [3, 4, 5];

interface PlannedOrder {
  i: number;
  state: State;
  minutesAgo: number;
  driver: { id: number; indicativ: string } | undefined;
}

/** The demo's orders in the order they were created, so ids follow time as they would. */
function demoOrderPlan(drivers: readonly { id: number; indicativ: string }[]): PlannedOrder[] {
  const seen = new Map<State, number>();
  const plan: PlannedOrder[] = [];
  for (let i = 0; i < 36; i++) {
    const state = pick(STATE_MIX, i);
    const k = seen.get(state) ?? 0;
    seen.set(state, k + 1);
    const live = LIVE_MINUTES_AGO[state];
    const minutesAgo = live ? pick(live, k) : 20 * 60 - i * 33;
    const driver =
      state === 'assigned'
        ? pick(drivers, pick(DRIVERS_ON_TRIPS, k))
        : state === 'finished'
          ? pick(drivers, i * 7)
          : undefined;
    plan.push({ i, state, minutesAgo, driver });
  }
  return plan.sort((a, b) => b.minutesAgo - a.minutesAgo || a.i - b.i);
}

/** The price columns of a demo order, as placing it and finishing its trip would leave them. */
function demoCost(
  from: { lat: number; long: number },
  to: { lat: number; long: number },
  at: Date,
  finished: boolean,
) {
  const cost = demoTaxiFare(from, to, at);
  return { cost, cost_source: finished ? 'meter' : 'estimate', discounted_cost: cost };
}

/** A finished demo trip's finance_info, as its finish posts it (demo-ledger.ts). */
function demoPayment(paymentType: string, cost: number, finished: boolean) {
  return finished
    ? { driver_payment: demoDriverPayment(paymentType, cost), is_paid: true }
    : { driver_payment: null, is_paid: false };
}

/**
 * A day of work for the demo taxi company, so the console is alive on first start: finished and
 * canceled orders over the last hours, the live ones (bookings for later, the pending queue,
 * trips under way) from the last minutes, a few kept in a call, two blocked numbers and two
 * discounts. Every order's times are in order (created ≤ assigned ≤ trip started ≤ trip
 * finished ≤ closed, none in the future) and its history holds one item per step, at the
 * step's time.
 */
export async function seedDemoOrders(
  db: DbOrTx,
  input: {
    companyId: number;
    dispatcherId: number;
    drivers: { id: number; indicativ: string }[];
    /**
     * Its protocol client: every seventh finished call was a ride billed to it (its statement);
     * none of the live ones, so the client's console starts empty.
     */
    protocolCompanyId?: number;
  },
) {
  // One reading of the database's clock; every demo time is counted back from it.
  const [clock] = rowsOf<{ now: string }>(
    await db.execute(
      sql`select to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as now`,
    ),
  );
  const nowMs = Date.parse(clock?.now ?? new Date().toISOString());
  const names = new Map(
    (
      await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, [input.dispatcherId, ...input.drivers.map((d) => d.id)]))
    ).map((row) => [row.id, row.name]),
  );
  const dispatcherName = names.get(input.dispatcherId) ?? 'Dispecer';

  for (const { i, state, minutesAgo, driver } of demoOrderPlan(input.drivers)) {
    const steps = TIMELINE[state];
    const [from, fromLat, fromLng] = pick(IASI_PLACES, i * 5 + 1);
    const [to, toLat, toLng] = pick(IASI_PLACES, i * 3 + 7);
    /** A booking's departure: two to three hours from now. */
    const bookedFor = (n: number) => utcText(nowMs + (120 + n * 2) * 60_000);
    /** The time `after` minutes after the order was created, never later than now. */
    const at = (after: number) => utcText(nowMs - Math.max(minutesAgo - after, 0) * 60_000);
    const createdAt = at(0);
    const assignedAt = steps.assigned === null ? null : at(steps.assigned);
    const startedAt = steps.started === null ? null : at(steps.started);
    const closedAt = steps.closed === null ? null : at(steps.closed);
    const pendingAt = steps.pending === null ? null : at(steps.pending);
    const fromApp = i % 3 === 0;
    const clientName = pick(CLIENT_NAMES, i);
    const cancellation =
      state === 'canceled' ? (i % 2 ? 'no_drivers_found' : 'dispatcher_canceled') : null;
    const phone = `+4074${String(1_000_000 + i * 7919).slice(0, 7)}`;
    // A known client with the pickup saved, as placing the order would leave them: a call from
    // this number shows who it is (caller lookup) and the client history has rows.
    const [client] = await db
      .insert(clients)
      .values({ company_id: input.companyId, phone, name: clientName, created_at: createdAt })
      .onConflictDoUpdate({
        target: [clients.company_id, clients.phone],
        set: { name: clientName },
      })
      .returning({ id: clients.id });
    if (client) {
      await db
        .insert(clientAddresses)
        .values({
          company_id: input.companyId,
          client_id: client.id,
          name: from,
          lat: fromLat,
          long: fromLng,
          last_used_at: createdAt,
        })
        .onConflictDoNothing();
    }
    const protocolCompanyId =
      input.protocolCompanyId !== undefined && state === 'finished' && i % 7 === 3 && !fromApp
        ? input.protocolCompanyId
        : null;
    const paymentType = protocolCompanyId !== null ? 'protocol' : i % 5 === 0 ? 'card' : 'cash';
    const price = demoCost(
      { lat: fromLat, long: fromLng },
      { lat: toLat, long: toLng },
      fromUtcString(startedAt ?? createdAt),
      state === 'finished',
    );
    const [order] = await db
      .insert(orders)
      .values({
        state,
        trip_state: state === 'assigned' ? 'waiting_driver' : null,
        created_at: createdAt,
        updated_at: closedAt ?? pendingAt ?? assignedAt ?? createdAt,
        start_at: createdAt,
        // The demo's orders still looking for a driver are bookings for later today:
        // their searches start 15 min before (DISPATCH_PREBOOK_MINUTES' default).
        departure_time: state === 'created' ? bookedFor(i) : createdAt,
        assigned_at: assignedAt,
        trip_started_at: startedAt,
        trip_finished_at: state === 'finished' ? closedAt : null,
        closed_at: closedAt,
        phone,
        client_name: clientName,
        client_id: client?.id ?? null,
        comment: pick(COMMENTS, i),
        dispatcher_id: fromApp ? null : input.dispatcherId,
        source: fromApp ? 'from_app' : 'from_call',
        payment_type: paymentType,
        protocol_company_id: protocolCompanyId,
        // The taxi meter on the trip (demo-tariffs.ts): driven for a finished one, else estimated.
        ...price,
        ...demoPayment(paymentType, price.cost, state === 'finished'),
        driver_id: driver?.id ?? null,
        car_indicativ: driver?.indicativ ?? null,
        waiting_driver_time: driver ? 3 + (i % 9) : null,
        always_in_call: state === 'created' && i % 2 === 1,
        in_pending_queue: state === 'pending',
        created_by_company_id: input.companyId,
        processed_by_company_id: input.companyId,
        search_company_ids: [input.companyId],
        cancellation_reason_type: cancellation,
        cancelled_by_identifier: cancellation === 'dispatcher_canceled' ? dispatcherName : null,
        address: from,
      })
      .returning({ id: orders.id });
    if (!order) continue;
    // The orders still with the engine have their search, as placing writes one. A booking's
    // starts 15 min before it departs (DISPATCH_PREBOOK_MINUTES' default); a pending order's
    // ended in the queue: the engine closes it as pinned on start, and a driver can take it.
    const searchDueMs =
      state === 'created'
        ? fromUtcString(bookedFor(i)).getTime() - 15 * 60_000
        : state === 'pending' && pendingAt
          ? fromUtcString(pendingAt).getTime()
          : null;
    if (searchDueMs !== null) {
      await db.execute(
        searchStartSql(sql`values (${order.id}, ${input.companyId}, ${searchDueMs})`),
      );
    }
    await db.insert(orderPlaces).values([
      { order_id: order.id, position: 0, name: from, lat: fromLat, long: fromLng },
      { order_id: order.id, position: 1, name: to, lat: toLat, long: toLng },
    ]);

    const driverStep = driver ? { driver_id: driver.id, indicativ: driver.indicativ } : null;
    const history: (typeof orderHistory.$inferInsert)[] = [
      fromApp
        ? { order_id: order.id, type: 'created', initiator: clientName, timestamp: createdAt }
        : {
            order_id: order.id,
            type: 'created',
            initiator: dispatcherName,
            initiator_id: input.dispatcherId,
            timestamp: createdAt,
          },
    ];
    if (pendingAt) {
      history.push({
        order_id: order.id,
        type: 'moved_to_pending',
        initiator: SYSTEM,
        timestamp: pendingAt,
      });
    }
    if (assignedAt && driverStep) {
      history.push({
        order_id: order.id,
        type: 'assigned',
        initiator: SYSTEM,
        timestamp: assignedAt,
        details: driverStep,
      });
    }
    if (state === 'finished' && closedAt && driver) {
      history.push({
        order_id: order.id,
        type: 'finished',
        initiator: names.get(driver.id) ?? driver.indicativ,
        initiator_id: driver.id,
        timestamp: closedAt,
        details: driverStep,
      });
    }
    if (state === 'canceled' && closedAt) {
      history.push(
        cancellation === 'dispatcher_canceled'
          ? {
              order_id: order.id,
              type: 'canceled',
              initiator: dispatcherName,
              initiator_id: input.dispatcherId,
              timestamp: closedAt,
            }
          : {
              order_id: order.id,
              type: 'canceled',
              initiator: SYSTEM,
              timestamp: closedAt,
              details: { reason: cancellation },
            },
      );
    }
    await db.insert(orderHistory).values(history);
  }
  await db.insert(blockedPhones).values([
    {
      company_id: input.companyId,
      phone: '+40744666000',
      reason: 'Comenzi false repetate',
      created_by: input.dispatcherId,
    },
    {
      company_id: input.companyId,
      phone: '+40755123987',
      reason: 'Limbaj agresiv cu șoferii',
      created_by: input.dispatcherId,
    },
  ]);
}
