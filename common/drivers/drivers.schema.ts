import { z } from 'zod';
import { id, idParam, latitude, longitude, text, utcDateTime } from '../http/fields';

/**
 * Driver position, as the drivers map and `GET /api/drivers-positions` carry it: only
 * online drivers with a known position. `polygonId` is the zone the position falls in,
 * `on_offer` marks a driver an order is being offered to (the red label; the dispatch
 * engine sets it), `reported_at` is when the driver's app sent the position (UTC).
 */
export const DriverPositionSchema = z.object({
  userId: z.number().int(),
  indicativ: z.string().nullable(),
  lat: z.number(),
  long: z.number(),
  is_busy: z.boolean(),
  is_paused: z.boolean(),
  on_offer: z.boolean(),
  polygonId: z.number().int().nullable(),
  reported_at: z.string(),
});
export type DriverPosition = z.infer<typeof DriverPositionSchema>;

export const DriverPositionsSchema = z.array(DriverPositionSchema);

/**
 * `currentPosition {long, lat, orderId, userId, polygonId}` from a driver's app. The
 * driver is always the socket's user: `userId` and `polygonId` are accepted for the spec's
 * sake and ignored (the server knows who sends, and works the zone out itself).
 */
export const CurrentPositionSchema = z.object({
  long: longitude(),
  lat: latitude(),
  orderId: id().nullable().optional(),
  userId: z.unknown().optional(),
  polygonId: z.unknown().optional(),
});
export type CurrentPosition = z.infer<typeof CurrentPositionSchema>;

/** A driver's work state as the driver's app sets it: online, paused (online, no offers), offline. */
export const DRIVER_STATUSES = ['online', 'paused', 'offline'] as const;
export const DriverStatusSchema = z.enum(DRIVER_STATUSES);
export type DriverStatus = z.infer<typeof DriverStatusSchema>;

export const DriverStatusBodySchema = z.strictObject({ status: DriverStatusSchema });

/**
 * A driver's durable state (written by the drivers' one write path, numbered by
 * their change stream `seq`, so a client keeps the highest it has applied).
 */
export const DriverStateSchema = z.object({
  driver_id: z.number().int(),
  is_online: z.boolean(),
  is_paused: z.boolean(),
  is_busy: z.boolean(),
  high_priority: z.boolean(),
  ban_until: z.string().nullable(),
  ban_reason: z.string().nullable(),
  /** Since when the driver has been free (online, not busy). */
  idle_from: z.string().nullable(),
  seq: z.number().int(),
});
export type DriverState = z.infer<typeof DriverStateSchema>;

/** Ban options: 3, 12, 24, 48 hours, 4 days, permanent (2100-01-01 00:00:00). */
export const BAN_FOREVER_UNTIL = '2100-01-01 00:00:00';
export const BAN_UNITS = ['hours', 'days'] as const;
export const BAN_REASON_REQUIRED = 'Motivul blocării este obligatoriu.';

export const BAN_DURATION_REQUIRED = 'Alegeți durata blocării.';
export const BAN_ONE_DURATION =
  'Alegeți o singură durată: unit și amount, ban_forever sau ban_until.';

/**
 * `PATCH /api/users/{id}/ban`: a unit and an amount, `ban_forever`, or `ban_until`,
 * each with its reason; an empty body unbans and clears the reason. One object (not a union) so
 * that every mistake is reported on its own field.
 */
export const BanBodySchema = z
  .strictObject({
    unit: z.enum(BAN_UNITS).optional(),
    amount: z
      .number()
      .int()
      .min(1)
      .max(365 * 24)
      .optional(),
    ban_forever: z.literal(true).optional(),
    ban_until: utcDateTime().optional(),
    reason: text(255).optional(),
  })
  .superRefine((body, context) => {
    const byAmount = body.unit !== undefined || body.amount !== undefined;
    const ways = [byAmount, body.ban_forever === true, body.ban_until !== undefined];
    const chosen = ways.filter(Boolean).length;
    if (chosen > 1) {
      context.addIssue({ code: 'custom', path: ['unit'], message: BAN_ONE_DURATION });
      return;
    }
    if (byAmount && body.unit === undefined) {
      context.addIssue({ code: 'custom', path: ['unit'], message: BAN_DURATION_REQUIRED });
    }
    if (byAmount && body.amount === undefined) {
      context.addIssue({ code: 'custom', path: ['amount'], message: BAN_DURATION_REQUIRED });
    }
    const hasReason = body.reason !== undefined && body.reason !== '';
    if (chosen === 1 && !hasReason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: BAN_REASON_REQUIRED });
    }
    if (chosen === 0 && body.reason !== undefined) {
      context.addIssue({ code: 'custom', path: ['unit'], message: BAN_DURATION_REQUIRED });
    }
  });
export type BanBody = z.infer<typeof BanBodySchema>;

/** The ban answer holds the date (null once unbanned) and the reason. */
export const BanResultSchema = z.object({
  date: z.string().nullable(),
  reason: z.string().nullable(),
});
export type BanResult = z.infer<typeof BanResultSchema>;

/** Zone statistics, per zone of the caller's companies. */
export const ZoneStatisticsSchema = z.array(
  z.object({
    polygonId: z.number().int(),
    name: z.string(),
    busyDrivers: z.number().int(),
    freeDrivers: z.number().int(),
  }),
);
export type ZoneStatistics = z.infer<typeof ZoneStatisticsSchema>;

/** Driver info per zone: the free drivers in it, longest idle first. */
export const DriversInfoSchema = z.array(
  z.object({
    userId: z.number().int(),
    indicativ: z.string().nullable(),
    idle_from: z.string().nullable(),
  }),
);
export type DriversInfo = z.infer<typeof DriversInfoSchema>;

export const DriversInfoQuerySchema = z.strictObject({ polygon_id: idParam() });

/** What a driver's socket gets back for `currentPosition` (Socket.IO acknowledgement). */
export type PositionAck = { ok: true } | { ok: false; errors: Record<string, string[]> };
