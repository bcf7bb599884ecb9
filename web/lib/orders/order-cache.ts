import type { Order } from '@common/orders/orders.schema';
import { belongsToTab, isTabId } from '@common/orders/orders.tabs';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { orderKeys } from './order-keys';

export interface OrderPage {
  data: Order[];
  meta: { total: number; page: number; per_page: number };
}

const isOrderPage = (value: unknown): value is OrderPage =>
  typeof value === 'object' && value !== null && 'data' in value && Array.isArray(value.data);

/**
 * The highest change number applied per order, per query cache: a push carries its
 * number in the orders' change stream, so a late, older copy (two nodes, a catch-up racing a
 * push) is dropped even within the same second of updated_at.
 */
const appliedSeqs = new WeakMap<QueryClient, Map<number, number>>();

/** Whether a pushed copy is older than one applied already; records it when it is not. */
function olderThanApplied(queryClient: QueryClient, orderId: number, seq: number): boolean {
  let seqs = appliedSeqs.get(queryClient);
  if (!seqs) {
    seqs = new Map();
    appliedSeqs.set(queryClient, seqs);
  }
  if ((seqs.get(orderId) ?? 0) >= seq) return true;
  seqs.set(orderId, seq);
  return false;
}

/** A mutation's answer carries no change number: updated_at keeps a late, older copy out. */
export const isStale = (
  incoming: Pick<Order, 'updated_at'>,
  current: Pick<Order, 'updated_at'> | undefined,
) => current !== undefined && current.updated_at > incoming.updated_at;

/**
 * Writes a changed order into the cache (a socket push or a mutation's answer):
 * - the order itself;
 * - every tab list holding it: replaced in place, or dropped when it left the tab;
 * - a tab it newly belongs to, and the counters, are refetched (the server owns their order,
 *   paging and the 24 h window; the tabs' polls stay as the safety net);
 * - the GET /api/orders lists holding it: replaced in place;
 * - its history (processing history, Timeline tab): refetched where shown, since every change
 *   adds an entry there and the pushed order does not carry them.
 */
export function applyOrderUpdate(queryClient: QueryClient, order: Order, seq?: number): void {
  if (seq !== undefined && olderThanApplied(queryClient, order.id, seq)) return;
  const current = queryClient.getQueryData<Order>(orderKeys.detail(order.id));
  if (isStale(order, current)) return;
  queryClient.setQueryData(orderKeys.detail(order.id), order);

  const refetch: QueryKey[] = [];
  for (const [key, page] of queryClient.getQueriesData<OrderPage>({ queryKey: orderKeys.tabs })) {
    if (!isOrderPage(page)) continue;
    const tab = key[2];
    if (!isTabId(tab)) continue;
    const index = page.data.findIndex((o) => o.id === order.id);
    const belongs = belongsToTab(order, tab);
    if (index >= 0) {
      const existing = page.data[index];
      if (existing && isStale(order, existing)) continue;
      if (belongs) {
        queryClient.setQueryData<OrderPage>(key, {
          ...page,
          data: page.data.map((o) => (o.id === order.id ? order : o)),
        });
      } else {
        queryClient.setQueryData<OrderPage>(key, {
          ...page,
          data: page.data.filter((o) => o.id !== order.id),
          meta: { ...page.meta, total: Math.max(0, page.meta.total - 1) },
        });
      }
    } else if (belongs) {
      refetch.push(key);
    }
  }

  for (const [key, page] of queryClient.getQueriesData<OrderPage>({ queryKey: orderKeys.lists })) {
    if (!isOrderPage(page) || !page.data.some((o) => o.id === order.id)) continue;
    queryClient.setQueryData<OrderPage>(key, {
      ...page,
      data: page.data.map((o) => (o.id === order.id && !isStale(order, o) ? order : o)),
    });
  }

  for (const key of refetch) void queryClient.invalidateQueries({ queryKey: key, exact: true });
  void queryClient.invalidateQueries({ queryKey: orderKeys.statistics });
  void queryClient.invalidateQueries({ queryKey: orderKeys.history(order.id), exact: true });
}

/**
 * After a write whose answer is not the order (duplicate, a new order), or when the server
 * says it could not tell every change (orders_reset): refetch the lists.
 */
export function invalidateOrderLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: orderKeys.tabs });
  void queryClient.invalidateQueries({ queryKey: orderKeys.lists });
  void queryClient.invalidateQueries({ queryKey: orderKeys.statistics });
}
