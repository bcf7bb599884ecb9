import {
  type ListOrdersQuery,
  ListOrdersQuerySchema,
  type Order,
} from '@common/orders/orders.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { buildCompany, buildUser } from '../../../db/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { ordersByIds } from './dispatcher.repo';
import type { OrderListScope } from './list-keys';
import { bucharestDayAndTime, listMatcher } from './order-list.match';
import { listOrdersQueries } from './order-list.repo';

/**
 * GET /api/orders statements are built once per shape and run prepared with bound values
 * (order-list.repo.ts): every filter of the order list, every kind of scope, and two
 * lists of the same shape with different values, each checked against the orders filtered in
 * JavaScript. Each list is read three times: the first run is unnamed, the next ones by name.
 * The same lists' conditions on wire orders (order-list.match.ts, which keeps page 1 in memory)
 * must pick the very same orders.
 */
let t: TestApp;
let a: number;
let b: number;
let protocol: number;
let driver1: number;
let driver2: number;
let client: number;

interface Listed {
  id: number;
  created_at: string;
  day: string;
  time: string;
  state: string;
  processed: number;
  created: number;
  billed: number | null;
  driver_id: number | null;
  dispatcher_id: number | null;
  client_id: number | null;
  payment_type: string;
  is_paid: boolean;
}
let all: Listed[];
let wire: Order[];

const STATES = ['new', 'created', 'pending', 'assigned', 'finished', 'canceled'];

beforeAll(async () => {
  t = await createTestApp();
  a = (await buildCompany(t.db)).id;
  b = (await buildCompany(t.db)).id;
  protocol = (await buildCompany(t.db, { type: 'protocol' })).id;
  driver1 = (await buildUser(t.db, { roles: ['driver'], companyIds: [a, b] })).id;
  driver2 = (await buildUser(t.db, { roles: ['driver'], companyIds: [a] })).id;
  client = rowsOf<{ id: number }>(
    await t.db.execute(
      sql`insert into clients (company_id, phone, name) values (${a}, '+40744111222', 'Ana') returning id`,
    ),
  )[0]?.id as number;
  // Pairs of orders share a second (the list's keys then order them by id); the times spread
  // over a week and round the clock, so day and hour filters cut through them.
  // The protocol company placed some (billed to it) and a dispatcher billed it others.
  await t.db.execute(sql`insert into orders (state, phone, created_by_company_id,
      processed_by_company_id, protocol_company_id, address, created_at, driver_id, dispatcher_id,
      client_id, payment_type, is_paid)
    select (${sql.param(STATES)}::text[])[1 + g % 6], '+40744000000',
      case when g % 5 = 0 then ${protocol}::int when g % 3 = 2 then ${b}::int else ${a}::int end,
      case when g % 3 = 2 then ${b}::int else ${a}::int end,
      case when g % 5 = 0 or g % 7 = 1 then ${protocol}::int end,
      'Strada ' || g,
      date_trunc('second', now() at time zone 'utc') - make_interval(mins => (g / 2) * 37),
      -- One assigned order per driver at most (orders_driver_active_idx): g = 33, cash.
      case when g % 6 = 3 and g <> 33 then null
        else case g % 4 when 0 then ${driver1}::int when 1 then ${driver2}::int end end,
      case when g % 3 = 0 then ${driver1}::int end,
      case when g % 2 = 0 then ${client}::int end,
      case when g % 7 < 3 then 'card' else 'cash' end,
      g % 4 < 2
    from generate_series(1, 360) g`);
  all = rowsOf<Listed>(
    await t.db.execute(sql`select id, created_at::text as created_at, state,
        processed_by_company_id as processed, created_by_company_id as created,
        protocol_company_id as billed, driver_id,
        dispatcher_id, client_id, payment_type, is_paid,
        to_char((created_at at time zone 'utc') at time zone 'Europe/Bucharest', 'YYYY-MM-DD') as day,
        to_char((created_at at time zone 'utc') at time zone 'Europe/Bucharest', 'HH24:MI:SS') as time
      from orders`),
  );
  wire = await ordersByIds(
    t.db,
    all.map((o) => o.id),
  );
}, 60_000);
afterAll(() => t.close());

/** The list as the spec defines it, filtered and ordered in JavaScript. */
function matching(scope: OrderListScope, query: ListOrdersQuery): Listed[] {
  const states = query.states ?? (query.state ? [query.state] : undefined);
  return all
    .filter(
      (o) =>
        scope.kind === 'all' ||
        scope.processedBy.includes(o.processed) ||
        (o.billed !== null && scope.billedTo.includes(o.billed)),
    )
    .filter((o) => !states || states.includes(o.state as never))
    .filter((o) => !query.date_from || o.day >= query.date_from)
    .filter((o) => !query.date_to || o.day <= query.date_to)
    .filter((o) => !query.time_from || o.time >= query.time_from.padEnd(8, ':00'))
    .filter((o) => !query.time_to || o.time <= query.time_to.padEnd(8, ':00'))
    .filter((o) => !query.driver_id || o.driver_id === query.driver_id)
    .filter((o) => !query.client_id || o.client_id === query.client_id)
    .filter((o) => !query.dispatcher_id || o.dispatcher_id === query.dispatcher_id)
    .filter(
      (o) => !query.company_id || o.processed === query.company_id || o.billed === query.company_id,
    )
    .filter((o) => !query.payment_method || o.payment_type === query.payment_method)
    .filter((o) => !query.driver_payment_method || o.payment_type === query.driver_payment_method)
    .filter((o) => !query.driver_payment || o.is_paid === (query.driver_payment === 'paid'))
    .sort((x, y) =>
      x.created_at === y.created_at ? y.id - x.id : x.created_at < y.created_at ? 1 : -1,
    );
}

