import type { SearchItem } from '@common/dispatch/search-method.schema';
import { DEFAULT_SEARCH_ITEM } from '@common/dispatch/search-method.schema';
import type { Order } from '@common/orders/orders.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import { rowsOf } from '../../../db/client';
import { buildCompany, buildDriver, buildUser } from '../../../db/factories';
import { seededRandom } from '../../../db/seeded-random';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * Exactly one driver per order, ever, and no driver with two active orders, under racing
 * accepts, manual assignments, cancels and retries spread over two nodes (two apps on one
 * database: each with its own engine, read model and caches). Runs on PGlite and, in the
 * PostgreSQL suite, on a real server where the requests truly run at once. RACE_OPERATIONS
 * sets the size: 1,000 in `npm test`, 10,000 in `npm run test:long`.
 */
const ORDERS = 100;
const DRIVERS = 100;
const OPERATIONS = Number(process.env.RACE_OPERATIONS ?? 1_000);

// Starts at the real time: an order placed without a departure departs at the database's now.
let clock = Math.floor(Date.now() / 1000) * 1000;
let t: TestApp;
let second: App;
let nodes: App[];

const PICKUP = { lat: 47.16, long: 27.58 };

beforeAll(async () => {
  t = await createTestApp({ DISPATCH_POLL_MS: '10000' }, { clock: () => clock });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DISPATCH_POLL_MS: '10000',
  });
  second = await buildApp({ config, database: t.database, serveWeb: false, clock: () => clock });
  nodes = [t.app, second];
}, 60_000);
afterAll(async () => {
  await second.close();
  await t.close();
});

const inject = async (
  node: App,
  method: 'POST' | 'PATCH',
  url: string,
  authorization: string,
  payload: object,
) => (await node.inject({ method, url, headers: { authorization }, payload })).statusCode;

