import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import { ProtocolCompanySchema } from './companies.schema';

/**
 * The choices of the order forms' protocol company selector: the protocol
 * companies whose parent is one of the caller's companies, plus the caller's own protocol
 * companies, sorted by name; each is one the order endpoints accept as `protocol_company_id`.
 */
export const listProtocolCompanies = defineEndpoint({
  method: 'GET',
  path: '/api/protocol-companies',
  response: z.object({ data: z.array(ProtocolCompanySchema) }),
});
