import { sql } from 'drizzle-orm';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import {
  MAX_QUERY_SHAPE,
  maskPhones,
  maskUrl,
  queryShape,
  safeMessage,
  serializeError,
} from './log-serializers';

const PHONE = '0744123456';
const NAME = 'Ana Popescu';

/** What a log must never show of PHONE and NAME. */
const expectNoPersonalData = (text: string) => {
  expect(text).not.toContain(PHONE);
  expect(text).not.toContain('744123');
  expect(text).not.toContain('Popescu');
};

describe('masking', () => {
  it('keeps the first two and last two digits of a phone number, however it is written', () => {
    expect(maskPhones(`apel de la ${PHONE}`)).toBe('apel de la 07…56');
    expect(maskPhones('+40 744 123 456 / 0744-123-456')).toBe('+40…56 / 07…56');
    expect(maskPhones('page 2, id 123456, 10:45')).toBe('page 2, id 123456, 10:45');
  });

  it("keeps a URL's query keys and small numbers, masks every other value and phone paths", () => {
    expect(maskUrl(`/api/orders?phone=${PHONE}&page=2&per_page=50`)).toBe(
      '/api/orders?phone=…&page=2&per_page=50',
    );
    expect(maskUrl('/api/places/search?input=Strada%20Lung%C4%83&session_token=abc')).toBe(
      '/api/places/search?input=…&session_token=…',
    );
    expect(maskUrl(`/user-addresses/addresses/${PHONE}`)).toBe('/user-addresses/addresses/07…56');
    expect(maskUrl('/user-addresses/addresses/%2B40%20744%20123%20456')).toBe(
      '/user-addresses/addresses/+40…56',
    );
    expect(maskUrl('/api/orders/123')).toBe('/api/orders/123');
  });

  it("never shows a driver report link's token (/driver/reports/{token})", () => {
    expect(maskUrl('/api/driver-reports/AbC-123_xyz?page=2')).toBe('/api/driver-reports/…?page=2');
    expect(maskUrl('/driver/reports/AbC-123_xyz')).toBe('/driver/reports/…');
    expect(maskUrl('/api/drivers/5/report-links/7')).toBe('/api/drivers/5/report-links/7');
  });

  it("cuts drizzle's parameters and PostgreSQL's quoted values out of a message", () => {
    expect(safeMessage(`Failed query: select $1\nparams: ${PHONE},${NAME}`)).toBe('Failed query');
    expect(safeMessage(`invalid input syntax for type integer: "${NAME} "x" y"`, true)).toBe(
      'invalid input syntax for type integer: "…"',
    );
    expect(safeMessage(`Key (phone)=(${PHONE}) already exists.`)).toBe(
      'Key (phone)=(…) already exists.',
    );
    // Identifiers in other classes stay: they say which constraint failed.
    expect(safeMessage('duplicate key value violates unique constraint "t_phone_key"')).toBe(
      'duplicate key value violates unique constraint "t_phone_key"',
    );
  });

  it('shortens a long statement to its shape', () => {
    const shape = queryShape(`select ${'x, '.repeat(500)}\n  y from t where a = $1`);
    expect(shape.length).toBe(MAX_QUERY_SHAPE);
    expect(shape).not.toContain('\n');
  });
});

