import {
  type DispatcherStatisticsSchema,
  ORDER_COUNT_CAP,
  type Order,
  type OrderListSchema,
  OrderSchema,
} from '@common/orders/orders.schema';
import { belongsToTab, TAB_IDS, type TabId } from '@common/orders/orders.tabs';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { Json } from '../../../http/route';
import { TaggedCache } from '../../../lib/tagged-cache';
import {
  type DispatcherTab,
  isClosedTab,
  liveCounts,
  ordersByIds,
  type TabIds,
  tabIds,
} from './dispatcher.repo';
import { companiesOf } from './list-tags';

export interface TabQuery {
  search?: string;
  page: number;
  perPage: number;
}

/**
 * Who reads a console: the companies he dispatches for, and the protocol companies whose orders
 * he follows (`billedTo`: a protocol client's console shows the rides billed to his company).
 */
export type ConsoleCaller = { userId: number; companyIds: number[]; billedTo?: number[] };
type Caller = ConsoleCaller;

/** What a change of an order made stale: its companies' tabs (and, for a new order, its place). */
export interface OrdersChange {
  order_id: number;
  /** The companies whose lists it is in now, and the protocol company it left (if it did). */
  company_ids: number[];
  tabs: TabId[];
  /** Set when the change placed a new order: its creation time (with the id, its place in newest-first lists). */
  created_at?: string;
}

const DATA_OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

/**
 * A string's UTF-8 bytes in memory of their own: Buffer.from puts small strings in a shared 8 kB
 * slab, and one cached row would keep its whole slab alive for minutes.
 */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/**
 * How long past its TTL a cached answer may still serve while it reloads. A minute: after a
 * quiet spell (or the benchmark's pauses) the first polls get the old answers and everything
 * reloads in the background, instead of every list and row loading at once in the request path.
 */
const STALE_FOR_MS = 60_000;
/**
 * An order's row lives this many times longer than a list (2 minutes by default, shortened by
 * up to half at random so rows loaded together do not reload together): every change of an order goes
 * through the change stream, which replaces its row on every node (orders-read-model.ts), so only what
 * the row embeds from elsewhere (a driver's, dispatcher's or client's name, a car) and direct
 * database edits wait for the TTL. Reloading the first pages of every tab each second cost
 * more CPU than anything else the polls did (bench/orders-lists).
 */
const ROW_TTL_FACTOR = 120;
/**
 * The closed tabs (Final, Anulat: orders closed in the last 24 h) live this many times longer
 * than the others. An order closes through the change stream, which drops them at once on
 * every node; untold, only an order leaving the 24 h window (seconds do not matter there) and
 * direct database edits wait for the TTL. They are the longest lists (a busy company's Final
 * holds thousands of orders) and were re-read every second per company, one of the two largest
 * costs of PGlite's one session at 1,000,000 orders (bench/orders-lists).
 */
const CLOSED_LIST_TTL_FACTOR = 10;

/**
 * The operator console's polled answers (tabs and counters, asked every few seconds) served from
 * short-lived shared caches (Caching): every dispatcher of a company asks for the same
 * tab lists every 3–10 s, so each tab's ordered ids are read once per company and each order's
 * wire row is validated and serialised once, then reused until it changes.
 *
 * Freshness: a change is visible on a node as soon as the node has read it from the change
 * stream (`orderChanged`; at once on the node that wrote it); anything else (a driver going
 * online, a direct database edit) within `ttlMs`.
 */
export type DriverCounts = (companyIds: readonly number[]) => {
  online: number;
  busy: number;
  free: number;
};

