import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { blockedPhones, discounts, orderHistory, orderPlaces, orders } from './schema';

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

/**
 * A day of work for the demo taxi company, so the console is alive on first start: orders over
 * the last hours in every state, a few kept in a call, two blocked numbers and two discounts.
 */
export async function seedDemoOrders(
  db: DbOrTx,
  input: { companyId: number; dispatcherId: number; drivers: { id: number; indicativ: string }[] },
) {
  for (let i = 0; i < 36; i++) {
    const state = pick(STATE_MIX, i);
    const [from, fromLat, fromLng] = pick(IASI_PLACES, i * 5 + 1);
    const [to, toLat, toLng] = pick(IASI_PLACES, i * 3 + 7);
    const minutesAgo = 20 * 60 - i * 33;
    const driver =
      state === 'assigned' || state === 'finished' ? pick(input.drivers, i * 7) : undefined;
    const at = (offset: number) =>
      sql`(now() at time zone 'utc') - make_interval(mins => ${Math.max(minutesAgo - offset, 0)})`;
    const closed = state === 'finished' || state === 'canceled';
    const [order] = await db
      .insert(orders)
      .values({
        state,
        trip_state: state === 'assigned' ? 'waiting_driver' : null,
        created_at: at(0),
        updated_at: at(closed ? -25 : 0),
        start_at: at(0),
        departure_time: at(0),
        assigned_at: driver ? at(-2) : null,
        trip_started_at: state === 'finished' ? at(-9) : null,
        trip_finished_at: state === 'finished' ? at(-25) : null,
        closed_at: closed ? at(state === 'finished' ? -25 : -3) : null,
        phone: `+4074${String(1_000_000 + i * 7919).slice(0, 7)}`,
        client_name: pick(CLIENT_NAMES, i),
        comment: pick(COMMENTS, i),
        dispatcher_id: i % 3 === 0 ? null : input.dispatcherId,
        source: i % 3 === 0 ? 'from_app' : 'from_call',
        payment_type: i % 5 === 0 ? 'card' : 'cash',
        cost: state === 'finished' ? 1500 + ((i * 370) % 3500) : null,
        driver_id: driver?.id ?? null,
        car_indicativ: driver?.indicativ ?? null,
        waiting_driver_time: driver ? 3 + (i % 9) : null,
        always_in_call: state === 'created' && i % 2 === 1,
        in_pending_queue: state === 'pending',
        created_by_company_id: input.companyId,
        processed_by_company_id: input.companyId,
        search_company_ids: [input.companyId],
        cancellation_reason_type:
          state === 'canceled' ? (i % 2 ? 'no_drivers_found' : 'dispatcher_canceled') : null,
        address: from,
      })
      .returning({ id: orders.id });
    if (!order) continue;
    await db.insert(orderPlaces).values([
      { order_id: order.id, position: 0, name: from, lat: fromLat, long: fromLng },
      { order_id: order.id, position: 1, name: to, lat: toLat, long: toLng },
    ]);
    await db.insert(orderHistory).values({
      order_id: order.id,
      type: 'created',
      initiator: 'Elena Dispecer',
      timestamp: at(0),
    });
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
  await db.insert(discounts).values([
    { company_id: input.companyId, name: 'Studenți 10%', type: 'percent', value: 10 },
    { company_id: input.companyId, name: 'Aeroport -5 RON', type: 'fixed', value: 500 },
  ]);
}
