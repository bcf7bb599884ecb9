import { z } from 'zod';
import { dateOnly, id, idParam, utcDateTime } from '../http/fields';
import { perPageQuery } from '../http/pagination';
import { SearchItemSchema } from './search-method.schema';

/**
 * Wire shapes of the search configuration (Search method / Search interval / Driver
 * priority interval). docs/DISPATCH.md '## Search
 * configuration' explains how the engine reads them.
 */

/** Search configuration: interval type weekdays or custom. */
export const INTERVAL_TYPES = ['weekdays', 'custom'] as const;

/**
 * Who edits a company's search configuration and priority intervals: its admins and
 * dispatchers, and its own company users (the point-of-sale header of a courier or restaurant
 * company has the work-mode builder: they dispatch their own couriers). Every console
 * reads it.
 */
export const SEARCH_CONFIG_EDITORS = ['admin', 'dispatcher', 'company'] as const;
export type IntervalType = (typeof INTERVAL_TYPES)[number];

/** Search method: at most this many steps (the builder's list stays readable). */
export const MAX_SEARCH_ITEMS = 20;

export const INVALID_TIME_OF_DAY = 'Ora trebuie să fie în formatul HH:mm:ss.';
export const TIME_ORDER = 'Ora de început trebuie să fie înaintea orei de sfârșit.';
export const CUSTOM_DAY_REQUIRED = 'Alegeți ziua pentru un interval personalizat.';
export const FROM_BEFORE_TO = 'Începutul trebuie să fie înaintea sfârșitului.';
export const DRIVERS_REQUIRED = 'Alegeți cel puțin un șofer.';
export const DUPLICATE_DRIVER = 'Un șofer apare de două ori.';
export const ITEMS_REQUIRED = 'Metoda are cel puțin un pas.';
export const SORT_SET_MISMATCH = 'Lista trebuie să cuprindă fiecare interval al companiei o dată.';
export const unknownInterval = (intervalId: number) =>
  `Intervalul ${intervalId} nu aparține companiei.`;
export const unknownDriver = (driverId: number) =>
  `Șoferul ${driverId} nu este un șofer al companiei.`;
export const unknownMethod = 'Metoda de căutare nu a fost găsită.';

const HH_MM_SS = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/**
 * A time of day 'HH:mm:ss' (default 00:00:00–23:59:59). 'HH:mm' is taken as ':00' so a
 * browser's time field can be sent as it is; what is stored and answered always has seconds.
 */
export const timeOfDay = () =>
  z
    .string()
    .regex(HH_MM_SS, { message: INVALID_TIME_OF_DAY })
    .transform((value) => (value.length === 5 ? `${value}:00` : value));

/** Search interval `value`: weekday 1 = Monday … 7 = Sunday, null = every day. */
export const IntervalValueSchema = z.strictObject({
  time_from: timeOfDay(),
  time_to: timeOfDay(),
  selected_day: z.number().int().min(1).max(7).nullable().default(null),
  custom_day: dateOnly().nullable().default(null),
});
export type IntervalValue = z.infer<typeof IntervalValueSchema>;

/** The default interval, every day 00:00:00 to 23:59:59. */
export const DEFAULT_INTERVAL_VALUE: IntervalValue = {
  time_from: '00:00:00',
  time_to: '23:59:59',
  selected_day: null,
  custom_day: null,
};

/**
 * The rules an interval must keep whatever path set it (create, or a patch merged with the
 * stored row): field (dotted, as the error handler names zod paths) → messages. Empty: valid.
 */
export function intervalProblems(
  type: IntervalType,
  value: IntervalValue,
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  // 'HH:mm:ss' strings compare in time order.
  if (value.time_from >= value.time_to) problems['value.time_to'] = [TIME_ORDER];
  if (type === 'custom' && value.custom_day === null) {
    problems['value.custom_day'] = [CUSTOM_DAY_REQUIRED];
  }
  return problems;
}

const addProblems = (
  problems: Record<string, string[]>,
  context: z.core.$RefinementCtx<unknown>,
) => {
  for (const [field, messages] of Object.entries(problems)) {
    for (const message of messages) {
      context.addIssue({ code: 'custom', path: field.split('.'), message });
    }
  }
};