export function createDispatcherBoard({
  db,
  ttlMs,
  onReloadError,
  driverCounts,
}: {
  db: Db;
  ttlMs: number;
  /** Online, busy and free drivers of these companies, from the live driver index. */
  driverCounts: DriverCounts;
  /** A background reload failed (the stale copy goes on answering for up to a minute). */
  onReloadError?: (error: unknown) => void;
}) {
  // Bounded memory: a list is at most ORDER_COUNT_CAP ids (80 kB), a row ~1.5 kB of JSON, so
  // at most ~80 MB and ~30 MB; expired entries go first when a cache is full. Past its TTL an
  // entry answers while one reload runs (`staleForMs`): a poll never waits for a mere refresh,
  // only for a change it must see.
  // Jitter: entries loaded together must not all reload in the same instant.
  const caching = {
    ttlMs,
    staleForMs: ttlMs > 0 ? STALE_FOR_MS : 0,
    ttlJitter: 0.25,
    ...(onReloadError ? { onReloadError } : {}),
  };
  const openLists = new TaggedCache<string, TabIds>({ ...caching, maxEntries: 1_000 });
  const closedLists = new TaggedCache<string, TabIds>({
    ...caching,
    ttlMs: ttlMs * CLOSED_LIST_TTL_FACTOR,
    maxEntries: 1_000,
  });
  const listsOf = (tab: DispatcherTab) => (isClosedTab(tab) ? closedLists : openLists);
  const rows = new TaggedCache<number, Buffer>({
    ...caching,
    ttlMs: ttlMs * ROW_TTL_FACTOR,
    ttlJitter: 0.5,
    maxEntries: 20_000,
    // Rows come due by the thousand after a quiet spell: reload them a page or two at a time.
    maxReloadsInFlight: 2,
  });
  const live = new TaggedCache<string, { orders_24h: number; canceled_24h: number }>({
    ...caching,
    maxEntries: 1_000,
  });

  const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');
  const scopeKey = ({ companyIds, billedTo = [] }: Caller) =>
    billedTo.length === 0 ? sorted(companyIds) : `${sorted(companyIds)}/b${sorted(billedTo)}`;
  /**
   * `c7:live` is every list of company 7's live tab; `c7:live:all` the unsearched ones (a new
   * order is inserted into those) and `c7:live:search` the searched ones (dropped instead).
   */
  // A protocol company's lists (by the orders billed to it) are `b9:live`, apart from the lists
  // of the companies that dispatch.
  const callerTags = ({ companyIds, billedTo = [] }: Caller, suffix: string) => [
    ...companyIds.map((id) => `c${id}:${suffix}`),
    ...billedTo.map((id) => `b${id}:${suffix}`),
  ];
  const tabTags = (caller: Caller, tabs: readonly DispatcherTab[]) =>
    tabs.flatMap((tab) => callerTags(caller, tab));
  const listTags = (caller: Caller, tab: DispatcherTab, searched: boolean) => [
    ...tabTags(caller, [tab]),
    ...callerTags(caller, `${tab}:${searched ? 'search' : 'all'}`),
  ];
  const statsTags = (caller: Caller) => [
    ...tabTags(caller, TAB_IDS),
    ...callerTags(caller, 'stats'),
  ];
  /** What a change of these companies' orders touches, on either side. */
  const changedTags = (companyIds: readonly number[], tabs: readonly DispatcherTab[]) =>
    tabTags({ userId: 0, companyIds: [...companyIds], billedTo: [...companyIds] }, tabs);
  const rowTag = (id: number) => [`order:${id}`];

  const idsOf = (caller: Caller, tab: DispatcherTab, search?: string) =>
    listsOf(tab).get(
      `${scopeKey(caller)}|${tab}|${search ?? ''}`,
      listTags(caller, tab, search !== undefined),
      () => tabIds(db, { tab, companyIds: caller.companyIds, billedTo: caller.billedTo, search }),
    );

  // Validated against the contract once, like the route serialiser would on every request, and
  // kept as UTF-8 bytes: a page is then a copy of its rows' bytes (`page`).
  const serialise = (order: Order) => ownBytes(JSON.stringify(z.encode(OrderSchema, order)));
  const serialisedRows = (ids: number[]) =>
    rows.getMany(ids, rowTag, async (missing) => {
      const found = await ordersByIds(db, missing);
      return new Map(found.map((order) => [order.id, serialise(order)]));
    });

  /** GET /api/dispatcher-orders/{tab}: own orders first, then the newest. */
  async function tab(
    caller: Caller,
    name: DispatcherTab,
    query: TabQuery,
  ): Promise<Json<z.output<typeof OrderListSchema>>> {
    const list = await idsOf(caller, name, query.search || undefined);
    const ids = ownFirstPage(list, caller.userId, query.page, query.perPage);
    return page(ids, {
      total: list.ids.length,
      page: query.page,
      per_page: query.perPage,
      ...(list.capped ? { total_capped: true } : {}),
    });
  }

  /**
   * A page of orders by id, in that order, from the serialised rows (also the pages of
   * GET /api/orders: a row placed a moment ago is already here, so page 1 reads no orders).
   */
  async function page(
    ids: number[],
    meta: z.output<typeof OrderListSchema>['meta'],
  ): Promise<Json<z.output<typeof OrderListSchema>>> {
    const found = await serialisedRows(ids);
    const parts: Buffer[] = [DATA_OPEN];
    for (const id of ids) {
      const json = found.get(id);
      if (json === undefined) continue;
      if (parts.length > 1) parts.push(COMMA);
      parts.push(json);
    }
    parts.push(Buffer.from(`],"meta":${JSON.stringify(meta)}}`));
    return new Json(parts);
  }

  /**
   * Loads the rows of orders a page will show soon (a deep page of GET /api/orders moving up as
   * orders are placed above it) in the background, so that its requests find them here.
   */
  function warm(ids: number[]): void {
    if (ids.length === 0) return;
    serialisedRows(ids).catch((error: unknown) => onReloadError?.(error));
  }

  /** The four tab counters: the sizes of the very lists the tabs show. */
  async function statistics(caller: Caller): Promise<z.output<typeof DispatcherStatisticsSchema>> {
    const [inCall, liveTab, finished, canceled] = await Promise.all(
      TAB_IDS.map((name) => idsOf(caller, name)),
    );
    return {
      in_call: inCall?.ids.length ?? 0,
      live: liveTab?.ids.length ?? 0,
      finished: finished?.ids.length ?? 0,
      canceled: canceled?.ids.length ?? 0,
    };
  }

  /** Top bar statistics (orders and cancellations of 24 h, drivers online/busy/free). */
  const liveStatistics = async (caller: Caller) => {
    const orderCounts = await live.get(scopeKey(caller), statsTags(caller), () =>
      liveCounts(db, caller.companyIds, caller.billedTo),
    );
    // The drivers' figures are the live index's, the same state the map shows.
    const drivers = driverCounts(caller.companyIds);
    return {
      ...orderCounts,
      drivers_online: drivers.online,
      drivers_busy: drivers.busy,
      drivers_free: drivers.free,
    };
  };

  /** The change's tabs (and the counts built from them) are read again at the next poll. */
  function dropTabs(change: OrdersChange) {
    const tags = changedTags(change.company_ids, change.tabs);
    openLists.invalidate(tags);
    closedLists.invalidate(tags);
    live.invalidate(tags);
  }

  /**
   * A new order, as the wire has it. In the dispatching company's lists the order goes first in
   * its unsearched tabs (it is the newest; the next reload puts two orders placed in the same
   * millisecond in the database's order), a searched list is read again, and the top bar counts
   * one more order of the last 24 h. The lists of the protocol company it is billed to (few,
   * short) are read again.
   */
  function orderCreated(order: Order) {
    const company = order.processed_by_company_id;
    const tabs = tabsOfNew(order);
    for (const tab of tabs) {
      listsOf(tab).revise(`c${company}:${tab}:all`, (list) => withNewest(list, order));
      listsOf(tab).invalidate([`c${company}:${tab}:search`]);
    }
    live.revise(`c${company}:stats`, (counts) => ({
      ...counts,
      orders_24h: counts.orders_24h + 1,
    }));
    if (order.protocol_user === null) return;
    const billed = { userId: 0, companyIds: [], billedTo: [order.protocol_user.id] };
    for (const tab of tabs) listsOf(tab).invalidate(tabTags(billed, [tab]));
    live.invalidate(callerTags(billed, 'stats'));
  }

  /**
   * An order was created or changed (the change stream tells every node): its wire row is kept
   * as it is now, and the lists it may have entered or left are brought up to date (a change may
   * have taken it out of any tab, so those are read again, and so are those of the protocol
   * company `left` if the change billed it elsewhere). The change is returned for the read
   * model's other lists (orders-read-model.ts).
   */
  function orderChanged(
    order: Order,
    kind: 'created' | 'changed',
    left: number | null = null,
  ): OrdersChange {
    const change: OrdersChange = {
      order_id: order.id,
      company_ids: [...new Set([...companiesOf(order), ...(left === null ? [] : [left])])],
      tabs: kind === 'created' ? tabsOfNew(order) : [...TAB_IDS],
      ...(kind === 'created' ? { created_at: order.created_at } : {}),
    };
    rows.set(order.id, rowTag(order.id), serialise(order));
    if (kind === 'created') orderCreated(order);
    else dropTabs(change);
    return change;
  }

  function clear() {
    openLists.clear();
    closedLists.clear();
    rows.clear();
    live.clear();
  }

  return {
    tab,
    page,
    warm,
    statistics,
    liveStatistics,
    orderChanged,
    clear,
  };
}

