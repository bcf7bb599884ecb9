import { type ListOrdersQuery, ORDER_COUNT_CAP, type Order } from '@common/orders/orders.schema';
import type { Db } from '../../../db/client';
import type { DispatcherTab } from './dispatcher.repo';
import {
  type ConsoleCaller,
  createDispatcherBoard,
  type DriverCounts,
  type TabQuery,
} from './dispatcher-board';
import { createListHeads } from './list-heads';
import type { OrderListScope } from './list-keys';
import { listTags } from './list-tags';
import { createListTotals } from './list-totals';
import { listMatcher } from './order-list.match';
import { listOrdersQueries } from './order-list.repo';
import { createPageWindows } from './page-windows';

/**
 * How long a deep page's window of GET /api/orders is kept at most: every change reaches it
 * through the change stream at once, on every node; only direct database edits wait this long.
 */
const WINDOW_TTL_MS = 30_000;
/**
 * How long page 1 of a GET /api/orders list is kept at most (list-heads.ts): every change
 * updates it at once; only direct database edits wait this long. Lists are polled every 3–15 s.
 */
const HEAD_TTL_MS = 5_000;

/**
 * The orders as the consoles read them (Caching), behind one interface: the tabs and
 * their counters (dispatcher-board.ts), page 1 of GET /api/orders (list-heads.ts), its deep
 * pages (page-windows.ts) and totals (list-totals.ts). It learns of changes from the change
 * stream only (change-stream/order-feed.ts: `apply`, `reset`), the same way on every node, so
 * what one node shows another shows too once it has read the same change number.
 */
export function createOrdersReadModel({
  db,
  ttlMs,
  onReloadError,
  driverCounts,
}: {
  db: Db;
  /** The operator top bar's drivers figures (the live driver index). */
  driverCounts: DriverCounts;
  /** How long a tab list lives untold (CONSOLE_CACHE_MS); 0 reads every request fresh. */
  ttlMs: number;
  /** A background reload failed (the previous copy answers meanwhile). */
  onReloadError: (error: unknown, what: string) => void;
}) {
  const board = createDispatcherBoard({
    db,
    ttlMs,
    onReloadError: (error) => onReloadError(error, 'a console list'),
    driverCounts,
  });
  const totals = createListTotals();
  const windows = createPageWindows({
    ttlMs: WINDOW_TTL_MS,
    ahead: board.warm,
    onRefreshError: (error) => onReloadError(error, 'a deep page window of GET /api/orders'),
  });
  const heads = createListHeads({
    ttlMs: HEAD_TTL_MS,
    onReloadError: (error) => onReloadError(error, 'the first page of GET /api/orders'),
  });

  /**
   * An order as it is after change `kind` (read from the database by the stream's reader);
   * `left`: the protocol company the change stopped billing it to, whose lists lose it.
   */
  function apply(order: Order, kind: 'created' | 'changed', left: number | null = null): void {
    const change = board.orderChanged(order, kind, left);
    totals.companiesChanged(change.company_ids, kind === 'created');
    windows.changed(
      change.company_ids,
      kind === 'created' ? { created_at: order.created_at, id: order.id } : undefined,
      order,
    );
    heads.followed(order);
  }

  /** Everything is read again: a bulk load, or a reader further behind than the stream keeps. */
  function reset(): void {
    board.clear();
    heads.clear();
    windows.clear();
    totals.clear();
  }

  /** A page of GET /api/orders for a scope (the caller's companies, or all for an administrator). */
  async function list(scope: OrderListScope, query: ListOrdersQuery) {
    const statements = listOrdersQueries(db, scope, query);
    const key = {
      key: JSON.stringify([scope, query]),
      tags: listTags(scope),
      offset: (query.page - 1) * query.per_page,
      limit: query.per_page,
    };
    const matcher = () => listMatcher(scope, query);
    const [ids, counted] = await Promise.all([
      key.offset === 0
        ? heads.page(key, matcher, (count) => statements.above(null, count))
        : windows.page(key, statements, statements.pageIds, matcher),
      totals.count(scope, query, statements.total),
    ]);
    return board.page(ids, {
      total: Math.min(counted, ORDER_COUNT_CAP),
      page: query.page,
      per_page: query.per_page,
      ...(counted > ORDER_COUNT_CAP ? { total_capped: true } : {}),
    });
  }

  return {
    /** GET /api/dispatcher-orders/{tab}. */
    tab: (caller: ConsoleCaller, tab: DispatcherTab, query: TabQuery) =>
      board.tab(caller, tab, query),
    /** The four tab counters. */
    statistics: (caller: ConsoleCaller) => board.statistics(caller),
    /** The top bar's counts. */
    liveStatistics: (caller: ConsoleCaller) => board.liveStatistics(caller),
    list,
    apply,
    reset,
  };
}

export type OrdersReadModel = ReturnType<typeof createOrdersReadModel>;
