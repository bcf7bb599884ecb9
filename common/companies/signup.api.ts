import { defineEndpoint } from '../http/define-endpoint';
import { CheckCuiQuerySchema, CheckCuiResponseSchema } from './signup.schema';

/**
 * SPEC §7 GET /api/check-cui?cui: the sign-up form's company lookup in the ANAF public VAT
 * registry (issue #20, docs/OPERATIONS.md COMPANY_REGISTRY_URL). Public. 503 when the registry
 * cannot answer (REGISTRY_UNAVAILABLE): the user types the details by hand.
 */
export const checkCui = defineEndpoint({
  method: 'GET',
  path: '/api/check-cui',
  query: CheckCuiQuerySchema,
  response: CheckCuiResponseSchema,
});
