import { fromUtcString } from '@common/lib/dates';
import type { Order } from '@common/orders/orders.schema';
import { formatDateTime, minutesSince } from '../../../lib/dates';
import {
  ORDER_STATE_COLORS,
  ORDER_STATE_LABELS,
  TRIP_STATE_LABELS,
} from '../../../lib/orders/labels';

/**
 * A departure this far ahead is a booking, not an order for now (the forms send the minute
 * they were filled in).
 */
export const BOOKING_AHEAD_MS = 5 * 60_000;

export type StatusFacts = Pick<
  Order,
  | 'state'
  | 'trip_state'
  | 'departure_time'
  | 'assigned_at'
  | 'arrived_at'
  | 'trip_started_at'
  | 'in_pending_queue'
>;

export interface RowStatus {
  /** What the row is: the state's label, the trip's phase, or 'Rezervare'. */
  label: string;
  color: string;
  /** Minutes in the trip's phase; null when it has no clock (a finished order has none). */
  minutes: number | null;
  /** When the trip's phase began (stored UTC). */
  since: string | null;
  /** The whole story for the hover: since when, for when. */
  title: string;
  /** Only on the way to the client does the driver's announced waiting time still mean something. */
  showsWaitingTime: boolean;
  /** Orange and filled: an order waiting in the pending queue. */
  alert: boolean;
  /** The search for a driver runs now (a booking's starts later). */
  searching: boolean;
}

/** An order not yet under way whose departure is still ahead. */
export function isBooking(order: Pick<Order, 'state' | 'departure_time'>, now: number): boolean {
  if (order.state === 'finished' || order.state === 'canceled') return false;
  const departure = fromUtcString(order.departure_time).getTime();
  return Number.isFinite(departure) && departure - now > BOOKING_AHEAD_MS;
}

/** The trip's phase of an assigned order, with the time it began (assigned_at on the way). */
function tripPhase(order: StatusFacts): { label: string; since: string | null } {
  switch (order.trip_state) {
    case 'waiting_client':
      return { label: TRIP_STATE_LABELS.waiting_client, since: order.arrived_at };
    case 'started':
      return { label: TRIP_STATE_LABELS.started, since: order.trip_started_at };
    default:
      return { label: TRIP_STATE_LABELS.waiting_driver, since: order.assigned_at };
  }
}

/** What a row of the order list says of its order's state, now. */
export function rowStatus(order: StatusFacts, now: number = Date.now()): RowStatus {
  const plain = {
    label: ORDER_STATE_LABELS[order.state],
    color: ORDER_STATE_COLORS[order.state],
    minutes: null,
    since: null,
    title: ORDER_STATE_LABELS[order.state],
    showsWaitingTime: false,
    alert: false,
    searching: order.state === 'created',
  };
  if (order.state === 'assigned' && !isBooking(order, now)) {
    const phase = tripPhase(order);
    return {
      ...plain,
      label: phase.label,
      minutes: phase.since ? minutesSince(phase.since, now) : null,
      since: phase.since,
      title: phase.since ? `${phase.label} din ${formatDateTime(phase.since)}` : phase.label,
      showsWaitingTime: order.trip_state === null || order.trip_state === 'waiting_driver',
    };
  }
  if (isBooking(order, now)) {
    return {
      ...plain,
      label: 'Rezervare',
      color: 'violet',
      title: `Rezervare pentru ${formatDateTime(order.departure_time)} · ${plain.label}`,
      showsWaitingTime: order.state === 'assigned',
      searching: false,
    };
  }
  if (order.state === 'pending' && order.in_pending_queue)
    return { ...plain, title: 'În coada de așteptare', alert: true };
  return plain;
}