export const DefinitionsSchema = z.strictObject({
  items: z.array(SearchItemSchema).min(1, ITEMS_REQUIRED).max(MAX_SEARCH_ITEMS),
});
export type Definitions = z.infer<typeof DefinitionsSchema>;

/** Search method as answered. */
export const SearchMethodSchema = z.object({
  id: z.number().int(),
  definitions: z.object({ items: z.array(SearchItemSchema) }),
});
export type SearchMethod = z.infer<typeof SearchMethodSchema>;

/** Search interval, with its method (the builder shows both in one row). */
export const SearchIntervalSchema = z.object({
  id: z.number().int(),
  search_method_id: z.number().int(),
  company_id: z.number().int(),
  type: z.enum(INTERVAL_TYPES),
  value: z.object({
    time_from: z.string(),
    time_to: z.string(),
    selected_day: z.number().int().nullable(),
    custom_day: z.string().nullable(),
  }),
  position: z.number().int(),
  search_method: SearchMethodSchema,
});
export type SearchInterval = z.infer<typeof SearchIntervalSchema>;

/**
 * POST /api/search-intervals: everything optional (defaults); without
 * `search_method_id` a new method with one default step is made for it.
 */
export const CreateIntervalBodySchema = z
  .strictObject({
    type: z.enum(INTERVAL_TYPES).default('weekdays'),
    value: IntervalValueSchema.default(DEFAULT_INTERVAL_VALUE),
    search_method_id: id().optional(),
  })
  .superRefine((body, context) => addProblems(intervalProblems(body.type, body.value), context));
export type CreateIntervalBody = z.infer<typeof CreateIntervalBodySchema>;

/** PATCH /api/search-intervals/{id}: the rules are checked on the row as it would become. */
export const PatchIntervalBodySchema = z.strictObject({
  type: z.enum(INTERVAL_TYPES).optional(),
  value: IntervalValueSchema.optional(),
  search_method_id: id().optional(),
});
export type PatchIntervalBody = z.infer<typeof PatchIntervalBodySchema>;

/** POST /api/search-intervals/sort: every interval id of the company, in the new order. */
export const SortIntervalsBodySchema = z.strictObject({
  ids: z.array(id()).min(1).max(1000),
});
export type SortIntervalsBody = z.infer<typeof SortIntervalsBodySchema>;

export const MethodBodySchema = z.strictObject({ definitions: DefinitionsSchema });
export type MethodBody = z.infer<typeof MethodBodySchema>;

export const IdParamsSchema = z.object({ id: idParam() });

// ── driver priority intervals ────────────────────────────────────────────────────────────────

/** The priority window shows 10 intervals a page. */
export const PRIORITY_PAGE_SIZE = 10;

export const PriorityDriverSchema = z.object({
  id: z.number().int(),
  indicativ: z.string().nullable(),
});

/** Driver priority interval: from → to (UTC 'YYYY-MM-DD HH:mm:ss'), its drivers. */
export const PriorityIntervalSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  users: z.array(PriorityDriverSchema),
});
export type PriorityInterval = z.infer<typeof PriorityIntervalSchema>;

export const PriorityIntervalListSchema = z.object({
  data: z.array(PriorityIntervalSchema),
  total: z.number().int(),
});
export type PriorityIntervalList = z.infer<typeof PriorityIntervalListSchema>;

export const PriorityListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  per_page: perPageQuery(PRIORITY_PAGE_SIZE),
});

/**
 * POST /api/users-intervals. `indicativ` is what the window showed; the server answers each
 * driver's call sign as it has it.
 */
export const CreatePriorityBodySchema = z
  .strictObject({
    from: utcDateTime(),
    to: utcDateTime(),
    users: z
      .array(
        z.strictObject({
          id: id(),
          indicativ: z.string().max(50).nullable().optional(),
        }),
      )
      .min(1, DRIVERS_REQUIRED)
      .max(500),
  })
  .superRefine((body, context) => {
    // Same format, so the strings compare in time order.
    if (body.from >= body.to)
      context.addIssue({ code: 'custom', path: ['to'], message: FROM_BEFORE_TO });
    const seen = new Set<number>();
    for (const user of body.users) {
      if (seen.has(user.id)) {
        context.addIssue({ code: 'custom', path: ['users'], message: DUPLICATE_DRIVER });
        break;
      }
      seen.add(user.id);
    }
  });
export type CreatePriorityBody = z.infer<typeof CreatePriorityBodySchema>;