export type DispatcherBoard = ReturnType<typeof createDispatcherBoard>;

/** A list with a new order first (unless a load already read it), still within the cap. */
export function withNewest(list: TabIds, order: Pick<Order, 'id' | 'dispatcher_id'>): TabIds {
  if (list.ids.includes(order.id)) return list;
  const size = Math.min(list.ids.length + 1, ORDER_COUNT_CAP);
  const ids = new Int32Array(size);
  const dispatcherIds = new Int32Array(size);
  ids[0] = order.id;
  dispatcherIds[0] = order.dispatcher_id ?? 0;
  ids.set(list.ids.subarray(0, size - 1), 1);
  dispatcherIds.set(list.dispatcherIds.subarray(0, size - 1), 1);
  return { ids, dispatcherIds, capped: list.capped || list.ids.length >= ORDER_COUNT_CAP };
}

/** The tabs a new order appears in (a draft kept in a call is in 'In apel' only). */
export const tabsOfNew = (order: Pick<Order, 'state' | 'always_in_call' | 'call'>) =>
  TAB_IDS.filter((tab) => belongsToTab(order, tab));

/**
 * Where each dispatcher's orders are in a list, built once per list on first use and kept on
 * the list itself (a WeakMap of lists made every major GC walk thousands of ephemerons).
 */
