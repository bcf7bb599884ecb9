import { z } from 'zod';
import { NewPasswordSchema } from '../auth/password';
import { requiredText } from '../http/fields';
import { PhoneInputSchema } from '../orders/orders.schema';

/** /settings/account: what a user changes of his own profile. */
export const AccountBodySchema = z.strictObject({
  name: requiredText(100, 'Numele este obligatoriu.'),
  phone: z.preprocess((value) => (value === '' ? null : value), PhoneInputSchema.nullable()),
});
export type AccountBody = z.infer<typeof AccountBodySchema>;
export type AccountInput = z.input<typeof AccountBodySchema>;

export const WRONG_CURRENT_PASSWORD = 'Parola actuală nu este corectă.';
export const SAME_PASSWORD = 'Parola nouă trebuie să fie diferită de cea actuală.';

/** A password change: the current one proves it is the user, not a borrowed open session. */
export const PasswordChangeBodySchema = z
  .strictObject({
    current_password: z
      .string({ error: 'Parola actuală este obligatorie.' })
      .min(1, 'Parola actuală este obligatorie.')
      .max(200),
    new_password: NewPasswordSchema,
  })
  .refine((body) => body.current_password !== body.new_password, {
    path: ['new_password'],
    message: SAME_PASSWORD,
  });
export type PasswordChangeBody = z.infer<typeof PasswordChangeBodySchema>;

/** How many of the user's other sessions the change ended. */
export const PasswordChangedSchema = z.object({ revoked_sessions: z.number().int() });
