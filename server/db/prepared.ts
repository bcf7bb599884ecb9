import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client';

/**
 * A hot statement built once per database handle, with `sql.placeholder`s for what varies, and
 * run by name: Drizzle then renders its SQL once instead of on every call (rendering the wire
 * order's ~60 columns cost more CPU than running the query; bench/orders-lists), and PostgreSQL
 * parses and plans it once per connection. The PGlite worker forgets named statements when a
 * connection closes (pglite-connection.ts), so a reconnect can prepare them again.
 *
 * Only on the handle, never on a transaction: the prepared statement runs on the handle's pool,
 * outside whatever transaction the caller may be in.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  return oncePer(build);
}

/** `build(handle)` made once per handle (a database or a transaction) and kept while it lives. */
function oncePer<H extends object, T>(build: (handle: H) => T): (handle: H) => T {
  const byHandle = new WeakMap<H, T>();
  return (handle) => {
    let built = byHandle.get(handle);
    if (built === undefined) {
      built = build(handle);
      byHandle.set(handle, built);
    }
    return built;
  };
}

const dialect = new PgDialect();

/**
 * A hand-written statement (drizzle `sql`, with `sql.placeholder`s for what varies) rendered once
 * and run by name, for the statements no query builder can write (placing an order, a chain of
 * data-modifying CTEs: new-order.repo.ts) or that would be rendered anew on every call. Each
 * placeholder is its own `$n`: cast it where PostgreSQL cannot infer its type. Rows come back as
 * the driver reads them (`rowsOf`). Unlike `preparedPerDb`, it also runs inside a transaction
 * (on the transaction's connection; `pg` prepares a name once per connection).
 */
export function preparedSql(name: string, statement: SQL) {
  const query = renderSql(statement);
  return oncePer((db: DbOrTx) => prepareRendered(db, query, name));
}

/** The statement's text with `$n` for its parameters and placeholders, rendered once. */
export const renderSql = (statement: SQL) => dialect.sqlToQuery(statement);

export type RenderedSql = ReturnType<typeof renderSql>;

/** A rendered statement ready to `execute(values)`: by `name`, or unnamed (parsed per call). */
export const prepareRendered = (db: DbOrTx, query: RenderedSql, name: string | undefined) =>
  db._.session.prepareQuery(query, undefined, name, false);
