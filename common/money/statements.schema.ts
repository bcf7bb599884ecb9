import { z } from 'zod';
import { ExportFormatSchema } from '../http/downloads';
import { idParam } from '../http/fields';
import { PaymentTypeSchema } from '../orders/orders.schema';

/** A Bucharest calendar month, `YYYY-MM` (2000–2100). */
export const MonthSchema = z
  .string({ error: 'Alegeți luna.' })
  .regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, { message: 'Luna nu este validă. Format: AAAA-LL.' });
export type Month = z.infer<typeof MonthSchema>;

/** The sums of a statement, in bani: fares, discounts, and what the client owes. */
export const StatementTotalsSchema = z.object({
  rides: z.number().int(),
  cost: z.number().int(),
  discount: z.number().int(),
  billed: z.number().int(),
});
export type StatementTotals = z.infer<typeof StatementTotalsSchema>;

/** One protocol client of the fleet company with its month's sums (/finances/statements). */
export const StatementClientSchema = StatementTotalsSchema.extend({
  company_id: z.number().int(),
  name: z.string(),
  cui: z.string().nullable(),
});
export type StatementClient = z.infer<typeof StatementClientSchema>;

export const StatementClientsSchema = z.object({
  month: MonthSchema,
  /** The fleet company the clients order from. */
  company_id: z.number().int(),
  clients: z.array(StatementClientSchema),
  totals: StatementTotalsSchema,
});
export type StatementClients = z.infer<typeof StatementClientsSchema>;

/** One finished ride billed to the client, in the month its trip ended (Bucharest clock). */
export const StatementRideSchema = z.object({
  order_id: z.number().int(),
  /** When the trip ended, UTC `YYYY-MM-DD HH:mm:ss`. */
  finished_at: z.string(),
  passenger: z.string().nullable(),
  phone: z.string(),
  pickup: z.string().nullable(),
  destination: z.string().nullable(),
  car_indicativ: z.string().nullable(),
  /** Who placed it: the client's own user or the dispatcher. */
  ordered_by: z.string().nullable(),
  payment_type: PaymentTypeSchema,
  /** Bani; null: the ride has no fare (the statement counts it as 0). */
  cost: z.number().int().nullable(),
  discount: z.number().int(),
  billed: z.number().int(),
});
export type StatementRide = z.infer<typeof StatementRideSchema>;

const PartySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cui: z.string().nullable(),
  address: z.string().nullable(),
});

/** One protocol client's month: its rides, oldest first, and their sums. */
export const StatementSchema = z.object({
  month: MonthSchema,
  /** The fleet company that drove the rides and bills them (null: the client has none now). */
  company: PartySchema.nullable(),
  client: PartySchema,
  rides: z.array(StatementRideSchema),
  totals: StatementTotalsSchema,
});
export type Statement = z.infer<typeof StatementSchema>;

export const StatementClientsQuerySchema = z.strictObject({
  month: MonthSchema,
  company_id: idParam().optional(),
});

export const StatementQuerySchema = z.strictObject({ month: MonthSchema });

export const StatementExportQuerySchema = z.strictObject({
  month: MonthSchema,
  format: ExportFormatSchema,
});
