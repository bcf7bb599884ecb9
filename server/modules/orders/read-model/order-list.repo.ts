/**
 * The statements behind GET /api/orders (Orders, every filter of the order list): a
 * page's ids, the capped total, and the reads of deep-page windows (page-windows.ts).
 *
 * A list's statements depend only on its shape (which filters it has, how many companies and
 * states, the page size), never on the values, which are bound by name: so each shape is built
 * and rendered once and runs as a prepared statement (server/db/statement-cache.ts). LIMIT and
 * OFFSET are written as constants where that lets PostgreSQL keep one generic plan (page 1,
 * the reads by key); a deeper page's offset is bound, so paging does not make a statement per
 * page: a bound LIMIT or OFFSET makes PostgreSQL plan each call for its values instead.
 */
import { type ListOrdersQuery, ORDER_COUNT_CAP } from '@common/orders/orders.schema';
import { and, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../../db/client';
import { orders } from '../../../db/schema';
import { intArray } from '../../../db/sql';
import { type StatementValues, statementCache, withValues } from '../../../db/statement-cache';
import { parseIntList } from '../../../lib/int-list';
import type { ListKey, OrderListScope, WindowRead } from './list-keys';

/** Beyond this many rows (offset + limit) a list of several states is walked in its own order. */
const MERGED_STATES_MAX_ROWS = 1_000;

/** How many of a list's newest orders a window read also returns (page-windows.ts `counted`). */
const WINDOW_HEAD = 32;

const statements = statementCache({ prefix: 'order_list', maxNamed: 200, maxEntries: 1_000 });

const p = sql.placeholder;
/** A constant in the statement's text (LIMIT, OFFSET): the planner sees it, as it does not a parameter. */
const constant = (value: number) => sql.raw(String(Math.trunc(value)));

/** Bucharest-local day and time filters (shown local, stored UTC). */
const localCreatedAt = sql`((${orders.created_at} at time zone 'utc') at time zone 'Europe/Bucharest')`;

/**
 * The optional filters of ListOrdersQuery but the states, each with its condition on a bound value
 * (the orders report uses the same ones).
 */
export const ORDER_FILTERS = {
  date_from: (v: SQL) => sql`${localCreatedAt} >= ${v}::date`,
  date_to: (v: SQL) => sql`${localCreatedAt} < ${v}::date + 1`,
  time_from: (v: SQL) => sql`${localCreatedAt}::time >= ${v}::time`,
  time_to: (v: SQL) => sql`${localCreatedAt}::time <= ${v}::time`,
  driver_id: (v: SQL) => sql`${orders.driver_id} = ${v}::int`,
  client_id: (v: SQL) => sql`${orders.client_id} = ${v}::int`,
  dispatcher_id: (v: SQL) => sql`${orders.dispatcher_id} = ${v}::int`,
  // A company's orders by the scope's rule: those it dispatches or those billed to it.
  company_id: (v: SQL) =>
    sql`(${orders.processed_by_company_id} = ${v}::int or ${orders.protocol_company_id} = ${v}::int)`,
  payment_method: (v: SQL) => sql`${orders.payment_type} = ${v}::text`,
  driver_payment_method: (v: SQL) => sql`${orders.payment_type} = ${v}::text`,
  driver_payment: (v: SQL) => sql`${orders.is_paid} = ${v}::boolean`,
} as const;
type FilterName = keyof typeof ORDER_FILTERS;
const FILTER_NAMES = Object.keys(ORDER_FILTERS) as FilterName[];

/** How many companies one side of the scope names: none, one (`=`), several (`= any`). */
type Arity = 0 | 1 | 2;
const arity = (ids: number[]): Arity => (ids.length > 1 ? 2 : (ids.length as Arity));

/** Everything a list's statements are built from: no value, only what is present and how many. */
interface ListShape {
  all: boolean;
  processed: Arity;
  billed: Arity;
  filters: FilterName[];
  states: number;
}

/** A list's shape (its statements' cache key) and the values its placeholders are bound to. */
function bindList(scope: OrderListScope, query: ListOrdersQuery) {
  const states = query.states ?? (query.state ? [query.state] : []);
  const values: StatementValues = {};
  const filters: FilterName[] = [];
  for (const name of FILTER_NAMES) {
    const value = query[name];
    if (value === undefined) continue;
    filters.push(name);
    values[name] = name === 'driver_payment' ? value === 'paid' : value;
  }
  states.forEach((state, i) => {
    values[`state${i}`] = state;
  });
  values.states = states;
  const shape: ListShape =
    scope.kind === 'all'
      ? { all: true, processed: 0, billed: 0, filters, states: states.length }
      : {
          all: false,
          processed: arity(scope.processedBy),
          billed: arity(scope.billedTo),
          filters,
          states: states.length,
        };
  if (scope.kind === 'companies') {
    values.processed = shape.processed === 1 ? scope.processedBy[0] : scope.processedBy;
    values.billed = shape.billed === 1 ? scope.billedTo[0] : scope.billedTo;
  }
  return { shape, key: JSON.stringify(shape), values };
}

const companyIs = (column: SQLWrapper, side: Arity, name: string) =>
  side === 1 ? sql`${column} = ${p(name)}::int` : sql`${column} = any(${intArray(p(name))})`;

/** The list's conditions but its states (a list of several states is read by state). */
function baseWhere(shape: ListShape): SQL | undefined {
  let scope: SQL | undefined;
  if (!shape.all) {
    const processed = shape.processed
      ? companyIs(orders.processed_by_company_id, shape.processed, 'processed')
      : undefined;
    const billed = shape.billed
      ? companyIs(orders.protocol_company_id, shape.billed, 'billed')
      : undefined;
    scope =
      processed && billed ? sql`(${processed} or ${billed})` : (processed ?? billed ?? sql`false`);
  }
  return and(scope, ...shape.filters.map((name) => ORDER_FILTERS[name](sql`${p(name)}`)));
}

/** The list's conditions: a single state by equality (its index walks in order), several by `any`. */
function listWhere(shape: ListShape): SQL | undefined {
  const states =
    shape.states === 0
      ? undefined
      : shape.states === 1
        ? sql`${orders.state} = ${p('state0')}::text`
        : sql`${orders.state} = any(${p('states')}::text[])`;
  return and(baseWhere(shape), states);
}

/** A bound or constant LIMIT/OFFSET: `'bound'` takes its value from the placeholder of that name. */
type Count = number | 'bound';
const countSql = (count: Count, name: 'limit' | 'offset') =>
  count === 'bound' ? sql`${p(name)}::int` : constant(count);

/** After `key` in a newest-first list's order (created_at, then id), as the indexes walk it. */
const newerThan = (prefix: 'top' | 'first') =>
  sql`(${orders.created_at} >= ${p(`${prefix}_at`)}::timestamp and (${orders.created_at} > ${p(`${prefix}_at`)}::timestamp or ${orders.id} > ${p(`${prefix}_id`)}::int))`;

const NEWEST = sql`${orders.created_at} desc, ${orders.id} desc`;
const OLDEST = sql`${orders.created_at}, ${orders.id}`;

/**
 * The list's keys (narrowed by `extra`), newest or oldest first. A list of several states is
 * read as one index walk per state (orders_company_state_created_idx), merged, while the rows
 * wanted are few (`merged`): a walk in the list's own order passes every order of the other
 * states newer than the ones it wants, e.g. all of a busy company's live orders before its
 * newest finished one (bench/orders-lists: the closed pages).
 */
function keysSql(
  shape: ListShape,
  order: 'newest' | 'oldest',
  limit: Count,
  offset: Count,
  extra: SQL | undefined,
  merged: boolean,
): SQL {
  const by = order === 'newest' ? NEWEST : OLDEST;
  const page = sql`limit ${countSql(limit, 'limit')} offset ${countSql(offset, 'offset')}`;
  if (!merged) {
    return sql`select ${orders.id}, ${orders.created_at}::text as created_at from ${orders}
      where ${and(listWhere(shape), extra) ?? sql`true`} order by ${by} ${page}`;
  }
  const rows =
    limit === 'bound' || offset === 'bound'
      ? sql`${countSql(offset, 'offset')} + ${countSql(limit, 'limit')}`
      : constant(limit + offset);
  const base = baseWhere(shape);
  const branches = Array.from(
    { length: shape.states },
    (_, i) =>
      sql`(select ${orders.id}, ${orders.created_at} from ${orders}
        where ${and(base, sql`${orders.state} = ${p(`state${i}`)}::text`, extra)}
        order by ${by} limit ${rows})`,
  );
  const outer = order === 'newest' ? sql`created_at desc, id desc` : sql`created_at, id`;
  return sql`select id, created_at::text as created_at
    from (${sql.join(branches, sql` union all `)}) as by_state order by ${outer} ${page}`;
}

const mergedFor = (shape: ListShape, rows: number) =>
  shape.states > 1 && rows <= MERGED_STATES_MAX_ROWS;

/** A deep page's window and the list's newest orders, as one snapshot (bound LIMIT and OFFSET). */
function windowSql(shape: ListShape): SQL {
  const where = listWhere(shape) ?? sql`true`;
  // One aggregate per derived table: each scalar subquery over `window_rows` would walk to the
  // deep page again.
  return sql`select w.ids, w.first_at, h.head, h.top_at
    from (select coalesce(string_agg(id::text, ',' order by created_at desc, id desc), '') as ids,
          max(created_at)::text as first_at
        from (select ${orders.id}, ${orders.created_at} from ${orders} where ${where}
          order by ${NEWEST} limit ${p('limit')}::int offset ${p('offset')}::int) as window_rows) as w,
      (select coalesce(string_agg(id::text, ',' order by created_at desc, id desc), '') as head,
          max(created_at)::text as top_at
        from (select ${orders.id}, ${orders.created_at} from ${orders} where ${where}
          order by ${NEWEST} limit ${constant(WINDOW_HEAD)}) as head_rows) as h`;
}

/** The reads behind `GET /api/orders` for one list and page. */
export function listOrdersQueries(db: Db, scope: OrderListScope, query: ListOrdersQuery) {
  const list = bindList(scope, query);
  const { shape, values } = list;
  const run = (key: string, build: () => SQL, more: StatementValues) =>
    statements(db).run(`${list.key}|${key}`, build, { ...values, ...more });
  const keysOf = async (key: string, build: () => SQL, more: StatementValues) =>
    rowsOf<ListKey>(await run(key, build, more));

  const pageOffset = (query.page - 1) * query.per_page;
  const pageMerged = mergedFor(shape, pageOffset + query.per_page);
  // Page 1 with OFFSET 0 gets one generic plan; deeper pages bind theirs (one statement for all).
  const pageOffsetCount: Count = pageOffset === 0 ? 0 : 'bound';
  const pageIdsSql = () =>
    keysSql(shape, 'newest', query.per_page, pageOffsetCount, undefined, pageMerged);
  const totalMerged = mergedFor(shape, ORDER_COUNT_CAP + 1);
  // Never a full count per request on a big table: count up to the cap, say "more".
  const totalSql = () => sql`select count(*)::int as value
    from (${keysSql(shape, 'newest', ORDER_COUNT_CAP + 1, 0, undefined, totalMerged)}) as capped`;

  return {
    /** The page's statement and the total's, with their values bound (bench/orders-lists EXPLAIN). */
    explained: () => ({
      pageIds: withValues(pageIdsSql(), { ...values, offset: pageOffset }),
      total: withValues(totalSql(), values),
    }),
    /**
     * The page's ids only: the wire rows come from the serialised-row cache (dispatcher-board),
     * and the per-row lookups of orderColumns never run for the skipped rows of a deep page.
     */
    async pageIds(): Promise<number[]> {
      const key = `page:${query.per_page}:${pageOffsetCount}:${pageMerged}`;
      const rows = await keysOf(key, pageIdsSql, { offset: pageOffset });
      return rows.map((row) => row.id);
    },
    async total(): Promise<number> {
      const rows = rowsOf<{ value: number }>(await run('total', totalSql, {}));
      return rows[0]?.value ?? 0;
    },
    /** A deep page's window and the list's newest orders, in one snapshot (page-windows.ts). */
    async window(from: number, limit: number): Promise<WindowRead> {
      const [row] = rowsOf<{
        ids: string;
        first_at: string | null;
        head: string;
        top_at: string | null;
      }>(await run('window', () => windowSql(shape), { limit, offset: from }));
      const ids = parseIntList(row?.ids ?? '', limit).values;
      const headIds = Array.from(parseIntList(row?.head ?? '', WINDOW_HEAD).values);
      const keyOf = (id: number | undefined, at: string | null | undefined) =>
        id !== undefined && at != null ? { created_at: at, id } : null;
      return {
        from,
        ids,
        first: keyOf(ids[0], row?.first_at),
        top: keyOf(headIds[0], row?.top_at),
        head: headIds,
      };
    },
    /** The list's orders newer than `top`, newest first (page-windows.ts): one generic plan. */
    above(top: ListKey | null, limit: number): Promise<ListKey[]> {
      const merged = mergedFor(shape, limit);
      return keysOf(
        `above:${limit}:${top !== null}:${merged}`,
        () => keysSql(shape, 'newest', limit, 0, top ? newerThan('top') : undefined, merged),
        top ? { top_at: top.created_at, top_id: top.id } : {},
      );
    },
    /** The list's orders newer than `first` and not newer than `top`, nearest first. */
    between(first: ListKey, top: ListKey, limit: number): Promise<ListKey[]> {
      const merged = mergedFor(shape, limit);
      return keysOf(
        `between:${merged}`,
        () =>
          keysSql(
            shape,
            'oldest',
            'bound',
            0,
            and(newerThan('first'), sql`not ${newerThan('top')}`),
            merged,
          ),
        {
          limit,
          first_at: first.created_at,
          first_id: first.id,
          top_at: top.created_at,
          top_id: top.id,
        },
      );
    },
  };
}
