import Fastify from 'fastify';
import { addStatsRoute } from '../lib/server-stats';
import { serveUntilParentLeaves } from './lifecycle';

/**
 * Baseline of bench/orders-lists.bench.ts: bare Fastify (no logger, hooks or schema) answering
 * every GET and POST path with the prebuilt JSON string BENCH_BODY (a real 15-row page of
 * GET /api/orders), plus the same `/__bench/stats` route as the app entry, so the load
 * generator can replay the app's exact schedule against it.
 */
const body = process.env.BENCH_BODY ?? '{"data":[]}';

const app = Fastify({ logger: false });
addStatsRoute(app);
app.route({
  method: ['GET', 'POST'],
  url: '/*',
  handler: (_request, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').send(body);
  },
});

const url = await app.listen({ host: '127.0.0.1', port: 0 });
serveUntilParentLeaves({ url }, () => app.close());
