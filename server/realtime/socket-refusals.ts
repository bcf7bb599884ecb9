import type { z } from 'zod';
import { AppError } from '../http/app-error';

/** The answer a socket event's acknowledgement gives a bad payload ('Cererea nu este validă.'). */
export const INVALID_PAYLOAD = 'Cererea nu este validă.';

/** A payload's problems in the spec's field → messages shape (`fallback` for the whole payload). */
export function fieldErrorsOf(error: z.ZodError, fallback = 'payload'): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? fallback);
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

/**
 * A service's refusal (4xx) as an acknowledgement, or undefined for anything else: the caller
 * logs that and answers without internals.
 */
export function refusalOf(
  error: unknown,
): { ok: false; message: string; errors?: Record<string, string[]> } | undefined {
  if (!(error instanceof AppError) || error.status >= 500) return undefined;
  return {
    ok: false,
    message: error.message,
    ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
  };
}
