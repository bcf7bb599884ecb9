import { z } from 'zod';
import { dateOnly, id, idParam, requiredText, text } from '../http/fields';
import { paginated, perPageQuery } from '../http/pagination';

/** 'percent': `value` in basis points (1000 = 10%); 'fixed': `value` in bani. */
export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export const DiscountKindSchema = z.enum(DISCOUNT_KINDS);
export type DiscountKind = z.infer<typeof DiscountKindSchema>;

/**
 * A discount condition (docs/MONEY.md "Discounts"): what it takes off a fare, for whom, when,
 * how many times, and whether the company pays the driver back.
 */
export const DiscountConditionSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  kind: DiscountKindSchema,
  value: z.number().int(),
  /** Bani: the most a percentage takes off one fare; null: no cap. */
  max_amount: z.number().int().nullable(),
  /** `YYYY-MM-DD`, Bucharest days, both included; null: open. */
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  /** For one client (with his phone and name), one protocol company, or (both null) everyone. */
  client_id: z.number().int().nullable(),
  client_phone: z.string().nullable(),
  client_name: z.string().nullable(),
  protocol_company_id: z.number().int().nullable(),
  protocol_company_name: z.string().nullable(),
  per_client_limit: z.number().int().nullable(),
  total_limit: z.number().int().nullable(),
  /** Orders that used it. */
  uses: z.number().int(),
  compensate_driver: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type DiscountCondition = z.infer<typeof DiscountConditionSchema>;

export const DiscountConditionPageSchema = paginated(DiscountConditionSchema);

const limit = () =>
  z
    .number({ error: 'Introduceți un număr.' })
    .int('Introduceți un număr întreg.')
    .min(1, 'Cel puțin 1.')
    .max(1_000_000, 'Cel mult 1.000.000.')
    .nullish();

export const ONE_AUDIENCE = 'Alegeți un client sau o firmă de protocol, nu amândouă.';
export const PERCENT_RANGE = 'Procentul este între 0,01% și 100%.';
export const DATES_ORDER = 'Data de sfârșit este după cea de început.';

/** What an administrator writes (POST /api/discounts, PUT /api/discounts/{id}). */
export const DiscountConditionBodySchema = z
  .strictObject({
    name: requiredText(80),
    kind: DiscountKindSchema,
    value: z
      .number({ error: 'Introduceți valoarea.' })
      .int('Valoarea se dă în întregi (bani sau sutimi de procent).')
      .min(1, 'Valoarea este mai mare ca zero.')
      .max(1_000_000, 'Cel mult 10.000,00 RON.'),
    max_amount: z
      .number({ error: 'Introduceți o sumă în bani.' })
      .int('Suma se dă în bani întregi.')
      .min(1, 'Suma este mai mare ca zero.')
      .max(1_000_000, 'Cel mult 10.000,00 RON.')
      .nullish(),
    valid_from: dateOnly().nullish(),
    valid_until: dateOnly().nullish(),
    client_id: id().nullish(),
    protocol_company_id: id().nullish(),
    per_client_limit: limit(),
    total_limit: limit(),
    compensate_driver: z.boolean().default(false),
    disabled: z.boolean().default(false),
  })
  .refine((b) => b.kind !== 'percent' || b.value <= 10_000, {
    message: PERCENT_RANGE,
    path: ['value'],
  })
  .refine((b) => !(b.client_id && b.protocol_company_id), {
    message: ONE_AUDIENCE,
    path: ['protocol_company_id'],
  })
  .refine((b) => !b.valid_from || !b.valid_until || b.valid_from <= b.valid_until, {
    message: DATES_ORDER,
    path: ['valid_until'],
  });
export type DiscountConditionBody = z.input<typeof DiscountConditionBodySchema>;

/** GET /api/discounts: the company's conditions, newest first. */
export const DiscountListQuerySchema = z.strictObject({
  company_id: idParam().optional(),
  search: text(100).optional(),
  /** Also the disabled ones. */
  all: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: perPageQuery(30),
});
export type DiscountListQuery = z.infer<typeof DiscountListQuerySchema>;

/**
 * GET /api/discounts/applicable: what the order form offers a caller now (the client by id or
 * phone, the protocol company of the ride): enabled, within its dates, limits not spent.
 */
export const ApplicableDiscountsQuerySchema = z.strictObject({
  company_id: idParam().optional(),
  client_id: idParam().optional(),
  phone: text(30).optional(),
  protocol_company_id: idParam().optional(),
});
export type ApplicableDiscountsQuery = z.infer<typeof ApplicableDiscountsQuerySchema>;

export const ApplicableDiscountsSchema = z.object({ data: z.array(DiscountConditionSchema) });

/**
 * The refusals an order with a condition may get (field `discount_condition_id`): the limits
 * are checked again in the order's own transaction, so two orders racing for the last use
 * cannot both have it.
 */
export const DISCOUNT_REFUSALS = {
  unknown: 'Reducerea nu a fost găsită.',
  notApplicable: 'Reducerea nu se aplică acestui client.',
  outOfDates: 'Reducerea nu este valabilă la această dată.',
  disabled: 'Reducerea este dezactivată.',
  totalSpent: 'Reducerea a fost folosită de numărul maxim de ori.',
  clientSpent: 'Clientul a folosit reducerea de numărul maxim de ori.',
} as const;

/** An order whose discount the company may pay back to its driver (/finances/transfer-discount). */
export const DiscountCompensationRowSchema = z.object({
  order_id: z.number().int(),
  /** UTC. */
  trip_finished_at: z.string().nullable(),
  driver_id: z.number().int(),
  driver_name: z.string(),
  indicativ: z.string().nullable(),
  condition_id: z.number().int(),
  condition_name: z.string(),
  cost: z.number().int().nullable(),
  discount_amount: z.number().int(),
  discount_compensated: z.boolean(),
});
export type DiscountCompensationRow = z.infer<typeof DiscountCompensationRowSchema>;

export const DiscountCompensationPageSchema = paginated(DiscountCompensationRowSchema);

/** GET /api/discount-compensations: finished orders of compensated conditions. */
export const DiscountCompensationsQuerySchema = z.strictObject({
  company_id: idParam().optional(),
  /** 'pending' (default): not paid back yet; 'done': paid back. */
  state: z.enum(['pending', 'done']).default('pending'),
  driver_id: idParam().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: perPageQuery(30),
});
export type DiscountCompensationsQuery = z.infer<typeof DiscountCompensationsQuerySchema>;

export const DiscountCompensationBodySchema = z.strictObject({ order_id: id() });

export const ALREADY_COMPENSATED = 'Reducerea acestei comenzi a fost deja compensată.';
