import type { Order } from '@common/orders/orders.schema';
import { useMemo } from 'react';
import { fKeysByOrder, liveLines } from './engine/lines';
import { useSoftphone } from './engine/use-softphone';

type CallState = NonNullable<Order['call']>['state'];

export interface OrderCallLines {
  /** 'F1'… for the orders of this softphone's live calls (Control column). */
  hotkeys: ReadonlyMap<number, string>;
  /** The call's state as this softphone knows it, ahead of the next list poll (SIP column). */
  states: ReadonlyMap<number, CallState>;
}

/**
 * The order list's view of the dispatcher's own calls: the F-key that toggles each one's hold
 * (the softphone's line numbering, not the row's position) and its live state.
 */
export function useOrderCallLines(): OrderCallLines {
  const { lines } = useSoftphone();
  return useMemo(() => {
    const states = new Map<number, CallState>();
    for (const line of liveLines(lines)) {
      if (line.orderId !== null)
        states.set(line.orderId, line.state === 'held' ? 'on_hold' : 'started');
    }
    return { hotkeys: fKeysByOrder(lines), states };
  }, [lines]);
}
