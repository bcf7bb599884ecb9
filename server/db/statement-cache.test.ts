import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import { type Database, rowsOf } from './client';
import { statementCache, withValues } from './statement-cache';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const p = sql.placeholder;
/** A statement whose text depends on its shape `n`, and whose result on the bound value. */
const shaped = (n: number) => () => sql`select ${p('value')}::int * ${sql.raw(String(n))} as value`;

describe('statementCache', () => {
  it('runs each shape with the values it is given, naming no more statements than allowed', async () => {
    const statements = statementCache({ prefix: 'cache_test', maxNamed: 2, maxEntries: 3 });
    const cache = statements(database.db);
    for (let n = 1; n <= 5; n++) {
      for (let round = 0; round < 3; round++) {
        const result = await cache.run(`shape ${n}`, shaped(n), { value: round + 10 });
        expect(rowsOf<{ value: number }>(result)).toEqual([{ value: (round + 10) * n }]);
      }
    }
    expect(cache.named()).toBe(2);
    expect(cache.size()).toBe(3);
    // One cache per database handle.
    expect(statements(database.db)).toBe(cache);
  });

  it('refuses to run a statement missing a value', async () => {
    const cache = statementCache({ prefix: 'cache_test_missing', maxNamed: 2, maxEntries: 3 })(
      database.db,
    );
    await expect(cache.run('shape', shaped(2), {})).rejects.toThrow(/value/);
  });

  it('binds every placeholder, however deep, for an ad-hoc run', async () => {
    const inner = sql`${p('a')}::int + ${p('b')}::int`;
    const statement = sql`select (${inner}) * ${p('a')}::int as value`;
    const result = await database.db.execute(withValues(statement, { a: 3, b: 4 }));
    expect(rowsOf<{ value: number }>(result)).toEqual([{ value: 21 }]);
    expect(() => withValues(statement, { a: 3 })).toThrow("no value for placeholder 'b'");
  });
});
