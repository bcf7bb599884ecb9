import { z } from 'zod';
import { ExportFormatSchema } from '../http/downloads';
import { dateOnly, id, idParam, text } from '../http/fields';
import { paginated, perPageQuery } from '../http/pagination';

/**
 * What moved a driver's balance (docs/MONEY.md "The ledger"). A positive amount is money the
 * company owes the driver, a negative one money he owes it.
 * - opening_balance: a balance carried over when the ledger began;
 * - commission (−) and commission_reversal (+): the company's cut of a finished trip;
 * - trip_payment (+) and trip_payment_reversal (−): a card or protocol fare the company collected;
 * - top_up (+): money the driver paid in at the office; payout (−): money paid out to him;
 * - transfer_out (−) and transfer_in (+): the two sides of a transfer between drivers;
 * - discount_compensation (+): the discount given on his order, paid back by the company.
 */
export const LEDGER_KINDS = [
  'opening_balance',
  'commission',
  'commission_reversal',
  'trip_payment',
  'trip_payment_reversal',
  'top_up',
  'payout',
  'transfer_out',
  'transfer_in',
  'discount_compensation',
] as const;
export const LedgerKindSchema = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof LedgerKindSchema>;

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  opening_balance: 'Sold inițial',
  commission: 'Comision',
  commission_reversal: 'Comision stornat',
  trip_payment: 'Cursă încasată de firmă',
  trip_payment_reversal: 'Încasare stornată',
  top_up: 'Depunere',
  payout: 'Plată către șofer',
  transfer_out: 'Transfer trimis',
  transfer_in: 'Transfer primit',
  discount_compensation: 'Compensare reducere',
};

/** One entry, with the balance it left beside it. */
export const LedgerEntrySchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  driver_id: z.number().int(),
  driver_name: z.string(),
  /** The driver's call sign (his car's, else his identifier). */
  indicativ: z.string().nullable(),
  kind: LedgerKindSchema,
  /** Signed bani. */
  amount: z.number().int(),
  balance_after: z.number().int(),
  order_id: z.number().int().nullable(),
  transfer_id: z.number().int().nullable(),
  /** The other driver of a transfer. */
  counterpart_id: z.number().int().nullable(),
  counterpart_name: z.string().nullable(),
  /** Who recorded it; null: the system (a trip's finish). */
  created_by_name: z.string().nullable(),
  note: z.string().nullable(),
  /** UTC `YYYY-MM-DD HH:mm:ss`. */
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const LedgerPageSchema = paginated(LedgerEntrySchema);
export type LedgerPage = z.infer<typeof LedgerPageSchema>;

/** A driver's balance with one company, as /finances/sold lists it. */
export const DriverBalanceSchema = z.object({
  company_id: z.number().int(),
  driver_id: z.number().int(),
  name: z.string(),
  indicativ: z.string().nullable(),
  is_online: z.boolean(),
  /** Bani. */
  balance: z.number().int(),
  /** Below the company's minimum: he is offered no orders. */
  below_min: z.boolean(),
  /** UTC of his last entry; null: none yet. */
  last_entry_at: z.string().nullable(),
});
export type DriverBalance = z.infer<typeof DriverBalanceSchema>;

export const DriverBalancePageSchema = paginated(DriverBalanceSchema).extend({
  /** The company's minimum balance (bani), for the screen's legend. */
  min_balance: z.number().int(),
});
export type DriverBalancePage = z.infer<typeof DriverBalancePageSchema>;

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** GET /api/driver-balances: lowest first, so the drivers below the minimum lead. */
export const DriverBalancesQuerySchema = z.strictObject({
  company_id: idParam().optional(),
  /** A call sign or a name. */
  search: text(100).optional(),
  below_min: flag.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: perPageQuery(30),
});
export type DriverBalancesQuery = z.infer<typeof DriverBalancesQuerySchema>;

/** GET /api/ledger-entries: newest first. */
export const LedgerQuerySchema = z.strictObject({
  company_id: idParam().optional(),
  driver_id: idParam().optional(),
  kind: LedgerKindSchema.optional(),
  order_id: idParam().optional(),
  /** Bucharest calendar days, both included. */
  date_from: dateOnly().optional(),
  date_to: dateOnly().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: perPageQuery(30),
});
export type LedgerQuery = z.infer<typeof LedgerQuerySchema>;

