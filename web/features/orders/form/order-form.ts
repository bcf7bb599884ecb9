import type { LoggedUser } from '@common/auth/auth.schema';
import { fromUtcString, toUtcString } from '@common/lib/dates';
import { formatRonInput, parseRon } from '@common/lib/money';
import { INVALID_PHONE, normalizePhone } from '@common/lib/phone';
import type {
  CreateOrderBody,
  Order,
  OrderPlaceInput,
  PaymentType,
} from '@common/orders/orders.schema';
import type { PlaceDetails } from '@common/places/places.schema';
import { localInputsToUtc, utcToLocalInputs } from '../../../lib/dates';
import type { Flavour } from '../../../lib/orders/labels';

/** One place of the form (Order place); coordinates are known once picked. */
export interface PlaceDraft {
  key: string;
  /** The saved place's id (existing orders: the address edit toggle PATCHes it). */
  id: number | null;
  name: string;
  place_id: string | null;
  lat: number | null;
  long: number | null;
  bloc: string;
  scara: string;
  reper: string;
  comment: string;
}

export interface OrderDraft {
  places: PlaceDraft[];
  comment: string;
  options: string[];
  phone: string;
  client_name: string;
  about_client: string;
  service_id: number;
  /** null: "now", following the clock every second; else the chosen local time. */
  departure: { date: string; time: string } | null;
  /**
   * The 'Protocol?' toggle: 'cash' or 'protocol'. A chosen discount makes the order's payment
   * 'discount' (draftToBody); clearing it gives this one back.
   */
  payment_type: PaymentType;
  protocol_company_id: number | null;
  /** 'Reducere': a condition that applies to the caller (GET /api/discounts/applicable). */
  discount_condition_id: number | null;
  /** 'Preț fix' in RON as typed ('40,00'); empty: the tariff's estimate makes the cost. */
  fixed_price: string;
}

/** Field keys of the form, named as the server's error paths ('places.0.name'). */
export type FormErrors = Record<string, string>;

let placeSeq = 0;
const nextKey = () => `p${++placeSeq}`;

export const emptyPlace = (): PlaceDraft => ({
  key: nextKey(),
  id: null,
  name: '',
  place_id: null,
  lat: null,
  long: null,
  bloc: '',
  scara: '',
  reper: '',
  comment: '',
});

/** A picked address into a place, keeping what the operator already typed in bloc/scara/reper. */
export const placeFromDetails = (place: PlaceDraft, details: PlaceDetails): PlaceDraft => ({
  ...place,
  name: details.name,
  place_id: details.place_id,
  lat: details.lat,
  long: details.lng,
  bloc: details.bloc ?? place.bloc,
  scara: details.scara ?? place.scara,
  reper: details.reper ?? place.reper,
  comment: details.comment ?? place.comment,
});

/**
 * A new order (defaults: payment cash, service 1 — or the company's own default from
 * /settings —, departure now). The delivery flavour
 * starts with pickup A at the company (its name and coordinates) and an empty drop-off B.
 */
export function emptyDraft(flavour: Flavour, user?: Pick<LoggedUser, 'companies'>): OrderDraft {
  const places = [emptyPlace()];
  const company = user?.companies[0];
  if (flavour === 'delivery') {
    const first = places[0] as PlaceDraft;
    if (company && company.lat !== null && company.lng !== null) {
      places[0] = { ...first, name: company.name, lat: company.lat, long: company.lng };
    }
    places.push(emptyPlace());
  }
  return {
    places,
    comment: '',
    options: [],
    phone: '',
    client_name: '',
    about_client: '',
    service_id: company?.default_service_id ?? 1,
    departure: null,
    payment_type: 'cash',
    protocol_company_id: null,
    discount_condition_id: null,
    fixed_price: '',
  };
}

/** An order as the form shows it. A departure within the next 2 minutes follows the clock. */
export function draftFromOrder(order: Order, now: Date = new Date()): OrderDraft {
  const departure = fromUtcString(order.departure_time);
  const planned = departure.getTime() - now.getTime() > 2 * 60_000;
  const saved = order.places.map(
    (p): PlaceDraft => ({
      // Stable across refetches, so an address being edited keeps its field.
      key: `saved-${p.id}`,
      id: p.id,
      name: p.name,
      place_id: p.place_id,
      lat: p.lat,
      long: p.long,
      bloc: p.bloc ?? '',
      scara: p.scara ?? '',
      reper: p.reper ?? '',
      comment: p.comment ?? '',
    }),
  );
  return {
    // A call's order from an unknown caller has no address yet: place A waits for it.
    places: saved.length === 0 && order.state === 'new' ? [emptyPlace()] : saved,
    comment: order.comment ?? '',
    options: [...order.options],
    phone: order.client_phone || order.phone,
    client_name: order.client_name ?? order.name ?? '',
    about_client: order.about_client ?? '',
    service_id: order.service_id || 1,
    departure: planned ? utcToLocalInputs(order.departure_time) : null,
    // A discounted order's toggle shows how it is billed besides: to its protocol company or not.
    payment_type:
      order.payment_type === 'discount'
        ? order.protocol_user
          ? 'protocol'
          : 'cash'
        : order.payment_type,
    protocol_company_id: order.protocol_user?.id ?? null,
    discount_condition_id: order.discount_condition_id,
    fixed_price: order.cost_source === 'fixed' ? formatRonInput(order.cost) : '',
  };
}