describe('the single-winner guard', () => {
  it(`gives each order one driver at a time and each driver one active order, under ${OPERATIONS} racing writes on two nodes`, async () => {
    const company = await buildCompany(t.db, { lat: PICKUP.lat, lng: PICKUP.long });
    const user = await buildUser(t.db, { roles: ['dispatcher'], companyIds: [company.id] });
    const dispatcher = await t.login(user);
    // One step that pins the order in the pending queue: every free driver may take it.
    const pinned: SearchItem = {
      ...DEFAULT_SEARCH_ITEM,
      notification_method: 'pending_pinned',
      search_time: 1,
    };
    const method = await t.app.inject({
      method: 'POST',
      url: '/api/search-methods',
      headers: { authorization: dispatcher.authorization },
      payload: { definitions: { items: [pinned] } },
    });
    const methodId = method.json<{ id: number }>().id;
    await t.app.inject({
      method: 'POST',
      url: '/api/search-intervals',
      headers: { authorization: dispatcher.authorization },
      payload: { search_method_id: methodId },
    });

    const orders: Order[] = [];
    for (let i = 0; i < ORDERS; i++) {
      orders.push(
        await t.postOrder(dispatcher, {
          place: true,
          places: [{ name: `Strada ${i}`, ...PICKUP }],
        }),
      );
    }
    // Nobody in the zone: each search pins its order once its one step has passed.
    for (const node of nodes) await node.dispatch.idle();
    clock += 2_000;
    while ((await t.app.dispatch.tick()) > 0) {}
    await t.app.dispatch.idle();
    const pending = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from orders
        where processed_by_company_id = ${company.id} and state = 'pending' and in_pending_queue`),
    );
    expect(pending[0]?.n).toBe(ORDERS);

    const drivers: { id: number; authorization: string }[] = [];
    for (let i = 0; i < DRIVERS; i++) {
      const d = await buildDriver(t.db, company.id);
      const session = await t.app.auth.issueSession(d.id, {
        ttlSeconds: 3600,
        ip: '127.0.0.1',
        userAgent: null,
      });
      const authorization = `Bearer ${session.token}`;
      expect(
        await inject(t.app, 'PATCH', '/api/drivers/me/status', authorization, { status: 'online' }),
      ).toBe(200);
      drivers.push({ id: d.id, authorization });
    }
    // Both nodes know every driver online before the race.
    for (const node of nodes) {
      for (const d of drivers) await node.fleet.ensureKnown(d.id);
      await node.fleet.wake();
    }

    const random = seededRandom(18);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)] as T;
    type Op = { kind: string; orderId: number; run: () => Promise<number> };
    /** One racing write: mostly accepts, some manual assignments, cancels and retries. */
    function operation(mix: { manual: number; cancel: number; retry: number }): Op {
      const node = pick(nodes);
      const order = pick(orders);
      const d = pick(drivers);
      const r = random();
      if (r < mix.retry)
        return {
          kind: 'retry',
          orderId: order.id,
          run: () =>
            inject(node, 'PATCH', `/api/orders/${order.id}/retry`, dispatcher.authorization, {}),
        };
      if (r < mix.retry + mix.cancel)
        return {
          kind: 'cancel',
          orderId: order.id,
          run: () =>
            inject(node, 'PATCH', `/api/orders/${order.id}/cancel`, dispatcher.authorization, {}),
        };
      if (r < mix.retry + mix.cancel + mix.manual)
        return {
          kind: 'manual',
          orderId: order.id,
          run: () =>
            inject(
              node,
              'PATCH',
              `/api/orders/${order.id}/set-driver-and-finish`,
              dispatcher.authorization,
              {
                driverId: d.id,
              },
            ),
        };
      return {
        kind: 'accept',
        orderId: order.id,
        run: () =>
          inject(node, 'POST', '/accept-order', d.authorization, { orderId: order.id, time: 5 }),
      };
    }
    // Two waves, each all at once: drivers and dispatchers fight over the pinned orders, then
    // cancels and retries race the accepts and manual assignments still coming in.
    const waves = [
      Array.from({ length: OPERATIONS / 2 }, () =>
        operation({ manual: 0.05, cancel: 0, retry: 0 }),
      ),
      Array.from({ length: OPERATIONS / 2 }, () =>
        operation({ manual: 0.05, cancel: 0.08, retry: 0.08 }),
      ),
    ];
    const ops: Op[] = [];
    const statuses: number[] = [];
    for (const wave of waves) {
      statuses.push(...(await Promise.all(wave.map((op) => op.run()))));
      ops.push(...wave);
    }

    // Every answer is a decision, never a fault.
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const won = ops.filter((_op, i) => statuses[i] === 200);

    // No driver holds two active orders, and every busy driver holds exactly one.
    const doubled = rowsOf<{ driver_id: number }>(
      await t.db.execute(sql`select driver_id from orders where state = 'assigned'
        group by driver_id having count(*) > 1`),
    );
    expect(doubled).toEqual([]);
    const busyMismatch = rowsOf<{ id: number }>(
      await t.db.execute(sql`select u.id from users u
        where u.id = any(${sql.param(drivers.map((d) => d.id))}::int[])
          and u.is_busy <> exists (select 1 from orders o where o.driver_id = u.id and o.state = 'assigned')`),
    );
    expect(busyMismatch).toEqual([]);

    // Each order's history: an assignment is only ever followed by another after a retry.
    const history = rowsOf<{ order_id: number; type: string; driver_id: number | null }>(
      await t.db.execute(sql`select order_id, type, (details->>'driver_id')::int as driver_id
        from order_history where order_id = any(${sql.param(orders.map((o) => o.id))}::int[])
        order by order_id, id`),
    );
    const ASSIGNING = new Set(['assigned', 'driver_set_and_finished']);
    let doubleAssignments = 0;
    const assignedBy = new Map<number, number>();
    for (const order of orders) {
      let holder = false;
      for (const item of history.filter((h) => h.order_id === order.id)) {
        if (ASSIGNING.has(item.type)) {
          if (holder) doubleAssignments++;
          holder = true;
          assignedBy.set(order.id, (assignedBy.get(order.id) ?? 0) + 1);
        }
        if (item.type === 'retried') holder = false;
      }
    }
    expect(doubleAssignments).toBe(0);
    // Every winning accept or manual assignment is one assignment in the history, and back.
    const wins = new Map<number, number>();
    for (const op of won.filter((o) => o.kind === 'accept' || o.kind === 'manual'))
      wins.set(op.orderId, (wins.get(op.orderId) ?? 0) + 1);
    expect(Object.fromEntries(wins)).toEqual(Object.fromEntries(assignedBy));
    // The race did decide things: orders were taken, some by hand, some canceled and retried.
    expect(won.filter((o) => o.kind === 'accept').length).toBeGreaterThan(ORDERS / 2);
    expect(won.some((o) => o.kind === 'manual')).toBe(true);
    expect(won.some((o) => o.kind === 'cancel')).toBe(true);
    expect(won.some((o) => o.kind === 'retry')).toBe(true);
  }, 300_000);
});
