import { z } from 'zod';
import {
  INVALID_LATITUDE,
  INVALID_LONGITUDE,
  idParam,
  latitude,
  longitude,
  requiredText,
} from '../http/fields';
import { zoneOutlineProblem } from './zones.rules';

/** A corner of a zone, as a zone's `paths[] {lat, long}` has it. */
export const LatLongSchema = z.object({ lat: latitude(), long: longitude() });

/** At most this many corners: a city district needs tens, a hand-drawn one rarely a hundred. */
export const MAX_ZONE_POINTS = 500;

const outline = () =>
  z
    .array(LatLongSchema)
    .max(MAX_ZONE_POINTS)
    .superRefine((paths, context) => {
      const problem = zoneOutlineProblem(paths);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });

/**
 * Polygon (zone): id, name, isVisible, paths. `priority` (0–100, higher wins) decides
 * which zone a driver is in where two overlap, and is shown on the simulator's cards.
 */
export const PolygonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isVisible: z.boolean(),
  priority: z.number().int(),
  paths: z.array(z.object({ lat: z.number(), long: z.number() })),
  updated_at: z.string(),
});
export type Polygon = z.infer<typeof PolygonSchema>;

export const PolygonBodySchema = z.strictObject({
  name: requiredText(100, 'Numele zonei este obligatoriu.'),
  isVisible: z.boolean().default(true),
  priority: z.number().int().min(0).max(100).default(0),
  paths: outline(),
});
export type PolygonBody = z.infer<typeof PolygonBodySchema>;

export const PolygonPatchSchema = z.strictObject({
  name: requiredText(100, 'Numele zonei este obligatoriu.').optional(),
  isVisible: z.boolean().optional(),
  priority: z.number().int().min(0).max(100).optional(),
  paths: outline().optional(),
});
export type PolygonPatch = z.infer<typeof PolygonPatchSchema>;

export const PolygonIdParamsSchema = z.object({ id: idParam() });

/** A stand's radius bounds in metres: a rank of a few cars up to a station forecourt. */
export const STAND_RADIUS_M = { min: 10, max: 1000 } as const;
export const STAND_SHAPE_REQUIRED = 'Stația are fie o rază, fie un contur.';

/** A free driver waiting at a stand, in arrival order (the `by_near_stand*` searches read it). */
export const StandQueueEntrySchema = z.object({
  userId: z.number().int(),
  indicativ: z.string().nullable(),
  since: z.string(),
});

/**
 * A taxi stand: a point with a radius, or a small outline, and the queue of free
 * drivers in it in arrival order. The point is where cars are sent to and what distances to the
 * stand are measured from.
 */
export const StandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lat: z.number(),
  long: z.number(),
  radius: z.number().int().nullable(),
  paths: z.array(z.object({ lat: z.number(), long: z.number() })).nullable(),
  queue: z.array(StandQueueEntrySchema),
  updated_at: z.string(),
});
export type Stand = z.infer<typeof StandSchema>;

const standShape = {
  name: requiredText(100, 'Numele stației este obligatoriu.'),
  lat: latitude(),
  long: longitude(),
  radius: z.number().int().min(STAND_RADIUS_M.min).max(STAND_RADIUS_M.max).nullable(),
  paths: outline().nullable(),
};

export const StandBodySchema = z
  .strictObject({
    ...standShape,
    radius: standShape.radius.default(null),
    paths: standShape.paths.default(null),
  })
  .superRefine((stand, context) => {
    if ((stand.radius === null) === (stand.paths === null)) {
      context.addIssue({ code: 'custom', path: ['radius'], message: STAND_SHAPE_REQUIRED });
    }
  });
export type StandBody = z.infer<typeof StandBodySchema>;

export const StandPatchSchema = z.strictObject({
  name: standShape.name.optional(),
  lat: standShape.lat.optional(),
  long: standShape.long.optional(),
  radius: standShape.radius.optional(),
  paths: standShape.paths.optional(),
});
export type StandPatch = z.infer<typeof StandPatchSchema>;

/** A pickup as the order forms ask about it (query string: coerced). */
export const PickupReachQuerySchema = z.strictObject({
  lat: z.coerce
    .number({ error: INVALID_LATITUDE })
    .min(-90, INVALID_LATITUDE)
    .max(90, INVALID_LATITUDE),
  long: z.coerce
    .number({ error: INVALID_LONGITUDE })
    .min(-180, INVALID_LONGITUDE)
    .max(180, INVALID_LONGITUDE),
});

/**
 * Whether the fleet can reach a pickup: `far` when it is outside every zone of the dispatching
 * company and farther from the company's centre than its search reach; placing stays allowed.
 */
export const PickupReachSchema = z.object({
  far: z.boolean(),
  in_zone: z.boolean(),
  /** From the company's centre (its coordinates, or the fallback map centre), one decimal. */
  distance_km: z.number(),
  reach_km: z.number(),
});
export type PickupReach = z.infer<typeof PickupReachSchema>;
