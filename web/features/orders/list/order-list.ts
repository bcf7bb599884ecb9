import type { Order } from '@common/orders/orders.schema';

/** Addresses of 70 characters or more are cut to 55 in the list. */
export const ADDRESS_TRUNCATE_FROM = 70;
export const ADDRESS_TRUNCATE_TO = 55;

export function truncateAddress(address: string): string {
  return address.length >= ADDRESS_TRUNCATE_FROM
    ? `${address.slice(0, ADDRESS_TRUNCATE_TO)}…`
    : address;
}

/** Own orders (dispatcher_id is the logged user) first; otherwise the server's order. */
export function ownFirst<T extends Pick<Order, 'dispatcher_id'>>(
  orders: readonly T[],
  userId: number,
): T[] {
  const own = orders.filter((o) => o.dispatcher_id === userId);
  const others = orders.filter((o) => o.dispatcher_id !== userId);
  return [...own, ...others];
}

/**
 * 'Please enter address' is a prompt: only an open order of the in-call tab (the call in
 * which its address is being taken) asks for one. Any other row without an address just says
 * so with the empty state 'Adresă nespecificată.' (nothing can be entered there).
 */
export const asksForAddress = (order: Pick<Order, 'state'>, inCallTab: boolean): boolean =>
  inCallTab && order.state !== 'finished' && order.state !== 'canceled';

/** The client's name as lists show it. */
export const clientName = (order: Pick<Order, 'client_name' | 'name' | 'client'>): string =>
  order.client_name ?? order.name ?? order.client?.name ?? '';
