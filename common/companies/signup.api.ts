import { defineEndpoint } from '../http/define-endpoint';
import {
  CheckCuiQuerySchema,
  CheckCuiResponseSchema,
  CompanySignupBodySchema,
  CompanySignupResponseSchema,
} from './signup.schema';

/**
 * GET /api/check-cui?cui: the sign-up form's company lookup in the ANAF public VAT
 * registry (docs/OPERATIONS.md COMPANY_REGISTRY_URL). Public. 503 when the registry
 * cannot answer (REGISTRY_UNAVAILABLE): the user types the details by hand.
 */
export const checkCui = defineEndpoint({
  method: 'GET',
  path: '/api/check-cui',
  query: CheckCuiQuerySchema,
  response: CheckCuiResponseSchema,
});

/**
 * POST /api/company: a business signs up — its company on trial, its first
 * user (manager + dispatcher), then logged in. Public, rate-limited per address (429), idempotent
 * per `Idempotency-Key` (a retry logs into the company the first attempt created; the key with
 * another body is 422). A registered CUI or a used e-mail is 422 on its field.
 */
export const createCompany = defineEndpoint({
  method: 'POST',
  path: '/api/company',
  body: CompanySignupBodySchema,
  response: CompanySignupResponseSchema,
  status: 201,
  errors: [422, 429],
});
