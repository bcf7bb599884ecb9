import { z } from 'zod';

/**
 * The error body every failing request answers with. `errors` is the spec's
 * validation shape: field → list of messages, present on 422.
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

/**
 * "Not found" for each kind of thing, written whole so that the participle agrees with the noun
 * (not "Utilizatorul nu a fost găsită.").
 */
export const NOT_FOUND = {
  resource: 'Resursa nu a fost găsită.',
  order: 'Comanda nu a fost găsită.',
  address: 'Adresa nu a fost găsită.',
  place: 'Locația nu a fost găsită.',
  user: 'Utilizatorul nu a fost găsit.',
  client: 'Clientul nu a fost găsit.',
  driver: 'Șoferul nu a fost găsit.',
  page: 'Pagina nu a fost găsită.',
  blockedPhone: 'Numărul blocat nu a fost găsit.',
  company: 'Compania nu a fost găsită.',
  zone: 'Zona nu a fost găsită.',
  stand: 'Stația nu a fost găsită.',
  car: 'Mașina nu a fost găsită.',
  service: 'Serviciul nu a fost găsit.',
  surcharge: 'Adaosul nu a fost găsit.',
  zonePrice: 'Prețul pe zone nu a fost găsit.',
  webApp: 'Aplicația web nu a fost găsită (rulați npm run build).',
} as const;
export type NotFoundKind = keyof typeof NOT_FOUND;
