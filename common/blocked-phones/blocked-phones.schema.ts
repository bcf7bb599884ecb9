import { z } from 'zod';
import { text } from '../http/fields';
import { PhoneInputSchema } from '../orders/orders.schema';

/** Blocked phone. */
export const BlockedPhoneSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type BlockedPhone = z.infer<typeof BlockedPhoneSchema>;

export const CreateBlockedPhoneBodySchema = z.strictObject({
  phone: PhoneInputSchema,
  reason: text(300).nullish(),
});

/** The refusal an order from a blocked phone gets (field `phone`). */
export const BLOCKED_PHONE_MESSAGE = 'Numărul de telefon este blocat.';