function ownPositions(list: TabIds, userId: number): number[] {
  let byDispatcher = list.positions;
  if (!byDispatcher) {
    byDispatcher = new Map();
    for (let i = 0; i < list.dispatcherIds.length; i++) {
      const dispatcher = list.dispatcherIds[i] as number;
      const positions = byDispatcher.get(dispatcher);
      if (positions) positions.push(i);
      else byDispatcher.set(dispatcher, [i]);
    }
    list.positions = byDispatcher;
  }
  return byDispatcher.get(userId) ?? [];
}

/**
 * The ids of one page when the caller's own orders come first, each group newest first. Every
 * dispatcher polls page 1 of lists thousands long: the own orders come from a per-list index,
 * so a page costs its own length, not the list's.
 */
export function ownFirstPage(list: TabIds, userId: number, page: number, perPage: number) {
  const start = (page - 1) * perPage;
  const own = ownPositions(list, userId);
  const out: number[] = [];
  for (let k = start; k < own.length && out.length < perPage; k++) {
    out.push(list.ids[own[k] as number] as number);
  }
  let skip = Math.max(0, start - own.length);
  for (let i = 0; i < list.ids.length && out.length < perPage; i++) {
    if (list.dispatcherIds[i] === userId) continue;
    if (skip > 0) skip--;
    else out.push(list.ids[i] as number);
  }
  return out;
}
