import { LIVE_STATES } from './orders.rules';
import type { Order } from './orders.schema';

/** The four dispatcher tabs, by their API names. */
export const TAB_IDS = ['in-call', 'live', 'finished', 'canceled'] as const;
export type TabId = (typeof TAB_IDS)[number];

export const isTabId = (value: unknown): value is TabId =>
  typeof value === 'string' && (TAB_IDS as readonly string[]).includes(value);

/** An active call: started or on hold (an ended call no longer keeps the order in the tab). */
export const hasActiveCall = (order: Pick<Order, 'call'>) =>
  order.call !== null && order.call.state !== 'ended';

/**
 * Whether an order belongs to a tab, as the server's tab queries decide it (the finished and
 * canceled tabs also bound to the last 24 h, which a just-changed order always is). The web
 * patches its cached lists with it; the server decides which cached tabs a new order touches.
 */
export function belongsToTab(
  order: Pick<Order, 'state' | 'always_in_call' | 'call'>,
  tab: TabId,
): boolean {
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
