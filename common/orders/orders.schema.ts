import { z } from 'zod';
import {
  dateOnly,
  id,
  idParam,
  MAX_ID,
  requiredText,
  text,
  timeOnly,
  utcDateTime,
} from '../http/fields';
import { perPageQuery } from '../http/pagination';
import { INVALID_PHONE, normalizePhone } from '../lib/phone';
import { CostSourceSchema } from '../money/tariffs.schema';

/** Order states. */
export const ORDER_STATES = [
  'new',
  'created',
  'pending',
  'assigned',
  'finished',
  'canceled',
] as const;
export const OrderStateSchema = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof OrderStateSchema>;

/** Trip states. */
export const TRIP_STATES = ['waiting_driver', 'waiting_client', 'started'] as const;
export const TripStateSchema = z.enum(TRIP_STATES);
export type TripState = z.infer<typeof TripStateSchema>;

/** Payment types; the form toggles between cash and protocol. */
export const PAYMENT_TYPES = ['cash', 'card', 'protocol', 'discount'] as const;
export const PaymentTypeSchema = z.enum(PAYMENT_TYPES);
export type PaymentType = z.infer<typeof PaymentTypeSchema>;

/** Order sources. */
export const ORDER_SOURCES = ['from_call', 'from_app'] as const;
export const OrderSourceSchema = z.enum(ORDER_SOURCES);
export type OrderSource = z.infer<typeof OrderSourceSchema>;

/** Call states. */
export const CallStateSchema = z.enum(['started', 'on_hold', 'ended']);

/** Cancellation types (dispatcher_canceled and no_drivers_found, as live events name them). */
export const CANCELLATION_TYPES = [
  'dispatcher_canceled',
  'no_drivers_found',
  'driver_canceled',
  'call_ended',
  'client_canceled',
  'client_unreachable',
  'duplicate_order',
  'driver_late',
] as const;
export const CancellationTypeSchema = z.enum(CANCELLATION_TYPES);

/** The reasons a dispatcher picks from when canceling; dispatcher_canceled is 'Alt motiv'. */
export const DISPATCHER_CANCEL_REASONS = [
  'client_canceled',
  'client_unreachable',
  'duplicate_order',
  'driver_late',
  'dispatcher_canceled',
] as const satisfies readonly (typeof CANCELLATION_TYPES)[number][];
export type DispatcherCancelReason = (typeof DISPATCHER_CANCEL_REASONS)[number];

export const CANCEL_REASON_MESSAGES = {
  invalidType: 'Motivul anulării nu este valid.',
  /** 'Alt motiv' says nothing by itself: its text is the reason. */
  textRequired: 'Scrieți motivul anulării.',
} as const;

const lat = z.number().min(-90).max(90);
const long = z.number().min(-180).max(180);

/** Order place (with bloc, scara, reper: block, staircase, landmark). */
export const OrderPlaceSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  name: z.string(),
  place_id: z.string().nullable(),
  lat,
  long,
  comment: z.string().nullable(),
  bloc: z.string().nullable(),
  scara: z.string().nullable(),
  reper: z.string().nullable(),
});
export type OrderPlace = z.infer<typeof OrderPlaceSchema>;

/** A place as the form sends it. */
export const OrderPlaceInputSchema = z.strictObject({
  name: requiredText(300, 'Adresa este obligatorie.'),
  place_id: text(300).nullish(),
  lat,
  long,
  comment: text(500).nullish(),
  bloc: text(50).nullish(),
  scara: text(50).nullish(),
  reper: text(200).nullish(),
});
export type OrderPlaceInput = z.infer<typeof OrderPlaceInputSchema>;

/** Call on an order (UTC times); the SIP Call-ID ties it to the softphone's line. */
export const CallSchema = z.object({
  phone: z.string(),
  state: CallStateSchema,
  started_at: z.string(),
  ended_at: z.string().nullable(),
  sip_caller_id: z.string().nullable().optional(),
});

/** The assigned driver as the order shows it ('Șofer alocat' card). */
export const OrderDriverSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  indicativ: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  color: z.string().nullable(),
  number: z.string().nullable(),
});

export const OrderClientSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  phone: z.string(),
  about: z.string().nullable(),
  created_at: z.string(),
});

