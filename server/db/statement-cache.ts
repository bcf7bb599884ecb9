import { is, Param, Placeholder, SQL, type SQLChunk } from 'drizzle-orm';
import type { Db } from './client';
import { preparedPerDb, prepareRendered, type RenderedSql, renderSql } from './prepared';

/**
 * Statements of many shapes (which filters a list has, how many states, which page size), each
 * built with `sql.placeholder`s for its values and rendered once per shape instead of on every
 * request, and prepared by name once it is used again: PostgreSQL (and the PGlite worker) then
 * parse it once per connection and, when its LIMIT and OFFSET are written as constants, plan
 * it once too (a generic plan). Building and rendering a list's statements with Drizzle cost
 * more CPU than the query itself (bench/orders-lists, session 7).
 *
 * Bounded both ways: at most `maxEntries` rendered shapes (least recently used dropped), and
 * at most `maxNamed` names ever handed out per database handle, since a named statement stays
 * on every pooled connection that ran it until the connection closes. Shapes beyond that run
 * unnamed, parsed and planned per call as any ad-hoc query is.
 */
export function statementCache(options: { prefix: string; maxNamed: number; maxEntries: number }) {
  return preparedPerDb((db: Db) => createStatementCache(db, options));
}

export type StatementValues = Record<string, unknown>;

function createStatementCache(
  db: Db,
  { prefix, maxNamed, maxEntries }: { prefix: string; maxNamed: number; maxEntries: number },
) {
  interface Entry {
    query: RenderedSql;
    uses: number;
    prepared: ReturnType<typeof prepareRendered>;
  }
  const entries = new Map<string, Entry>();
  let named = 0;

  /** Runs the statement of shape `key` (built by `build` the first time) with `values`. */
  function run(key: string, build: () => SQL, values: StatementValues): Promise<unknown> {
    let entry = entries.get(key);
    if (entry) {
      // Most recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, entry);
    } else {
      const query = renderSql(build());
      entry = { query, uses: 0, prepared: prepareRendered(db, query, undefined) };
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    }
    entry.uses += 1;
    // A shape seen once (a filter tried by hand) does not take a name: a second use does.
    if (entry.uses === 2 && named < maxNamed) {
      named += 1;
      entry.prepared = prepareRendered(db, entry.query, `${prefix}_${named}`);
    }
    return entry.prepared.execute(values);
  }

  return { run, size: () => entries.size, named: () => named };
}

/**
 * The statement with every placeholder bound to its value, as one ad-hoc query: to EXPLAIN
 * what a cached statement does (bench/orders-lists) or to run it inside another statement.
 */
export function withValues(statement: SQL, values: StatementValues): SQL {
  const boundTo = (name: string) => {
    if (!(name in values)) throw new Error(`no value for placeholder '${name}'`);
    return values[name];
  };
  const bind = (chunk: SQLChunk): SQLChunk => {
    if (is(chunk, Placeholder)) return new Param(boundTo(chunk.name));
    if (is(chunk, Param) && is(chunk.value, Placeholder))
      return new Param(boundTo(chunk.value.name), chunk.encoder);
    if (is(chunk, SQL)) return new SQL(chunk.queryChunks.map(bind));
    return chunk;
  };
  return bind(statement) as SQL;
}
