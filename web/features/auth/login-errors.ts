import { type LoginBody, LoginBodySchema } from '@common/auth/auth.schema';
import { isApiError } from '../../lib/api-client';

export interface LoginErrors {
  email?: string;
  password?: string;
  /** A message that belongs to no field (wrong credentials, rate limit, network). */
  form?: string;
}

export const TOO_MANY_ATTEMPTS = 'Prea multe încercări. Încercați din nou mai târziu.';

/**
 * Login: both fields required, e-mail of type email. The shared schema gives the
 * format messages; emptiness gets its own, clearer message.
 */
export function validateLogin(values: LoginBody): LoginErrors {
  const errors: LoginErrors = {};
  if (values.email.trim() === '') errors.email = 'Introduceți adresa de e-mail.';
  if (values.password === '') errors.password = 'Introduceți parola.';
  const parsed = LoginBodySchema.safeParse({ ...values, email: values.email.trim() });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'email' || field === 'password') && !errors[field]) {
        errors[field] = issue.message;
      }
    }
  }
  return errors;
}

/** Turns a failed login into messages next to the fields (field → messages). */
export function loginErrorsFrom(error: unknown): LoginErrors {
  if (!isApiError(error)) return { form: 'Autentificarea a eșuat. Încercați din nou.' };
  if (error.status === 429) return { form: TOO_MANY_ATTEMPTS };
  const { email, password, ...others } = error.fieldErrors;
  const rest = Object.values(others).flat();
  const errors: LoginErrors = {
    email: email?.join(' '),
    password: password?.join(' '),
  };
  if (rest.length > 0) errors.form = rest.join(' ');
  else if (!errors.email && !errors.password) errors.form = error.message;
  return errors;
}

export const hasErrors = (errors: LoginErrors): boolean =>
  Boolean(errors.email || errors.password || errors.form);