/** The filtered entries as a file: every one, newest first. */
export const LedgerExportQuerySchema = LedgerQuerySchema.omit({
  page: true,
  per_page: true,
}).extend({
  format: ExportFormatSchema,
});
export type LedgerExportQuery = z.infer<typeof LedgerExportQuerySchema>;

/** The driver's own history: one company of his (his first when absent). */
export const MyLedgerQuerySchema = LedgerQuerySchema.pick({
  company_id: true,
  kind: true,
  date_from: true,
  date_to: true,
  page: true,
  per_page: true,
});
export type MyLedgerQuery = z.infer<typeof MyLedgerQuerySchema>;

/** What an amount moved by hand is: 0,01 to 100.000,00 RON. */
export const movedAmount = () =>
  z
    .number({ error: 'Introduceți suma.' })
    .int('Suma se dă în bani întregi.')
    .min(1, 'Suma este mai mare ca zero.')
    .max(10_000_000, 'Cel mult 100.000,00 RON.');

const note = () => text(200).nullish();

/** POST /api/ledger/top-ups and /api/ledger/payouts: money paid in or out at the office. */
export const CashMovementBodySchema = z.strictObject({
  driver_id: id(),
  amount: movedAmount(),
  note: note(),
});
export type CashMovementBody = z.input<typeof CashMovementBodySchema>;

export const SAME_DRIVER = 'Alegeți doi șoferi diferiți.';
export const INSUFFICIENT_BALANCE = 'Sold insuficient.';

/** POST /api/ledger/transfers: from one driver of the company to another. */
export const TransferBodySchema = z
  .strictObject({
    from_driver_id: id(),
    to_driver_id: id(),
    amount: movedAmount(),
    note: note(),
  })
  .refine((body) => body.from_driver_id !== body.to_driver_id, {
    message: SAME_DRIVER,
    path: ['to_driver_id'],
  });
export type TransferBody = z.input<typeof TransferBodySchema>;

export const TransferSchema = z.object({
  transfer_id: z.number().int(),
  out: LedgerEntrySchema,
  in: LedgerEntrySchema,
});
export type Transfer = z.infer<typeof TransferSchema>;

/** A driver's own balance with each of his companies (GET /api/drivers/me/balance). */
export const MyBalanceSchema = z.object({
  balances: z.array(
    z.object({
      company_id: z.number().int(),
      company_name: z.string(),
      balance: z.number().int(),
      /** Below this he is offered no orders. */
      min_balance: z.number().int(),
    }),
  ),
});
export type MyBalance = z.infer<typeof MyBalanceSchema>;

/** The company's cut of a finished trip for one service (service 0/null: every other service). */
export const CommissionSchema = z.object({
  service_id: z.number().int().nullable(),
  service_name: z.string().nullable(),
  /** Basis points: 1500 = 15,00%. */
  percent_bp: z.number().int(),
  /** Bani per finished trip. */
  fixed: z.number().int(),
  updated_at: z.string().nullable(),
});
export type Commission = z.infer<typeof CommissionSchema>;

export const CommissionBodySchema = z.strictObject({
  percent_bp: z
    .number({ error: 'Introduceți procentul.' })
    .int('Procentul are cel mult două zecimale.')
    .min(0, 'Procentul nu poate fi negativ.')
    .max(10_000, 'Cel mult 100%.'),
  fixed: z
    .number({ error: 'Introduceți o sumă în bani.' })
    .int('Suma se dă în bani întregi.')
    .min(0, 'Suma nu poate fi negativă.')
    .max(1_000_000, 'Cel mult 10.000,00 RON.'),
});
export type CommissionBody = z.input<typeof CommissionBodySchema>;

/** PATCH /api/orders/{id}/fare: an administrator corrects a finished order's fare. */
export const FareCorrectionBodySchema = z.strictObject({
  cost: z
    .number({ error: 'Introduceți o sumă în bani.' })
    .int('Suma se dă în bani întregi.')
    .min(0, 'Suma nu poate fi negativă.')
    .max(10_000_000, 'Cel mult 100.000,00 RON.'),
  note: note(),
});
export type FareCorrectionBody = z.input<typeof FareCorrectionBodySchema>;

export const LedgerIdParamsSchema = z.object({ id: idParam() });
