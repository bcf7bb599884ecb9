import type { Order, OrderState, PaymentType, UpdateOrderBody } from './orders.schema';

/**
 * The order state machine as pure rules: the server enforces them (409 when a rule
 * refuses), the web uses them to decide which buttons show.
 */
type OrderFacts = Pick<
  Order,
  'state' | 'dispatcher_id' | 'driver_id' | 'in_pending_queue' | 'always_in_call'
>;

/** States whose orders are still being worked on (the 'Confirmate' tab). */
export const LIVE_STATES: readonly OrderState[] = ['created', 'pending', 'assigned'];

/** A new order is editable; any other only through the comment/name/address toggle. */
export const isEditable = (order: Pick<Order, 'state'>) => order.state === 'new';

/**
 * The fields of PATCH /api/orders/{id} an order that is not new still takes. An order
 * that is not new is read-only, except comment, client name and address edits through an edit
 * toggle; the client's notes go with the name (as update-name takes both) and the payment
 * (cash/protocol toggle) stays open, as docs/DECISIONS.md "Orders" says. Addresses
 * have their own call (PATCH places/{placeId}).
 */
export const EDITABLE_AFTER_PLACING: ReadonlySet<string> = new Set<keyof UpdateOrderBody>([
  'comment',
  'client_name',
  'about_client',
  'payment_type',
  'protocol_company_id',
]);

/** Only a new order is placed (state new → created). */
export const canPlace = (order: Pick<Order, 'state'>) => order.state === 'new';

/**
 * Why PATCH /api/orders/{id} with these fields is refused for this order (409), or null when
 * it is allowed: placing needs a new order; an order that is not new takes only
 * EDITABLE_AFTER_PLACING.
 */
export function updateRefusal(order: Pick<Order, 'state'>, body: UpdateOrderBody): string | null {
  if (body.place === true && !canPlace(order)) return REFUSALS.place;
  if (!isEditable(order) && Object.keys(body).some((field) => !EDITABLE_AFTER_PLACING.has(field)))
    return REFUSALS.notEditable;
  return null;
}

/** Cancel only in created or assigned. */
export const canCancel = (order: Pick<Order, 'state'>) =>
  order.state === 'created' || order.state === 'assigned';

/** Retry only for canceled or pending orders, and only the dispatcher's own. */
export const canRetry = (order: Pick<Order, 'state' | 'dispatcher_id'>, userId: number) =>
  (order.state === 'canceled' || order.state === 'pending') && order.dispatcher_id === userId;

/** Manual assignment only in canceled or pending, with no driver. */
export const canAssignManually = (order: Pick<Order, 'state' | 'driver_id'>) =>
  (order.state === 'canceled' || order.state === 'pending') && order.driver_id === null;

/**
 * 'notify selected drivers': an order still without a driver that is
 * searching, waiting or canceled is searched for again among the chosen drivers.
 */
export const canNotifyDrivers = (order: Pick<Order, 'state' | 'driver_id'>) =>
  (order.state === 'created' || order.state === 'pending' || order.state === 'canceled') &&
  order.driver_id === null;

/** Own orders, pending or created, not yet in the queue. */
export const canMoveToPending = (order: OrderFacts, userId: number) =>
  order.dispatcher_id === userId &&
  (order.state === 'pending' || order.state === 'created') &&
  !order.in_pending_queue;

/** Duplicate any order that is not new. */
export const canDuplicate = (order: Pick<Order, 'state'>) => order.state !== 'new';

/** Removing always_in_call sets it false; only meaningful when it is set. */
export const canRemoveAlwaysInCall = (order: Pick<Order, 'always_in_call'>) => order.always_in_call;

/** The form's payment toggle goes between cash and protocol. */
export const togglePaymentType = (current: PaymentType): PaymentType =>
  current === 'protocol' ? 'cash' : 'protocol';

/** 'Protocol?' checked bills a protocol company: one must be chosen (field protocol_company_id). */
export const PROTOCOL_COMPANY_REQUIRED = 'Alegeți compania de protocol.';

/** A protocol order without the company it is billed to cannot be placed. */
export const lacksProtocolCompany = (
  paymentType: PaymentType | undefined,
  protocolCompanyId: number | null | undefined,
) => paymentType === 'protocol' && protocolCompanyId == null;

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
  notifyDrivers:
    'Șoferii pot fi anunțați doar pentru o comandă fără șofer, în căutare, în așteptare sau anulată.',
} as const;

/** State labels. */
/** The payment types as the console and the exported files name them. */
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  cash: 'Numerar',
  card: 'Card',
  protocol: 'Protocol',
  discount: 'Reducere',
};

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  new: 'Nou',
  created: 'Creat',
  pending: 'În așteptare',
  assigned: 'Alocat',
  finished: 'Finalizat',
  canceled: 'Anulat',
};

/** Trip state labels. */
export const TRIP_STATE_LABELS = {
  waiting_driver: 'spre client',
  waiting_client: 'șofer sosit',
  started: 'în cursă',
} as const;

/** Place labels A, B, C … by index. */
export const placeLabel = (index: number) => String.fromCharCode(65 + (index % 26));
