import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { type ApiError, isApiError as isAnyApiError } from '../api-client';

/** Field → messages: the API's validation shape, from the client's checks or the server's. */
export type FieldErrors = Record<string, string[]>;

/** A zod error as field → messages (the first path segment names the field). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const [head] = issue.path;
    const field = typeof head === 'string' ? head : 'form';
    const list = errors[field] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[field] = list;
  }
  return errors;
}

/** The server's field errors of a failed request (422), or none. */
export const serverFieldErrors = (error: unknown): FieldErrors =>
  isApiError(error, 422) ? error.fieldErrors : {};

/** Whether a request failed with the server's answer (of this status). */
export const isApiError = (error: unknown, status?: number): error is ApiError =>
  isAnyApiError(error) && (status === undefined || error.status === status);

/** What a field shows: its first message. */
export const firstError = (errors: FieldErrors, field: string): string | undefined =>
  errors[field]?.[0];

/**
 * Field errors as a form holds them: a field of the form shows its first message; a message on
 * anything else (a rule of the whole record) keeps all of its words, for the form's alert.
 */
export function formErrorsOf(errors: FieldErrors, fields: object): FormErrors {
  const shown: FormErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    if (messages.length === 0) continue;
    shown[key] = key in fields ? messages[0] : messages.join(' ');
  }
  return shown;
}

/** Field errors as a form holds them, each field with all of its messages. */
export const joinedErrors = (errors: FieldErrors): FormErrors =>
  Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [field, messages.join(' ')]),
  );
