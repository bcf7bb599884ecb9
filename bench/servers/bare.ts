import Fastify from 'fastify';
import { serveUntilParentLeaves } from './lifecycle';

/**
 * Baseline server: bare Fastify (no logger, no hooks, no schema), one GET route answering with a
 * prebuilt JSON string. BENCH_ROUTE is the path, BENCH_BODY the exact body to send.
 */
const path = process.env.BENCH_ROUTE ?? '/';
const body = process.env.BENCH_BODY ?? '{"hello":"world"}';

const app = Fastify({ logger: false });
app.get(path, (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});

const url = await app.listen({ host: '127.0.0.1', port: 0 });
serveUntilParentLeaves({ url }, () => app.close());
