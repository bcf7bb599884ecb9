import Fastify from 'fastify';
import { serveUntilParentLeaves } from './lifecycle';

/**
 * Baseline for POST endpoints: bare Fastify (no logger, hooks or schema) answering BENCH_ROUTE
 * with the prebuilt JSON string BENCH_BODY. Fastify's default JSON body parser still runs.
 */
const path = process.env.BENCH_ROUTE ?? '/';
const body = process.env.BENCH_BODY ?? '{"hello":"world"}';

const app = Fastify({ logger: false });
app.post(path, (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});

const url = await app.listen({ host: '127.0.0.1', port: 0 });
serveUntilParentLeaves({ url }, () => app.close());
