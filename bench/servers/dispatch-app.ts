import type { SearchItem } from '@common/dispatch/search-method.schema';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { rowsOf } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { openPgliteWorker } from '../../server/db/pglite-worker-client';
import { BOX } from '../lib/fleet-geometry';
import { type SeededSession, seedFleet } from '../lib/fleet-seed';
import { CPU_ROUTE, cpuReading } from '../lib/server-probe';
import { failStartup, serveUntilParentLeaves } from './lifecycle';

/**
 * The real application for the dispatch benchmarks (dispatch-offer, dispatch-accept):
 * PGlite in memory (worker thread, as `npm start`), migrated; one company with
 * BENCH_DISPATCH_DRIVERS drivers online from the seed (bench/lib/fleet-seed.ts: car, session)
 * and one dispatcher; then the app as production builds it, listening on 127.0.0.1. Through
 * the API, as a dispatcher would: one zone covering the whole benchmark box, and a search
 * method of one step (BENCH_DISPATCH_ITEM, JSON of a SearchItem) with an interval making it
 * the company's method. Prints {url, drivers, dispatcher, companyId} once ready.
 *
 * The seed's 50 zones and 10 stands are removed before the app starts: by_zone must find the
 * one zone made through the API.
 *
 * Bench-only routes (never part of server/):
 * - `GET /__bench/cpu`: the process's CPU time.
 * - `GET /__bench/offers`: offers written so far (order_offers of kind offer) and orders.
 * - `POST /__bench/place-pinned {count}`: places `count` orders (POST /api/orders, place:true)
 *   and waits until the engine pinned every one in the pending queue (dispatch-accept's setup).
 * - `POST /__bench/bare-orders {count}`: `count` orders inserted as created with no driver, for
 *   the bare conditional UPDATE (dispatch-accept's baseline).
 * - `POST /__bench/bare-accept {orderId, driverId}`: dispatch-accept's baseline, the bare single-winner write
 *   (`update orders set driver_id, state = 'assigned' where id and state = 'created' and
 *   driver_id is null`) and nothing else: 200 when it won, 409 when not (a driver who already
 *   holds an assigned order loses on the unique index, as the app's guard does).
 * - `GET /__bench/bare-times`: the bare statement's own times (ms) since the last read.
 * - `POST /__bench/violations {orderIds, driverIds}`: what dispatch-accept checks afterwards.
 */
export interface DispatchAppInfo {
  url: string;
  companyId: number;
  drivers: SeededSession[];
  dispatcher: SeededSession;
}

export interface Violations {
  /** Orders assigned more than once in their history (no retry happens here). */
  ordersAssignedTwice: number;
  /** Drivers holding more than one assigned order. */
  driversWithTwoActive: number;
  /** Drivers whose busy flag disagrees with holding an assigned order (app orders only). */
  busyMismatch: number;
  /** Orders assigned now. */
  assigned: number;
}

const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 0 || value > 100_000) {
    throw new Error(`${name} must be an integer in 0 … 100,000`);
  }
  return value;
};

/** The benchmark box with a margin: every driver and pickup is inside. */
const ZONE = [
  { lat: BOX.south - 0.01, long: BOX.west - 0.01 },
  { lat: BOX.south - 0.01, long: BOX.east + 0.01 },
  { lat: BOX.north + 0.01, long: BOX.east + 0.01 },
  { lat: BOX.north + 0.01, long: BOX.west - 0.01 },
];

