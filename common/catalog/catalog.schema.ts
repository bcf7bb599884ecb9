import { z } from 'zod';

/** A service a company sells (service_id on an order; 1 is the default). */
export const ServiceSchema = z.object({ id: z.number().int(), name: z.string() });
export type Service = z.infer<typeof ServiceSchema>;

/** Order option. */
export const OrderOptionSchema = z.object({ key: z.string(), name: z.string() });
export type OrderOption = z.infer<typeof OrderOptionSchema>;
