import { z } from 'zod';

/**
 * The error body every failing request answers with. `errors` is the spec's
 * validation shape: field → list of messages (SPEC §5), present on 422.
 */
export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Error codes the API uses, each with its HTTP status. */
export const ERROR_STATUS = {
  validation_failed: 422,
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