async function start() {
  const database = await openPgliteWorker();
  await migrate(database);
  const seed = await seedFleet(database.db, {
    companies: 1,
    drivers: numberEnv('BENCH_DISPATCH_DRIVERS', 10_000),
    dispatchers: 1,
  });
  await database.db.execute(sql`delete from stands`);
  await database.db.execute(sql`delete from polygons`);
  const companyId = seed.companyIds[0] as number;
  const dispatcher = seed.dispatchers[0] as SeededSession;
  const config = loadConfig({
    NODE_ENV: 'production',
    // No PBX here (production requires the variable).
    SIP_SECRET: '',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    // The idle target's drivers stay quiet while the other target is measured.
    DRIVER_SILENT_OFFLINE_S: '3600',
  });
  const app = await buildApp({ config, database, serveWeb: false });
  const authorization = `Bearer ${dispatcher.token}`;
  const api = async (method: 'POST', url: string, payload: object) => {
    const response = await app.inject({ method, url, headers: { authorization }, payload });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json<{ id: number }>();
  };

  app.get(CPU_ROUTE, async () => cpuReading());
  app.get('/__bench/offers', async () => {
    const [row] = rowsOf<{ offers: number; orders: number }>(
      await database.db.execute(sql`select
        (select count(*)::int from order_offers where kind = 'offer') as offers,
        (select count(*)::int from orders) as orders`),
    );
    return row;
  });
  app.post<{ Body: { count: number } }>('/__bench/place-pinned', async (request) => {
    const ids: number[] = [];
    for (let i = 0; i < request.body.count; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { authorization },
        payload: {
          phone: '0744 555 666',
          client_name: 'Ana',
          place: true,
          places: [{ name: `Strada ${i}`, lat: 44.425, long: 26.1 }],
        },
      });
      if (response.statusCode !== 201) throw new Error(`place: ${response.body}`);
      ids.push(response.json<{ id: number }>().id);
    }
    // Nobody is on the map: each search pins its order once its one step has passed.
    const end = Date.now() + 120_000;
    for (;;) {
      const [row] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from orders
          where id = any(${sql.param(ids)}::int[]) and state = 'pending' and in_pending_queue`),
      );
      if (row?.n === ids.length) return { ids };
      if (Date.now() > end) throw new Error(`only ${row?.n} of ${ids.length} orders pinned`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  app.post<{ Body: { count: number } }>('/__bench/bare-orders', async (request) => {
    const rows = rowsOf<{ id: number }>(
      await database.db.execute(sql`insert into orders (state, phone, client_name,
          created_by_company_id, processed_by_company_id, address)
        select 'created', '0744 555 666', 'Ana', ${companyId}, ${companyId}, 'Strada ' || g
        from generate_series(1, ${request.body.count}::int) g
        returning id`),
    );
    return { ids: rows.map((r) => r.id) };
  });
  let bareTimes: number[] = [];
  app.post<{ Body: { orderId: number; driverId: number } }>(
    '/__bench/bare-accept',
    async (request, reply) => {
      const began = performance.now();
      let won = false;
      try {
        const result =
          await database.db.execute(sql`update orders set driver_id = ${request.body.driverId},
            state = 'assigned'
          where id = ${request.body.orderId} and state = 'created' and driver_id is null`);
        won = (result as { rowCount?: number | null }).rowCount === 1;
      } catch {
        won = false; // the driver holds another assigned order (orders_driver_active_idx)
      }
      bareTimes.push(performance.now() - began);
      return reply.code(won ? 200 : 409).send({ ok: won });
    },
  );
  app.get('/__bench/bare-times', async () => {
    const times = bareTimes;
    bareTimes = [];
    return { times };
  });
  app.post<{ Body: { orderIds: number[]; driverIds: number[]; app: boolean } }>(
    '/__bench/violations',
    async (request): Promise<Violations> => {
      const { orderIds, driverIds } = request.body;
      const count = async (query: ReturnType<typeof sql>) =>
        rowsOf<{ n: number }>(await database.db.execute(query))[0]?.n ?? 0;
      return {
        ordersAssignedTwice: await count(sql`select count(*)::int as n from (
          select order_id from order_history
          where order_id = any(${sql.param(orderIds)}::int[]) and type = 'assigned'
          group by order_id having count(*) > 1) t`),
        driversWithTwoActive: await count(sql`select count(*)::int as n from (
          select driver_id from orders where state = 'assigned' and driver_id is not null
          group by driver_id having count(*) > 1) t`),
        busyMismatch: request.body.app
          ? await count(sql`select count(*)::int as n from users u
              where u.id = any(${sql.param(driverIds)}::int[])
                and u.is_busy <> exists (select 1 from orders o
                  where o.driver_id = u.id and o.state = 'assigned')`)
          : 0,
        assigned: await count(sql`select count(*)::int as n from orders
          where id = any(${sql.param(orderIds)}::int[]) and state = 'assigned'`),
      };
    },
  );

  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  await api('POST', '/api/polygons', { name: 'Oraș', paths: ZONE });
  const item = JSON.parse(process.env.BENCH_DISPATCH_ITEM ?? 'null') as SearchItem | null;
  if (item) {
    const method = await api('POST', '/api/search-methods', { definitions: { items: [item] } });
    await api('POST', '/api/search-intervals', { search_method_id: method.id });
  }
  process.stderr.write(
    `[dispatch-app] seed ${seed.seconds} s; ${app.fleet.index.size} drivers in the index\n`,
  );
  const info: DispatchAppInfo = { url, companyId, drivers: seed.drivers, dispatcher };
  serveUntilParentLeaves(info, async () => {
    await app.close();
    await database.close();
  });
}

start().catch(failStartup);
