import pg from 'pg';

/**
 * BENCH_QUERY_TRACE=1 (PostgreSQL only): every 5 s, the slowest queries of the app server (from
 * the driver's `query` call to its result, so it includes waiting for a pool connection or
 * behind the client's earlier queries) and the most requests ever waiting for a pool
 * connection, on stderr. A diagnostic for tails the event loop does not explain.
 */
export function traceQueries(pool: pg.Pool): void {
  const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  let slow: { ms: number; text: string }[] = [];
  let count = 0;
  let total = 0;
  pg.Client.prototype.query = function traced(this: pg.Client, ...args: unknown[]) {
    const started = performance.now();
    const result = clientQuery.apply(this, args);
    const first = args[0] as string | { text?: string; name?: string };
    const text = typeof first === 'string' ? first : (first?.name ?? first?.text ?? '?');
    if (result instanceof Promise) {
      result.then(
        () => note(performance.now() - started, text),
        () => note(performance.now() - started, text),
      );
    }
    return result;
  } as typeof pg.Client.prototype.query;
  const note = (ms: number, text: string) => {
    count++;
    total += ms;
    if (ms > 20) slow.push({ ms, text: text.replace(/\s+/g, ' ').slice(0, 90) });
  };
  let maxWaiting = 0;
  setInterval(() => {
    maxWaiting = Math.max(maxWaiting, pool.waitingCount);
  }, 2).unref();
  setInterval(() => {
    slow.sort((a, b) => b.ms - a.ms);
    process.stderr.write(
      `[query-trace] ${count} queries, mean ${(total / Math.max(count, 1)).toFixed(2)} ms, ` +
        `max waiting ${maxWaiting}, over 20 ms: ${slow.length} ${slow
          .slice(0, 4)
          .map((s) => `${s.ms.toFixed(0)} ms ${s.text}`)
          .join(' | ')}\n`,
    );
    slow = [];
    count = 0;
    total = 0;
    maxWaiting = 0;
  }, 5000).unref();
}
