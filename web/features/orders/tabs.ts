import {
  listCanceledOrders,
  listFinishedOrders,
  listInCallOrders,
  listLiveOrders,
} from '@common/orders/orders.api';

export {
  belongsToTab,
  hasActiveCall,
  isTabId,
  TAB_IDS,
  type TabId,
} from '@common/orders/orders.tabs';

/** The four tabs: sidebar name, list title, statistics key, polling interval. */
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

/** Counters refresh every 15 s. */
export const STATISTICS_POLL_MS = 15_000;
