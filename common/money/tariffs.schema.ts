import { z } from 'zod';
import { id, latitude, longitude, requiredText, timeOnly, utcDateTime } from '../http/fields';
import { CommissionSchema } from './ledger.schema';

/** Amounts are integer bani (1 RON = 100 bani); a tariff's figures are at most 10.000 RON. */
const bani = () =>
  z
    .number({ error: 'Introduceți o sumă în bani.' })
    .int('Suma se dă în bani întregi.')
    .min(0, 'Suma nu poate fi negativă.')
    .max(1_000_000, 'Cel mult 10.000,00 RON.');

/** A company's meter for one service, or for every service (`service_id` null). */
export const TariffSchema = z.object({
  service_id: z.number().int().nullable(),
  service_name: z.string().nullable(),
  start_fee: z.number().int(),
  per_km: z.number().int(),
  per_minute: z.number().int(),
  minimum_fare: z.number().int(),
  updated_at: z.string().nullable(),
});
export type Tariff = z.infer<typeof TariffSchema>;

export const TariffBodySchema = z.strictObject({
  start_fee: bani(),
  per_km: bani(),
  per_minute: bani(),
  minimum_fare: bani(),
});

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A surcharge window in Bucharest time (night, weekend): the meter × percent / 100. */
export const SurchargeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 1 = Monday … 7 = Sunday: the day the window starts. */
  days: z.array(z.number().int()),
  /** 'HH:mm'; `time_to` before `time_from` runs past midnight. */
  time_from: z.string(),
  time_to: z.string(),
  percent: z.number().int(),
});
export type SurchargeRow = z.infer<typeof SurchargeSchema>;

export const SurchargeBodySchema = z
  .strictObject({
    name: requiredText(60),
    days: z
      .array(z.number().int().min(1).max(7))
      .min(1, 'Alegeți cel puțin o zi.')
      .refine((days) => new Set(days).size === days.length, 'O zi apare o singură dată.'),
    time_from: timeOnly(),
    time_to: timeOnly(),
    percent: z.number().int().min(101, 'Un adaos este peste 100%.').max(500, 'Cel mult 500%.'),
  })
  .refine((body) => body.time_from !== body.time_to, {
    message: 'Ora de sfârșit diferă de cea de început.',
    path: ['time_to'],
  });

/** A fixed price between two zones of the company (airport ↔ centre): it wins over the meter. */
export const ZonePriceSchema = z.object({
  id: z.number().int(),
  service_id: z.number().int().nullable(),
  from_polygon_id: z.number().int(),
  from_name: z.string(),
  to_polygon_id: z.number().int(),
  to_name: z.string(),
  price: z.number().int(),
  /** The same price the other way too. */
  both_ways: z.boolean(),
});
export type ZonePrice = z.infer<typeof ZonePriceSchema>;

export const ZonePriceBodySchema = z.strictObject({
  service_id: id().nullish(),
  from_polygon_id: id(),
  to_polygon_id: id(),
  price: bani().min(1, 'Prețul fix este mai mare ca zero.'),
  both_ways: z.boolean().default(true),
});

/** A company's money rules beyond the meter (one row; these defaults until it has chosen). */
export const FinanceSettingsSchema = z.object({
  /** The driver app's taximeter amount, sent at the trip's finish, is the final fare. */
  accept_taximeter: z.boolean(),
  /** Bani: a driver whose balance is below this is offered no orders (may be negative). */
  min_balance: z.number().int(),
  /** A transfer or a payout may leave the driver's balance below zero. */
  allow_negative_balance: z.boolean(),
});
export type FinanceSettings = z.infer<typeof FinanceSettingsSchema>;

export const DEFAULT_FINANCE_SETTINGS: FinanceSettings = {
  accept_taximeter: false,
  min_balance: 0,
  allow_negative_balance: false,
};

export const FinanceSettingsBodySchema = z.strictObject({
  accept_taximeter: z.boolean(),
  min_balance: z
    .number({ error: 'Introduceți o sumă în bani.' })
    .int('Suma se dă în bani întregi.')
    .min(-10_000_000, 'Cel puțin -100.000,00 RON.')
    .max(10_000_000, 'Cel mult 100.000,00 RON.'),
  allow_negative_balance: z.boolean(),
});
export type FinanceSettingsBody = z.input<typeof FinanceSettingsBodySchema>;

/** Everything that prices a company's trips. */
export const CompanyTariffsSchema = z.object({
  company_id: z.number().int(),
  tariffs: z.array(TariffSchema),
  surcharges: z.array(SurchargeSchema),
  zone_prices: z.array(ZonePriceSchema),
  commissions: z.array(CommissionSchema),
  settings: FinanceSettingsSchema,
  /** The company's zones by name: what a zone price may join (the acting company's, not the caller's). */
  zones: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CompanyTariffs = z.infer<typeof CompanyTariffsSchema>;

/**
 * How an order's `cost` was made: 'estimate' (the meter on the planned route, at intake), 'zone'
 * (a zone price), 'fixed' (the operator's price), 'meter' (the meter on the trip as driven, at
 * its finish), 'taximeter' (the driver app's amount, where the company accepts it), 'corrected'
 * (an administrator's new fare for a finished trip).
 */
export const COST_SOURCES = [
  'estimate',
  'zone',
  'fixed',
  'meter',
  'taximeter',
  'corrected',
] as const;
export const CostSourceSchema = z.enum(COST_SOURCES);
export type CostSource = z.infer<typeof CostSourceSchema>;

export const FareEstimateBodySchema = z.strictObject({
  service_id: id().nullish(),
  places: z
    .array(z.strictObject({ lat: latitude(), long: longitude() }))
    .min(2, 'Adăugați adresa de destinație.')
    .max(10),
  /** When the trip starts (UTC); now when absent. The surcharge windows follow it. */
  departure_time: utcDateTime().nullish(),
  /** For a protocol ride or a company user placing one: the dispatching company's tariffs. */
  company_id: id().nullish(),
});

export const FareEstimateSchema = z.object({
  cost: z.number().int(),
  source: z.enum(['estimate', 'zone']),
  distance_m: z.number().int(),
  duration_s: z.number().int(),
  /** False: no router answered; the straight line × the road factor (docs/DISPATCH.md). */
  routed: z.boolean(),
  percent: z.number().int(),
  minimum_applied: z.boolean(),
  zone_price_id: z.number().int().nullable(),
});
export type FareEstimate = z.infer<typeof FareEstimateSchema>;
