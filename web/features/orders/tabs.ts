import {
  listCanceledOrders,
  listFinishedOrders,
  listInCallOrders,
  listLiveOrders,
} from '@common/orders/orders.api';
import { LIVE_STATES } from '@common/orders/orders.rules';
import type { Order } from '@common/orders/orders.schema';

export const TAB_IDS = ['in-call', 'live', 'finished', 'canceled'] as const;
export type TabId = (typeof TAB_IDS)[number];

export const isTabId = (value: unknown): value is TabId =>
  typeof value === 'string' && (TAB_IDS as readonly string[]).includes(value);

/** SPEC §2 the four tabs: sidebar name, list title, statistics key, SPEC §9 polling interval. */
export const TABS = {
  'in-call': {
    id: 'in-call',
    label: 'Live',
    title: 'In apel',
    statKey: 'in_call',
    endpoint: listInCallOrders,
    pollMs: 3000,
    empty: 'Bravo, nu ai niciun client în așteptare!',
  },
  live: {
    id: 'live',
    label: 'Confirmate',
    title: 'Confirmate',
    statKey: 'live',
    endpoint: listLiveOrders,
    pollMs: 10_000,
    empty: 'Nimic de afișat.',
  },
  finished: {
    id: 'finished',
    label: 'Final',
    title: 'Finalizate',
    statKey: 'finished',
    endpoint: listFinishedOrders,
    pollMs: 10_000,
    empty: 'Nimic de afișat.',
  },
  canceled: {
    id: 'canceled',
    label: 'Anulat',
    title: 'Anulate',
    statKey: 'canceled',
    endpoint: listCanceledOrders,
    pollMs: 10_000,
    empty: 'Nimic de afișat.',
  },
} as const;

/** SPEC §9 counters refresh every 15 s. */
export const STATISTICS_POLL_MS = 15_000;

/** An active call: started or on hold (an ended call no longer keeps the order in the tab). */
export const hasActiveCall = (order: Pick<Order, 'call'>) =>
  order.call !== null && order.call.state !== 'ended';

/**
 * Whether an order belongs to a tab, as the server decides it (the finished and canceled tabs
 * also bound to the last 24 h, which a just-changed order always is).
 */
export function belongsToTab(order: Order, tab: TabId): boolean {
  switch (tab) {
    case 'in-call':
      return order.always_in_call || hasActiveCall(order);
    case 'live':
      return LIVE_STATES.includes(order.state);
    case 'finished':
      return order.state === 'finished';
    case 'canceled':
      return order.state === 'canceled';
  }
}
