import { z } from 'zod';
import { isCleanText } from '../http/fields';

/** Shortest password a user may choose (NIST SP 800-63B: at least 8, no composition rules). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `Parola trebuie să aibă cel puțin ${PASSWORD_MIN_LENGTH} caractere.`;

/**
 * A password a user chooses (sign-up, password change): 8–200 characters, not only spaces, no
 * control characters. Not trimmed: what is typed is the password. The login's own schema only
 * asks for a non-empty one, so old passwords keep working.
 */
export const NewPasswordSchema = z
  .string({ error: 'Parola este obligatorie.' })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(200, 'Parola poate avea cel mult 200 de caractere.')
  .refine((value) => value.trim().length >= PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .refine(isCleanText, 'Parola conține caractere nepermise.');
