import type { CostSource } from '@common/money/tariffs.schema';
import type { DispatcherCancelReason, Order, OrderState } from '@common/orders/orders.schema';

export {
  ORDER_STATE_LABELS,
  PAYMENT_TYPE_LABELS,
  TRIP_STATE_LABELS,
} from '@common/orders/orders.rules';

/** Badge colours per state: calm greys and blues, colour only where it means something. */
export const ORDER_STATE_COLORS: Record<OrderState, string> = {
  new: 'gray',
  created: 'ogo',
  pending: 'orange',
  assigned: 'teal',
  finished: 'green',
  canceled: 'red',
};

/** How an order's cost was made, a word beside the amount. */
export const COST_SOURCE_LABELS: Record<CostSource, string> = {
  estimate: 'estimat',
  fixed: 'preț fix',
  zone: 'zonă',
  meter: 'taxat',
  taximeter: 'taximetru',
  corrected: 'corectat',
};

export const SOURCE_LABELS: Record<Order['source'], string> = {
  from_call: 'Apel',
  from_app: 'Aplicație',
};

export const CANCELLATION_LABELS: Record<NonNullable<Order['cancellation_reason_type']>, string> = {
  dispatcher_canceled: 'Anulată de dispecer',
  no_drivers_found: 'Șoferii nu au fost găsiți',
  driver_canceled: 'Anulată de șofer',
  call_ended: 'Apel încheiat',
  client_canceled: 'Anulată de client',
  client_unreachable: 'Clientul nu răspunde',
  duplicate_order: 'Comandă dublă',
  driver_late: 'Șoferul întârzie',
};

/** The dispatcher's cancel reasons as the cancel prompt lists them. */
export const CANCEL_REASON_LABELS: Record<DispatcherCancelReason, string> = {
  client_canceled: 'Clientul a renunțat',
  client_unreachable: 'Clientul nu răspunde',
  duplicate_order: 'Comandă dublă',
  driver_late: 'Șoferul întârzie',
  dispatcher_canceled: 'Alt motiv',
};

export const CALL_STATE_LABELS: Record<NonNullable<Order['call']>['state'], string> = {
  started: 'În apel',
  on_hold: 'În așteptare',
  ended: 'Încheiat',
};

/** Order history types as the server writes them; unknown types show as they come. */
export const HISTORY_TYPE_LABELS: Record<string, string> = {
  created: 'Creată',
  placed: 'Plasată',
  updated: 'Modificată',
  name_updated: 'Nume client modificat',
  place_updated: 'Adresă modificată',
  canceled: 'Anulată',
  retried: 'Retrimisă',
  moved_to_pending: 'Mutată în coadă',
  assigned: 'Alocată',
  manually_assigned: 'Alocată manual',
  finished: 'Finalizată',
  duplicated: 'Dublată',
  duplicate_created: 'Dublată într-o comandă nouă',
  draft_saved: 'Salvată ca ciornă',
  always_in_call_removed: 'Scoasă din apel',
  // The dispatch engine and the driver's trip.
  no_drivers_found: 'Șoferii nu au fost găsiți',
  driver_arrived: 'Șofer sosit la client',
  trip_started: 'Cursă începută',
  driver_canceled: 'Anulată de șofer',
  driver_set_and_finished: 'Șofer ales manual, finalizată',
  drivers_notified: 'Trimisă șoferilor aleși',
  // Money.
  fare_corrected: 'Tarif corectat',
};

/** The product flavour (packages): taxi says 'Șofer', courier and restaurant 'Curier'. */
export type Flavour = 'taxi' | 'delivery';

export const FLAVOUR_LABELS: Record<Flavour, { driver: string; drivers: string }> = {
  taxi: { driver: 'Șofer', drivers: 'Șoferi' },
  delivery: { driver: 'Curier', drivers: 'Curieri' },
};

/**
 * A driver cancellation's text holds the driver id and the reason joined by '~':
 * show the reason only.
 */
export function cancellationText(
  order: Pick<Order, 'cancellation_reason_type' | 'cancellation_reason_text'>,
): string | null {
  const type = order.cancellation_reason_type;
  const text = order.cancellation_reason_text?.trim() || null;
  if (type === 'driver_canceled' && text?.includes('~')) {
    const reason = text.split('~').slice(1).join('~').trim();
    return reason
      ? `${CANCELLATION_LABELS.driver_canceled}: ${reason}`
      : CANCELLATION_LABELS.driver_canceled;
  }
  // A reason picked from the list says what it is, and its text adds to it.
  if (type && type !== 'dispatcher_canceled' && type in CANCEL_REASON_LABELS && text)
    return `${CANCELLATION_LABELS[type]}: ${text}`;
  if (text) return text;
  return type ? CANCELLATION_LABELS[type] : null;
}

/** The address the list shows: the order's address, else its first place. */
export const orderAddress = (order: Pick<Order, 'address' | 'places'>): string =>
  (order.address ?? order.places[0]?.name ?? '').trim();
