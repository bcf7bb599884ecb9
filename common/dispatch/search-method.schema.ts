import { z } from 'zod';

/** Search configuration: what each value does is written in docs/DISPATCH.md. */
export const SEARCH_TYPES = [
  'by_zone',
  'by_near_zone',
  'by_near_stand',
  'by_near_stand_with_route',
  'by_near_stand_and_polygon',
  'by_radius',
  'by_route',
  'by_near_stand_and_polygon_manually',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_ORDERINGS = [
  'by_distance',
  'by_route_distance',
  'by_idle_from',
  'any',
] as const;
export type SearchOrdering = (typeof SEARCH_ORDERINGS)[number];

export const NOTIFICATION_METHODS = ['all', 'pending', 'pending_pinned', 'by_rotation'] as const;
export type NotificationMethod = (typeof NOTIFICATION_METHODS)[number];

export const REFUSAL_ACTIONS = ['ban', 'reset'] as const;

/** Search types whose `search_limit` is a distance in metres; the others count drivers. */
export const LIMIT_IN_METRES: ReadonlySet<SearchType> = new Set(['by_radius', 'by_route']);

/** A step's limit when its type is chosen: drivers offered, or metres for a distance search. */
export const DEFAULT_SEARCH_LIMIT = { drivers: 50, metres: 3_000 } as const;

export const defaultSearchLimit = (type: SearchType): number =>
  LIMIT_IN_METRES.has(type) ? DEFAULT_SEARCH_LIMIT.metres : DEFAULT_SEARCH_LIMIT.drivers;

/**
 * ban_conditions: refusals of the drivers offered at positions `drivers.from`–`to` of
 * a step count; `count` of them within `reset_interval` minutes → banned for that long
 * (type ban) or sent to the back of the queue (type reset). docs/DISPATCH.md.
 */
export const BanConditionsSchema = z.strictObject({
  active: z.boolean(),
  type: z.enum(REFUSAL_ACTIONS),
  drivers: z
    .strictObject({
      from: z.number().int().min(1).max(1000),
      to: z.number().int().min(1).max(1000),
    })
    .refine((range) => range.from <= range.to, {
      message: 'Intervalul de șoferi trebuie să înceapă înainte de sfârșit.',
      path: ['to'],
    }),
  count: z.number().int().min(1).max(1000),
  reset_interval: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60),
});
export type BanConditions = z.infer<typeof BanConditionsSchema>;

/** Search method `definitions.items[]`: one step of a search. */
export const SearchItemSchema = z.strictObject({
  search_type: z.enum(SEARCH_TYPES),
  /** Seconds the step waits for answers. */
  search_time: z.number().int().min(1).max(600),
  /** Drivers offered at most, or metres for LIMIT_IN_METRES types. */
  search_limit: z.number().int().min(1).max(100_000),
  search_order_by: z.enum(SEARCH_ORDERINGS),
  notification_method: z.enum(NOTIFICATION_METHODS),
  exclude_previous: z.boolean(),
  ban_conditions: BanConditionsSchema,
});
export type SearchItem = z.infer<typeof SearchItemSchema>;

/** Defaults: a new refusal rule, a new search step. */
export const DEFAULT_BAN_CONDITIONS: BanConditions = {
  active: false,
  type: 'ban',
  drivers: { from: 1, to: 1 },
  count: 5,
  reset_interval: 60,
};

export const DEFAULT_SEARCH_ITEM: SearchItem = {
  search_type: 'by_zone',
  search_time: 6,
  search_limit: DEFAULT_SEARCH_LIMIT.drivers,
  search_order_by: 'by_distance',
  notification_method: 'all',
  exclude_previous: false,
  ban_conditions: DEFAULT_BAN_CONDITIONS,
};

/**
 * What a search follows, fixed when it starts (an edit of the method applies to the next
 * order): the method and interval that chose it (null: none matched, the default search step)
 * and its steps.
 */
export const SearchPlanSchema = z.object({
  method_id: z.number().int().nullable(),
  interval_id: z.number().int().nullable(),
  items: z.array(SearchItemSchema).min(1),
});
export type SearchPlan = z.infer<typeof SearchPlanSchema>;
