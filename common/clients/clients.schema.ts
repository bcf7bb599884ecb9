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