/** Order: every field, wire names verbatim. Money in bani. */
export const OrderSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  start_at: z.string().nullable(),
  assigned_at: z.string().nullable(),
  trip_started_at: z.string().nullable(),
  trip_finished_at: z.string().nullable(),
  /** When the driver arrived at the client (waiting_client), from the order's history. */
  arrived_at: z.string().nullable(),
  state: OrderStateSchema,
  trip_state: TripStateSchema.nullable(),
  departure_time: z.string(),
  service_id: z.number().int(),
  phone: z.string(),
  name: z.string().nullable(),
  client_name: z.string().nullable(),
  about_client: z.string().nullable(),
  comment: z.string().nullable(),
  client_id: z.number().int().nullable(),
  places: z.array(OrderPlaceSchema),
  options: z.array(z.string()),
  dispatcher_id: z.number().int().nullable(),
  dispatcher: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  custom_driver_ids: z.array(z.number().int()),
  search_company_ids: z.array(z.number().int()),
  payment_type: PaymentTypeSchema,
  source: OrderSourceSchema,
  /** Bani; null: the company has no tariff (docs/MONEY.md). */
  cost: z.number().int().nullable(),
  /** How `cost` was made: the estimate at intake, a zone price, the operator's, the trip's. */
  cost_source: CostSourceSchema.nullable(),
  discount_amount: z.number().int().nullable(),
  discounted_cost: z.number().int().nullable(),
  discount_condition_id: z.number().int().nullable(),
  discount_compensated: z.boolean(),
  finance_info: z.object({ driver_payment: z.number().int().nullable(), is_paid: z.boolean() }),
  client: OrderClientSchema.nullable(),
  driver_id: z.number().int().nullable(),
  driver: OrderDriverSchema.nullable(),
  car_indicativ: z.string().nullable(),
  waiting_driver_time: z.number().int().nullable(),
  in_pending_queue: z.boolean(),
  always_in_call: z.boolean(),
  manually_assigned: z.boolean(),
  created_by_company_id: z.number().int(),
  processed_by_company_id: z.number().int(),
  call: CallSchema.nullable(),
  call_playback_state: z.string().nullable(),
  call_need_interaction: z.boolean(),
  cancellation_reason_type: CancellationTypeSchema.nullable(),
  cancellation_reason_text: z.string().nullable(),
  cancelled_by_identifier: z.string().nullable(),
  protocol_user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The first place's name: the pickup address (list column). */
  address: z.string().nullable(),
  client_phone: z.string(),
});
export type Order = z.infer<typeof OrderSchema>;

/** A phone as the form types it, stored normalised (the phone is lowercased). */
export const PhoneInputSchema = z
  .string({ error: 'Telefonul este obligatoriu.' })
  .trim()
  .min(1, 'Telefonul este obligatoriu.')
  .max(40)
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: INVALID_PHONE });
      return z.NEVER;
    }
    return phone;
  });

/** The fields of an order a form sends; no defaults here (an update must not invent values). */
const orderFields = {
  places: z
    .array(OrderPlaceInputSchema)
    .min(1, 'Adresa este obligatorie.')
    .max(10, 'Cel mult 10 adrese.'),
  phone: PhoneInputSchema,
  client_name: requiredText(120, 'Numele clientului este obligatoriu.'),
  about_client: text(500).nullish(),
  comment: text(1000).nullish(),
  options: z.array(text(50)).max(30),
  service_id: id().nullish(),
  departure_time: utcDateTime().nullish(),
  payment_type: PaymentTypeSchema,
  /** 'Protocol?': the protocol company the ride is billed to (quick form). */
  protocol_company_id: id().nullish(),
  /**
   * The operator's fixed price, bani: kept as the fare ('fixed'); null or absent, the tariff's
   * estimate is stored and the trip's finish makes the fare (docs/MONEY.md).
   */
  cost: z
    .number({ error: 'Introduceți prețul în bani.' })
    .int('Prețul se dă în bani întregi.')
    .min(0, 'Prețul nu poate fi negativ.')
    .max(10_000_000, 'Cel mult 100.000,00 RON.')
    .nullish(),
  /**
   * A discount condition that applies to the caller (GET /api/discounts/applicable): the
   * order's `payment_type` is then 'discount' and its fare is discounted (docs/MONEY.md).
   */
  discount_condition_id: id().nullish(),
  custom_driver_ids: z.array(id()).max(50),
  always_in_call: z.boolean(),
  /** false saves a draft in state new; true places it for dispatch (state created). */
  place: z.boolean(),
};

/**
 * Order placement: phone, client name and address are required. Unknown fields are
 * refused (no mass assignment: state, driver, money and company are never taken from here).
 * Defaults: cash, no options, placed at once.
 */
export const CreateOrderBodySchema = z.strictObject({
  ...orderFields,
  options: orderFields.options.default([]),
  payment_type: orderFields.payment_type.default('cash'),
  custom_driver_ids: orderFields.custom_driver_ids.default([]),
  always_in_call: orderFields.always_in_call.default(false),
  place: orderFields.place.default(true),
});
export type CreateOrderBody = z.input<typeof CreateOrderBodySchema>;

/**
 * PATCH /api/orders/{id}. A new order is edited whole (and placed with `place`); an
 * order that is not new only takes its comment, client name, notes and payment.
 */