function expected(scope: OrderListScope, query: ListOrdersQuery) {
  const rows = matching(scope, query);
  const from = (query.page - 1) * query.per_page;
  return { ids: rows.slice(from, from + query.per_page).map((o) => o.id), total: rows.length };
}

async function expectListed(scope: OrderListScope, filters: Record<string, string>) {
  const listed = matching(scope, ListOrdersQuerySchema.parse(filters)).map((o) => o.id);
  const matches = listMatcher(scope, ListOrdersQuerySchema.parse(filters));
  const inMemory = wire.filter(matches).map((o) => o.id);
  expect(inMemory.sort(), `${JSON.stringify(filters)} in memory`).toEqual(listed.sort());
  for (const page of ['1', '2', '4']) {
    const query = ListOrdersQuerySchema.parse({ ...filters, per_page: '7', page });
    const want = expected(scope, query);
    for (let run = 0; run < 3; run++) {
      const reads = listOrdersQueries(t.db, scope, query);
      expect({ ids: await reads.pageIds(), total: await reads.total() }).toEqual(want);
    }
  }
}

const companyA = (): OrderListScope => ({ kind: 'companies', processedBy: [a], billedTo: [] });

describe('GET /api/orders statements', () => {
  it('list a company’s orders, newest first, with or without states', async () => {
    expect(expected(companyA(), ListOrdersQuerySchema.parse({})).total).toBeGreaterThan(200);
    await expectListed(companyA(), {});
    await expectListed(companyA(), { state: 'created' });
    await expectListed(companyA(), { states: 'finished,canceled' });
    await expectListed(companyA(), { states: 'new,pending,assigned' });
  });

  it('apply every filter, alone and together', async () => {
    // A day in the middle of the week the orders span.
    const days = [...new Set(all.map((o) => o.day))].sort();
    const day = days[Math.floor(days.length / 2)] as string;
    const filters: Record<string, string>[] = [
      { date_from: day },
      { date_to: day },
      { date_from: day, date_to: day },
      { time_from: '08:00' },
      { time_to: '17:30' },
      { time_from: '06:15:30', time_to: '20:00' },
      { driver_id: String(driver1) },
      { client_id: String(client) },
      { dispatcher_id: String(driver1) },
      { company_id: String(protocol) },
      { payment_method: 'card' },
      { driver_payment_method: 'cash' },
      { driver_payment: 'paid' },
      { driver_payment: 'unpaid' },
      { states: 'finished,canceled', driver_payment: 'paid', time_from: '03:00' },
      { state: 'assigned', driver_id: String(driver2), payment_method: 'cash' },
    ];
    for (const filter of filters) {
      const query = ListOrdersQuerySchema.parse(filter);
      // Every filter keeps some orders and drops others: a filter left out would show.
      const kept = expected(companyA(), query).total;
      expect(kept, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(kept, JSON.stringify(filter)).toBeLessThan(
        expected(companyA(), ListOrdersQuerySchema.parse({})).total,
      );
      await expectListed(companyA(), filter);
    }
  });

  it('scope by several companies, by the protocol company billed, or by both', async () => {
    await expectListed({ kind: 'companies', processedBy: [a, b], billedTo: [] }, {});
    await expectListed({ kind: 'companies', processedBy: [], billedTo: [protocol] }, {});
    await expectListed({ kind: 'companies', processedBy: [b], billedTo: [protocol] }, {});
    await expectListed(
      { kind: 'companies', processedBy: [a, b], billedTo: [protocol] },
      { states: 'finished,canceled' },
    );
    await expectListed({ kind: 'companies', processedBy: [], billedTo: [] }, {});
    await expectListed({ kind: 'all' }, { states: 'pending,assigned' });
  });

  it('bind each list’s own values to a statement of the same shape (no company sees another’s)', async () => {
    const companyB: OrderListScope = { kind: 'companies', processedBy: [b], billedTo: [] };
    for (let round = 0; round < 2; round++) {
      await expectListed(companyA(), { driver_id: String(driver1), states: 'created,finished' });
      await expectListed(companyB, { driver_id: String(driver1), states: 'created,finished' });
      await expectListed(companyB, { driver_id: String(driver2), states: 'pending,canceled' });
    }
  });
});

describe('lists in memory', () => {
  it('read the Bucharest day and time of a UTC time as PostgreSQL does, across the clock changes', async () => {
    const times = [
      '2026-03-29 00:59:59', // 02:59:59 EET, then the clocks go forward
      '2026-03-29 01:00:00', // 04:00:00 EEST
      '2026-10-25 00:59:59', // 03:59:59 EEST, then the clocks go back
      '2026-10-25 01:00:00', // 03:00:00 EET
      '2026-12-31 22:30:00', // the next day and year in Bucharest
      '2026-07-01 21:00:00',
    ];
    for (const utc of times) {
      const [pg] = rowsOf<{ day: string; time: string }>(
        await t.db.execute(sql`select
          to_char((${utc}::timestamp at time zone 'utc') at time zone 'Europe/Bucharest', 'YYYY-MM-DD') as day,
          to_char((${utc}::timestamp at time zone 'utc') at time zone 'Europe/Bucharest', 'HH24:MI:SS') as time`),
      );
      expect(bucharestDayAndTime(utc), utc).toEqual(pg);
    }
  });
});
