import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import WebSocket, { WebSocketServer } from 'ws';
import { rowsOf } from '../../server/db/client';
import { buildCompany } from '../../server/db/factories';
import { migrate } from '../../server/db/migrate';
import { openPgliteWorker } from '../../server/db/pglite-worker-client';
import { CPU_ROUTE, cpuReading } from '../lib/server-probe';
import { failStartup, serveUntilParentLeaves } from './lifecycle';

/**
 * dispatch-offer's baseline, the order-to-first-offer floor, rebuilt: a Fastify
 * `POST /orders` → `INSERT … RETURNING id` into the same orders table (PGlite in memory in its
 * worker thread, migrated, as the app runs it) → geokdbush nearest BENCH_FLOOR_LIMIT (50, the
 * app's default search limit) within 3 km, on a kdbush rebuilt every second from the positions
 * in memory → a raw `ws` send of `order_available` to each → 201 {id}.
 *
 * The drivers' sockets are raw `ws` on /socket.io/, speaking just enough of the Engine.IO /
 * Socket.IO framing for the benchmark's driver swarm (bench/lib/sio-client.ts): `0{…}` open,
 * `40` connect answered with `40{sid}`, `42<id>["currentPosition",{…}]` stored and acked
 * `43<id>[{"ok":true}]`, and offers sent as `42["order_available",{…}]`. No auth, no rooms, no
 * pings, no validation. `GET /__bench/cpu` adds the offers sent.
 */
const LIMIT = Number(process.env.BENCH_FLOOR_LIMIT ?? 50);
const RADIUS_KM = 3;

interface Driver {
  ws: WebSocket;
  long: number;
  lat: number;
  has: boolean;
}

async function start() {
  const database = await openPgliteWorker();
  await migrate(database);
  const company = await buildCompany(database.db, { name: 'Floor', lat: 44.425, lng: 26.1 });
  const drivers = new Set<Driver>();
  let tree: { kd: KDBush; drivers: Driver[] } | null = null;
  let offersSent = 0;
  const rebuild = () => {
    const on = [...drivers].filter((d) => d.has);
    if (on.length === 0) {
      tree = null;
      return;
    }
    const kd = new KDBush(on.length);
    for (const d of on) kd.add(d.long, d.lat);
    kd.finish();
    tree = { kd, drivers: on };
  };
  const rebuildTimer = setInterval(rebuild, 1000);

  const app = Fastify({ logger: false });
  app.get(CPU_ROUTE, async () => ({ ...cpuReading(), offersSent }));
  app.post<{
    Body: {
      phone: string;
      client_name?: string;
      comment?: string;
      places: { name: string; lat: number; long: number }[];
    };
  }>('/orders', async (request, reply) => {
    const body = request.body;
    const pickup = body.places[0] as { name: string; lat: number; long: number };
    const [row] = rowsOf<{ id: number }>(
      await database.db.execute(sql`insert into orders (state, start_at, phone, client_name,
          comment, created_by_company_id, processed_by_company_id, address)
        values ('created', now() at time zone 'utc', ${body.phone}, ${body.client_name ?? null},
          ${body.comment ?? null}, ${company.id}, ${company.id}, ${pickup.name})
        returning id`),
    );
    const id = (row as { id: number }).id;
    if (tree) {
      const expires = Date.now() + 6000;
      const found = around(tree.kd, pickup.long, pickup.lat, LIMIT, RADIUS_KM) as number[];
      for (const i of found) {
        const driver = tree.drivers[i] as Driver;
        const payload = {
          orderId: id,
          kind: 'offer',
          address: pickup.name,
          places: body.places,
          comment: body.comment ?? null,
          options: [],
          payment_type: 'cash',
          cost: null,
          distance_m: null,
          expires_ms: expires,
        };
        if (driver.ws.readyState === WebSocket.OPEN) {
          driver.ws.send(`42${JSON.stringify(['order_available', payload])}`);
          offersSent++;
        }
      }
    }
    return reply.code(201).send({ id });
  });

  const wss = new WebSocketServer({ server: app.server, path: '/socket.io/' });
  let sid = 0;
  wss.on('connection', (ws) => {
    const driver: Driver = { ws, long: 0, lat: 0, has: false };
    drivers.add(driver);
    ws.send(
      `0${JSON.stringify({ sid: `f${++sid}`, upgrades: [], pingInterval: 25000, pingTimeout: 60000, maxPayload: 1000000 })}`,
    );
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith('40')) ws.send(`40{"sid":"s${sid}"}`);
      else if (text.startsWith('42')) {
        const bracket = text.indexOf('[');
        const ackId = text.slice(2, bracket);
        const [event, position] = JSON.parse(text.slice(bracket)) as [
          string,
          { long: number; lat: number },
        ];
        if (event === 'currentPosition') {
          driver.long = position.long;
          driver.lat = position.lat;
          driver.has = true;
        }
        if (ackId !== '') ws.send(`43${ackId}[{"ok":true}]`);
      }
    });
    ws.on('close', () => drivers.delete(driver));
  });

  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  serveUntilParentLeaves({ url }, async () => {
    clearInterval(rebuildTimer);
    for (const client of wss.clients) client.terminate();
    await app.close();
    await database.close();
  });
}

start().catch(failStartup);