const blankToNull = (value: string) => value.trim() || null;

export const placeToInput = (place: PlaceDraft): OrderPlaceInput => ({
  name: place.name.trim(),
  place_id: place.place_id,
  lat: place.lat ?? Number.NaN,
  long: place.long ?? Number.NaN,
  bloc: blankToNull(place.bloc),
  scara: blankToNull(place.scara),
  reper: blankToNull(place.reper),
  comment: blankToNull(place.comment),
});

/** Places that say something: the empty ones the operator left are not sent. */
const filledPlaces = (draft: OrderDraft) =>
  draft.places
    .map((place, index) => ({ place, index }))
    .filter(({ place }) => place.name.trim() !== '');

/**
 * phone, client name and address are required; an address must be picked from the
 * suggestions (it needs coordinates). The delivery flavour also needs the drop-off B.
 */
export function validateDraft(draft: OrderDraft, flavour: Flavour): FormErrors {
  const errors: FormErrors = {};
  if (!draft.phone.trim()) errors.phone = 'Telefonul este obligatoriu.';
  else if (!normalizePhone(draft.phone)) errors.phone = INVALID_PHONE;
  if (!draft.client_name.trim()) errors.client_name = 'Numele clientului este obligatoriu.';
  const filled = filledPlaces(draft);
  if (filled.length === 0) errors['places.0.name'] = 'Adresa este obligatorie.';
  for (const { place, index } of filled) {
    if (place.lat === null || place.long === null) {
      errors[`places.${index}.name`] = 'Alegeți adresa din listă.';
    }
  }
  if (flavour === 'delivery' && filled.length < 2 && !errors['places.1.name']) {
    errors['places.1.name'] = 'Adresa de livrare este obligatorie.';
  }
  const fixed = fixedPriceOf(draft);
  if (fixed !== null && !fixed.ok) errors.fixed_price = fixed.error;
  return errors;
}

/** The typed 'Preț fix' read as bani, or null when the field is empty. */
export function fixedPriceOf(draft: Pick<OrderDraft, 'fixed_price'>) {
  return draft.fixed_price.trim() === '' ? null : parseRon(draft.fixed_price);
}

/** The places that have coordinates, in order, when the pickup has them: what a fare needs. */
export function pricedPlaces(draft: Pick<OrderDraft, 'places'>): { lat: number; long: number }[] {
  const [pickup] = draft.places;
  if (!pickup || pickup.lat === null || pickup.long === null) return [];
  return draft.places.flatMap((place) =>
    place.lat !== null && place.long !== null && place.name.trim() !== ''
      ? [{ lat: place.lat, long: place.long }]
      : [],
  );
}

/** The POST /api/orders (or PATCH of a new order) body; `place: true` places it (state created). */
export function draftToBody(draft: OrderDraft, now: Date = new Date()): CreateOrderBody {
  const departure =
    (draft.departure && localInputsToUtc(draft.departure.date, draft.departure.time)) ??
    toUtcString(now);
  const fixed = fixedPriceOf(draft);
  return {
    places: filledPlaces(draft).map(({ place }) => placeToInput(place)),
    phone: normalizePhone(draft.phone) ?? draft.phone.trim(),
    client_name: draft.client_name.trim(),
    about_client: blankToNull(draft.about_client),
    comment: blankToNull(draft.comment),
    options: draft.options,
    service_id: draft.service_id,
    departure_time: departure,
    payment_type: draft.discount_condition_id !== null ? 'discount' : draft.payment_type,
    protocol_company_id: draft.payment_type === 'protocol' ? draft.protocol_company_id : null,
    discount_condition_id: draft.discount_condition_id,
    // Only a typed price is sent: without it the server stores the tariff's estimate.
    ...(fixed?.ok && { cost: fixed.bani }),
    place: true,
  };
}

/**
 * Server field paths → the form's keys: 'places' and 'places.N.lat' mark the place's address
 * field; other keys stay as they are.
 */
export function serverErrorsToForm(
  errors: Record<string, string[]>,
  draft: OrderDraft,
): FormErrors {
  const filled = filledPlaces(draft);
  const form: FormErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const message = messages.join(' ');
    const place = /^places(?:\.(\d+))?/.exec(field);
    if (field === 'cost') {
      form.fixed_price = message;
    } else if (place) {
      // The server counts the sent (filled) places; map back to the form's index.
      const sent = Number(place[1] ?? 0);
      const index = filled[sent]?.index ?? sent;
      form[`places.${index}.name`] = message;
    } else {
      form[field] = message;
    }
  }
  return form;
}

/** Comparable form contents (for the unsaved-changes warning), ignoring the ticking clock. */
export const draftFingerprint = (draft: OrderDraft) =>
  JSON.stringify({ ...draft, places: draft.places.map(({ key: _key, ...rest }) => rest) });

/** A client's saved address into a place (Saved address). */
export const placeFromSaved = (
  place: PlaceDraft,
  saved: Pick<PlaceDraft, 'name' | 'place_id' | 'lat' | 'long'> & {
    bloc: string | null;
    scara: string | null;
    reper: string | null;
    comment: string | null;
  },
): PlaceDraft => ({
  ...place,
  name: saved.name,
  place_id: saved.place_id,
  lat: saved.lat,
  long: saved.long,
  bloc: saved.bloc ?? '',
  scara: saved.scara ?? '',
  reper: saved.reper ?? '',
  comment: saved.comment ?? '',
});
