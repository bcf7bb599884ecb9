import { z } from 'zod';
import { SEARCH_ORDERINGS, SEARCH_TYPES } from './search-method.schema';

/** Simulator: a driver accepts with the minutes he needs, 3 by default. */
export const DEFAULT_OFFER_MINUTES = 3;

const orderId = () =>
  z
    .number({ error: 'Comanda este obligatorie.' })
    .int('Comanda este obligatorie.')
    .positive('Comanda este obligatorie.')
    .max(2_147_483_647, 'Comanda nu există.');

/**
 * POST {ws api}/accept-order {userId, orderId, time}: the driver is the token's user, so
 * `userId` is accepted and ignored (no identity from a request body).
 */
export const AcceptOrderBodySchema = z.strictObject({
  orderId: orderId(),
  time: z
    .number({ error: 'Timpul până la client este obligatoriu.' })
    .int('Timpul până la client trebuie să fie un număr întreg de minute.')
    .min(1, 'Timpul până la client trebuie să fie de cel puțin un minut.')
    .max(180, 'Timpul până la client poate fi de cel mult 180 de minute.')
    .default(DEFAULT_OFFER_MINUTES),
  userId: z.unknown().optional(),
});
export type AcceptOrderBody = z.infer<typeof AcceptOrderBodySchema>;

export const OrderIdBodySchema = z.strictObject({ orderId: orderId() });

/** A driver cancels his order: the reason goes into the cancellation text `driverId~reason`. */
export const DriverCancelBodySchema = z.strictObject({
  reason: z
    .string({ error: 'Motivul anulării este obligatoriu.' })
    .trim()
    .min(1, 'Motivul anulării este obligatoriu.')
    .max(200, 'Motivul poate avea cel mult 200 de caractere.'),
});

/**
 * The finish's optional body: the driver app's taximeter amount in bani, the fare where the
 * company accepts it (docs/MONEY.md). No body at all (the older apps, the simulators) is valid.
 */
export const TripFinishBodySchema = z
  .strictObject({
    taximeter_amount: z
      .number({ error: 'Introduceți suma în bani.' })
      .int('Suma se dă în bani întregi.')
      .min(0, 'Suma nu poate fi negativă.')
      .max(10_000_000, 'Cel mult 100.000,00 RON.')
      .optional(),
  })
  .nullish();

export const OfferAnswerSchema = z.object({
  orderId: z.number().int(),
  answer: z.enum(['accepted', 'refused']),
});
export type OfferAnswer = z.infer<typeof OfferAnswerSchema>;

/** What a driver sees of any order: where, what and how it is paid. */
const OrderForDriverSchema = z.object({
  address: z.string().nullable(),
  places: z.array(z.object({ name: z.string(), lat: z.number(), long: z.number() })),
  comment: z.string().nullable(),
  options: z.array(z.string()),
  payment_type: z.string(),
  cost: z.number().int().nullable(),
});

/** order_available: what a driver sees of an offer (no client phone before he has it). */
export const DriverOfferSchema = OrderForDriverSchema.extend({
  orderId: z.number().int(),
  kind: z.enum(['offer', 'pending']),
  distance_m: z.number().int().nullable(),
  /** Epoch ms the offer closes (a step's or a rotation slot's end). */
  expires_ms: z.number().int(),
});
export type DriverOffer = z.infer<typeof DriverOfferSchema>;
export const DriverOffersSchema = z.array(DriverOfferSchema);

/** A driver's order once it is his (order_accept_confirmed, his current order). */
export const DriverOrderSchema = OrderForDriverSchema.extend({
  id: z.number().int(),
  state: z.string(),
  trip_state: z.string().nullable(),
  phone: z.string(),
  client_name: z.string().nullable(),
  waiting_driver_time: z.number().int().nullable(),
  assigned_at: z.string().nullable(),
  trip_started_at: z.string().nullable(),
});
export type DriverOrder = z.infer<typeof DriverOrderSchema>;
export const DriverOrdersSchema = z.array(DriverOrderSchema);

/** Driver search: the drivers of an order's search, viewed and accepted. */
export const DriverSearchSchema = z.object({
  params: z
    .object({ search_order_by: z.enum(SEARCH_ORDERINGS), search_type: z.enum(SEARCH_TYPES) })
    .nullable(),
  drivers: z.array(
    z.object({
      driver: z.object({
        id: z.number().int(),
        indicativ: z.string().nullable(),
        name: z.string(),
      }),
      viewed: z.boolean(),
      accepted: z.boolean(),
      refused: z.boolean(),
      step: z.number().int(),
      distance_m: z.number().int().nullable(),
    }),
  ),
});
export type DriverSearch = z.infer<typeof DriverSearchSchema>;

export const OrderDriversQuerySchema = z.strictObject({
  orderId: z.coerce
    .number({ error: 'Comanda este obligatorie.' })
    .int('Comanda este obligatorie.')
    .positive('Comanda este obligatorie.')
    .max(2_147_483_647, 'Comanda nu există.'),
});

/**
 * Why a driver was not offered an order in a step (explainability); the Romanian
 * labels are SKIP_REASON_LABELS. No 'other company': another company's driver is never in a
 * step's pool, so never in its trace.
 */
export const SKIP_REASONS = [
  'offline',
  'paused',
  'busy',
  'banned',
  'low_balance',
  'out_of_zone',
  'too_far',
  'previously_offered',
  'refused_before',
  'on_other_offer',
  'over_limit',
  'not_selected',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  offline: 'offline',
  paused: 'în pauză',
  busy: 'ocupat',
  banned: 'blocat',
  low_balance: 'sold insuficient',
  out_of_zone: 'în afara zonei',
  too_far: 'prea departe',
  previously_offered: 'oferită deja',
  refused_before: 'a refuzat-o',
  on_other_offer: 'are altă ofertă',
  over_limit: 'peste limita pasului',
  not_selected: 'neselectat',
};

/** One entry of an order's dispatch trace (GET /api/orders/{id}/dispatch-trace). */
export const TraceEntrySchema = z.object({
  generation: z.number().int(),
  step: z.number().int(),
  kind: z.enum([
    'step',
    'offered',
    'viewed',
    'accepted',
    'refused',
    'confirmed',
    'lost',
    'nobody',
    'exhausted',
    'pinned',
    'stopped',
    'ban',
  ]),
  at: z.string(),
  /** step: {item, zone, considered[{driver_id, indicativ, distance_m, skipped|null, rank}]}. */
  details: z.record(z.string(), z.unknown()),
});
export type TraceEntry = z.infer<typeof TraceEntrySchema>;
export const DispatchTraceSchema = z.object({
  plan: z
    .object({ method_id: z.number().int().nullable(), interval_id: z.number().int().nullable() })
    .nullable(),
  entries: z.array(TraceEntrySchema),
});
export type DispatchTrace = z.infer<typeof DispatchTraceSchema>;