describe('the err serializer on real database errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Not a temporary table: on PostgreSQL the pool's other connections would not see it.
    await t.db.execute(sql.raw('create table log_probe (phone text unique, name text)'));
    await t.db.execute(sql`insert into log_probe values (${PHONE}, ${NAME})`);
  });
  afterAll(() => t.close());

  const failure = async (statement: ReturnType<typeof sql>) => {
    try {
      await t.db.execute(statement);
    } catch (error) {
      return error;
    }
    throw new Error('the statement did not fail');
  };

  it('keeps the shape, SQLSTATE and constraint of a unique violation, not the key or params', async () => {
    const error = await failure(sql`insert into log_probe values (${PHONE}, ${NAME})`);
    // The raw error quotes both: this is what the logs used to carry.
    expect(JSON.stringify({ message: (error as Error).message, ...(error as object) })).toContain(
      PHONE,
    );
    const serialized = serializeError(error);
    expectNoPersonalData(JSON.stringify(serialized));
    expect(serialized).toMatchObject({
      message: 'Failed query',
      query: 'insert into log_probe values ($1, $2)',
      cause: { sqlState: '23505', constraint: 'log_probe_phone_key', table: 'log_probe' },
    });
    expect(serialized.stack).toMatch(/^DrizzleQueryError: Failed query\n\s+at /);
  });

  it('masks the value a data exception quotes', async () => {
    const error = await failure(
      sql`select * from log_probe where phone = ${PHONE} and length(name) = ${NAME}`,
    );
    const serialized = serializeError(error);
    expectNoPersonalData(JSON.stringify(serialized));
    expect(serialized.cause).toMatchObject({
      sqlState: '22P02',
      message: 'invalid input syntax for type integer: "…"',
    });
  });

  it('serialises causes, aggregates and thrown non-errors without failing', () => {
    const inner = Object.assign(new Error(`lookup ${PHONE} failed`), { code: 'ECONNREFUSED' });
    const outer = new Error('outer', { cause: new AggregateError([inner], 'all failed') });
    const serialized = serializeError(outer);
    expect(serialized.cause?.errors?.[0]).toMatchObject({
      code: 'ECONNREFUSED',
      message: 'lookup 07…56 failed',
    });
    expect(serializeError(`thrown ${PHONE}`).message).toBe('thrown 07…56');
    // V8 quotes the start of what it could not parse (a geocoder's answer, a body).
    const json = (() => {
      try {
        return JSON.parse(`${NAME} ${PHONE}`);
      } catch (error) {
        return error;
      }
    })();
    expect(serializeError(json).message).toMatch(/^Unexpected token 'A', "…".* is not valid JSON$/);
    expectNoPersonalData(JSON.stringify(serializeError(json)));
    const loop: Error & { cause?: unknown } = new Error('loop');
    loop.cause = loop;
    expect(serializeError(loop).cause?.message).toBe('[circular]');
  });
});

describe('the log lines of real requests', () => {
  let t: TestApp;
  const lines: string[] = [];
  const stream: DestinationStream = { write: (line: string) => void lines.push(line) };
  const logsOf = (requestId: string) =>
    lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.reqId === requestId);

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
    t.app.get('/api/test/lookup', async () =>
      t.db.execute(sql`select * from pg_class where relname = ${PHONE} and relpages = ${NAME}`),
    );
  });
  afterAll(() => t.close());

  it('logs a failing query with its shape, SQLSTATE and request id, never its parameters', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/lookup',
      headers: { 'x-request-id': 'req-log-query-1' },
    });
    expect(response.statusCode).toBe(500);
    const entries = logsOf('req-log-query-1');
    const failure = entries.find((entry) => entry.msg === 'unhandled error');
    expect(failure).toMatchObject({
      level: 50,
      url: '/api/test/lookup',
      err: {
        type: 'DrizzleQueryError',
        message: 'Failed query',
        query: 'select * from pg_class where relname = $1 and relpages = $2',
        cause: { sqlState: '22P02' },
      },
    });
    expectNoPersonalData(JSON.stringify(entries));
  });

  it('logs a request URL without the phone number in its query or path', async () => {
    for (const [id, url] of [
      ['req-log-url-0001', `/api/orders?phone=${PHONE}&page=1`],
      ['req-log-url-0002', `/user-addresses/addresses/${PHONE}`],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'x-request-id': id } });
      expect(response.statusCode).toBe(401);
      const entries = logsOf(id);
      expect(entries.some((entry) => entry.msg === 'request completed')).toBe(true);
      expectNoPersonalData(JSON.stringify(entries));
    }
    expect(lines.join('\n')).toContain('"url":"/api/orders?phone=…&page=1"');
  });

  it('masks a phone number in a log message itself', () => {
    t.app.log.info(`call from ${PHONE}`);
    expect(lines.at(-1)).toContain('call from 07…56');
  });
});