export const UpdateOrderBodySchema = z.strictObject(orderFields).partial();
export type UpdateOrderBody = z.input<typeof UpdateOrderBodySchema>;

/** 'Vă rugăm să selectați soferi': notifying selected drivers needs at least one. */
export const SELECT_DRIVERS = 'Vă rugăm să selectați soferi';

/** Order screen 'notify selected drivers'. */
export const NotifyDriversBodySchema = z.strictObject({
  driver_ids: z
    .array(id(), { error: SELECT_DRIVERS })
    .min(1, SELECT_DRIVERS)
    .max(50, 'Cel mult 50 de șoferi.'),
});

export const UpdateNameBodySchema = z.strictObject({
  name: text(120).nullable(),
  about: text(500).nullish(),
});

/**
 * The body is optional: no body (null to the server) means no reason, stored as
 * dispatcher_canceled. A reason from the list may carry a text; 'Alt motiv' must.
 */
export const CancelOrderBodySchema = z.preprocess(
  (value) => value ?? {},
  z
    .strictObject({
      reason_type: z
        .enum(DISPATCHER_CANCEL_REASONS, { error: CANCEL_REASON_MESSAGES.invalidType })
        .nullish(),
      reason_text: text(300).nullish(),
    })
    .superRefine((body, ctx) => {
      if (body.reason_type === 'dispatcher_canceled' && !body.reason_text)
        ctx.addIssue({
          code: 'custom',
          path: ['reason_text'],
          message: CANCEL_REASON_MESSAGES.textRequired,
        });
    }),
);
export type CancelOrderBody = z.input<typeof CancelOrderBodySchema>;

export const SetDriverBodySchema = z.strictObject({
  driverId: z
    .number({ error: 'Please select driver' })
    .int()
    .positive('Please select driver')
    .max(MAX_ID, 'Please select driver'),
});

export const OrderIdParamsSchema = z.object({ id: idParam() });
export const OrderPlaceParamsSchema = z.object({
  id: idParam(),
  placeId: idParam(),
});

/** Order history item. */
export const OrderHistoryItemSchema = z.object({
  id: z.number().int(),
  timestamp: z.string(),
  type: z.string(),
  initiator: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type OrderHistoryItem = z.infer<typeof OrderHistoryItemSchema>;

const idList = z
  .string()
  .regex(/^[a-z_,]+$/)
  .transform((value) => value.split(',').filter(Boolean))
  .pipe(z.array(OrderStateSchema));

/** Order filters and GET /api/orders parameters. */
export const ListOrdersQuerySchema = z.strictObject({
  states: idList.optional(),
  state: OrderStateSchema.optional(),
  date_from: dateOnly().optional(),
  date_to: dateOnly().optional(),
  time_from: timeOnly().optional(),
  time_to: timeOnly().optional(),
  driver_id: idParam().optional(),
  client_id: idParam().optional(),
  dispatcher_id: idParam().optional(),
  company_id: idParam().optional(),
  payment_method: PaymentTypeSchema.optional(),
  driver_payment_method: PaymentTypeSchema.optional(),
  driver_payment: z.enum(['paid', 'unpaid']).optional(),
  include_payments: z.coerce.boolean().optional(),
  per_page: perPageQuery(15),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ListOrdersQuery = z.infer<typeof ListOrdersQuerySchema>;

/** Beyond this many matches a list says "more than" instead of counting them all. */
export const ORDER_COUNT_CAP = 10_000;

export const OrderListSchema = z.object({
  data: z.array(OrderSchema),
  meta: z.object({
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    /** true when there are more than `total` (= ORDER_COUNT_CAP) matches. */
    total_capped: z.boolean().optional(),
  }),
});

/** The four dispatcher tabs: search matches the call sign exactly or the address. */
export const DispatcherListQuerySchema = z.strictObject({
  search: text(100).optional(),
  per_page: perPageQuery(50),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const DispatcherStatisticsSchema = z.object({
  in_call: z.number().int(),
  live: z.number().int(),
  finished: z.number().int(),
  canceled: z.number().int(),
});

/** The operator top bar: last 24 h orders and cancellations; drivers online, busy, free. */
export const LiveStatisticsSchema = z.object({
  orders_24h: z.number().int(),
  canceled_24h: z.number().int(),
  drivers_online: z.number().int(),
  drivers_busy: z.number().int(),
  drivers_free: z.number().int(),
});

/** Report order row. */
export const ReportOrderRowSchema = z.object({
  orderId: z.number().int(),
  callDuration: z.number().int().nullable(),
  orderDate: z.string(),
  placeName: z.string().nullable(),
  state: OrderStateSchema,
  indicativ: z.string().nullable(),
});
