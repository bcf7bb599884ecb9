import type { Order, OrderState, PaymentType } from './orders.schema';

/**
 * The order state machine of SPEC §4 as pure rules: the server enforces them (409 when a rule
 * refuses), the web uses them to decide which buttons show.
 */
type OrderFacts = Pick<
  Order,
  'state' | 'dispatcher_id' | 'driver_id' | 'in_pending_queue' | 'always_in_call'
>;

/** States whose orders are still being worked on (the 'Confirmate' tab). */
export const LIVE_STATES: readonly OrderState[] = ['created', 'pending', 'assigned'];

/** SPEC §4: a new order is editable; any other only through the comment/name/address toggle. */
export const isEditable = (order: Pick<Order, 'state'>) => order.state === 'new';

/** SPEC §4: cancel only in created or assigned. */
export const canCancel = (order: Pick<Order, 'state'>) =>
  order.state === 'created' || order.state === 'assigned';

/** SPEC §4/§6: retry only for canceled or pending orders, and only the dispatcher's own. */
export const canRetry = (order: Pick<Order, 'state' | 'dispatcher_id'>, userId: number) =>
  (order.state === 'canceled' || order.state === 'pending') && order.dispatcher_id === userId;

/** SPEC §4: manual assignment only in canceled or pending, with no driver. */
export const canAssignManually = (order: Pick<Order, 'state' | 'driver_id'>) =>
  (order.state === 'canceled' || order.state === 'pending') && order.driver_id === null;

/** SPEC §4: own orders, pending or created, not yet in the queue. */
export const canMoveToPending = (order: OrderFacts, userId: number) =>
  order.dispatcher_id === userId &&
  (order.state === 'pending' || order.state === 'created') &&
  !order.in_pending_queue;

/** SPEC §4: duplicate any order that is not new. */
export const canDuplicate = (order: Pick<Order, 'state'>) => order.state !== 'new';

/** SPEC §4: removing always_in_call sets it false; only meaningful when it is set. */
export const canRemoveAlwaysInCall = (order: Pick<Order, 'always_in_call'>) => order.always_in_call;

/** SPEC §4: the form's payment toggle goes between cash and protocol. */
export const togglePaymentType = (current: PaymentType): PaymentType =>
  current === 'protocol' ? 'cash' : 'protocol';

/** Messages of refused transitions (409), one per rule. */
export const REFUSALS = {
  cancel: 'Comanda poate fi anulată doar cât timp se caută șofer sau este alocată.',
  retry: 'Doar comenzile proprii anulate sau în așteptare pot fi retrimise.',
  assign:
    'Șoferul poate fi ales manual doar pentru o comandă anulată sau în așteptare, fără șofer.',
  moveToPending:
    'Doar comenzile proprii create sau în așteptare, încă neintrate în coadă, pot fi mutate în coadă.',
  duplicate: 'O comandă nesalvată nu poate fi dublată.',
  alwaysInCall: 'Comanda nu este ținută în apel.',
  notEditable:
    'Comanda nu mai poate fi modificată; se pot schimba doar observațiile, numele clientului și adresa.',
  place: 'Doar o comandă nouă poate fi plasată.',
} as const;

/** State labels (SPEC §4). */
export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  new: 'Nou',
  created: 'Creat',
  pending: 'În așteptare',
  assigned: 'Alocat',
  finished: 'Finalizat',
  canceled: 'Anulat',
};

/** Trip state labels (SPEC §4). */
export const TRIP_STATE_LABELS = {
  waiting_driver: 'spre client',
  waiting_client: 'șofer sosit',
  started: 'în cursă',
} as const;

/** Place labels A, B, C … by index (SPEC §2). */
export const placeLabel = (index: number) => String.fromCharCode(65 + (index % 26));
