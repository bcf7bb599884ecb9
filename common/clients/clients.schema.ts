import { z } from 'zod';

/** Saved address: a client's address remembered from earlier orders. */
export const SavedAddressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lat: z.number(),
  long: z.number(),
  place_id: z.string().nullable(),
  comment: z.string().nullable(),
  scara: z.string().nullable(),
  bloc: z.string().nullable(),
  reper: z.string().nullable(),
  is_internal: z.boolean(),
});
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

/** Client. */
export const ClientSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  phone: z.string(),
  about: z.string().nullable(),
  protocol_parent_user: z.number().int().nullable(),
  created_at: z.string(),
});
export type Client = z.infer<typeof ClientSchema>;

/**
 * What the order forms learn from a typed number: the company's client with that number (to
 * fill the name and notes) and whether the number is blocked (warned while it is typed).
 */
export const ClientLookupSchema = z.object({
  client: z
    .object({ id: z.number().int(), name: z.string().nullable(), about: z.string().nullable() })
    .nullable(),
  blocked: z.boolean(),
  /** Only for those who manage blocked numbers (admins, dispatchers). */
  blocked_reason: z.string().nullable(),
});
export type ClientLookup = z.infer<typeof ClientLookupSchema>;
