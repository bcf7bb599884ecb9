import { type Column, Placeholder, type SQL, sql } from 'drizzle-orm';

/** A JS number array (or a placeholder for one) as one typed SQL parameter, for `column = any(…)`. */
export const intArray = (values: number[] | Placeholder) =>
  sql`${values instanceof Placeholder ? values : sql.param(values)}::int[]`;

/**
 * `column` is one of `ids`. A single id is written as plain equality: PostgreSQL walks an index
 * on (column, created_at) in order only for `=`, not for `= any(array)`, which made a company's
 * newest-first page sort every order of the company (bench/orders-lists EXPLAIN).
 */
export const oneOf = (column: Column | SQL, ids: number[]): SQL =>
  ids.length === 1 ? sql`${column} = ${ids[0]}` : sql`${column} = any(${intArray(ids)})`;

/** The user whose `roles` these are is a driver. */
export const hasDriverRole = (roles: Column | SQL): SQL => sql`'driver' = any(${roles})`;
