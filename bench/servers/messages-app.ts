import { sql } from 'drizzle-orm';
import { openPostgres } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { openPgliteWorker } from '../../server/db/pglite-worker-client';
import { seedFleet } from '../lib/fleet-seed';
import { CPU_ROUTE, cpuReading } from '../lib/server-probe';
import { buildBenchApp } from './bench-app';
import { failStartup, serveUntilParentLeaves } from './lifecycle';

/**
 * The real application for the messages benchmark: PGlite in memory (or the throwaway
 * PostgreSQL database BENCH_SERVER_DATABASE_URL), migrated, one company
 * with BENCH_FLEET_DRIVERS drivers and BENCH_FLEET_DISPATCHERS dispatchers (a session each,
 * bench/lib/fleet-seed.ts), and UNREAD_PER_DISPATCHER unread messages from drivers to each
 * dispatcher, then the app as production builds it. Prints {url, seed} once ready.
 *
 * Bench-only routes:
 * - `GET /__bench/cpu`: the process's CPU time, and the time spent in the Socket.IO adapter
 *   broadcasting 'message received' (encode and write to every socket of the room).
 * - `GET /__bench/unread-times`: the server's time (ms, Fastify's elapsedTime: from the request
 *   to the answer sent) of every GET /api/messages/unread-count since the last read.
 */
const UNREAD_PER_DISPATCHER = 20;

const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 0 || value > 100_000)
    throw new Error(`${name} must be an integer in 0 … 100,000`);
  return value;
};

async function start() {
  const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL || undefined;
  const database = databaseUrl ? await openPostgres(databaseUrl) : await openPgliteWorker();
  await migrate(database);
  const seed = await seedFleet(database.db, {
    companies: 1,
    drivers: numberEnv('BENCH_FLEET_DRIVERS', 2_000),
    dispatchers: numberEnv('BENCH_FLEET_DISPATCHERS', 200),
  });
  const [companyId] = seed.companyIds;
  // Each dispatcher has unread messages from drivers, and the table has their history around.
  const driverIds = seed.drivers.map((d) => d.userId);
  await database.db.execute(sql`insert into messages (company_id, sender_id, user_id, message, type)
    select ${companyId}, (${sql.param(driverIds)}::int[])[1 + (g * 7 + p.user_id) % ${driverIds.length}::int],
      p.user_id, 'Mesaj ' || g, 'chat'
    from unnest(${sql.param(seed.dispatchers.map((d) => d.userId))}::int[]) as p(user_id)
    cross join generate_series(1, ${UNREAD_PER_DISPATCHER}::int) g`);
  await database.db.execute(sql`analyze`);

  const app = await buildBenchApp(database, databaseUrl, {
    // The benchmark sends one message to all per round, and more than an hour's limit.
    MESSAGE_BROADCASTS_PER_HOUR: '1000',
  });
  const fanout = { broadcasts: 0, broadcastMs: 0 };
  const adapter = app.io.of('/').adapter;
  const broadcast = adapter.broadcast.bind(adapter);
  adapter.broadcast = (packet: { data?: unknown[] }, options) => {
    if (packet.data?.[0] !== 'message received') return broadcast(packet, options);
    const began = performance.now();
    broadcast(packet, options);
    fanout.broadcastMs += performance.now() - began;
    fanout.broadcasts++;
  };
  let unreadTimes: number[] = [];
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/api/messages/unread-count')) unreadTimes.push(reply.elapsedTime);
  });
  app.get(CPU_ROUTE, async () => ({ ...cpuReading(), ...fanout }));
  app.get('/__bench/unread-times', async () => {
    const times = unreadTimes;
    unreadTimes = [];
    return times;
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  serveUntilParentLeaves({ url, seed }, async () => {
    await app.close();
    await database.close();
  });
}

start().catch(failStartup);
