import { z } from 'zod';

/**
 * A company an order can be billed to under 'Protocol?': a protocol client company
 * of the dispatching company (or the caller's own protocol company). Only what the selector shows.
 */
export const ProtocolCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
});
export type ProtocolCompany = z.infer<typeof ProtocolCompanySchema>;
