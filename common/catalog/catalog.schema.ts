import { z } from 'zod';

/** A service a company sells (service_id on an order; 1 is the default). */
export const ServiceSchema = z.object({ id: z.number().int(), name: z.string() });
export type Service = z.infer<typeof ServiceSchema>;

/** Order option. */
export const OrderOptionSchema = z.object({ key: z.string(), name: z.string() });
export type OrderOption = z.infer<typeof OrderOptionSchema>;

/** Says the discounts list fields are not shown; docs/DECISIONS.md records these. */
export const DiscountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['percent', 'fixed']),
  /** Percent (0-100) or bani. */
  value: z.number().int(),
  is_active: z.boolean(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
});
export type Discount = z.infer<typeof DiscountSchema>;
