import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import { SPREADSHEET_TYPES } from '../http/downloads';
import { idParam } from '../http/fields';
import {
  StatementClientsQuerySchema,
  StatementClientsSchema,
  StatementExportQuerySchema,
  StatementQuerySchema,
  StatementSchema,
} from './statements.schema';

const clientParams = z.strictObject({ company_id: idParam() });

/** The fleet company's protocol clients with their month's sums (/finances/statements). */
export const listStatementClients = defineEndpoint({
  method: 'GET',
  path: '/api/protocol-statements',
  query: StatementClientsQuerySchema,
  response: StatementClientsSchema,
  errors: [403],
});

/**
 * One protocol client's monthly statement: for its fleet company's console, and for the
 * client's own users.
 */
export const getStatement = defineEndpoint({
  method: 'GET',
  path: '/api/protocol-statements/:company_id',
  params: clientParams,
  query: StatementQuerySchema,
  response: StatementSchema,
});

/** The same statement as a CSV or XLSX file. */
export const exportStatement = defineEndpoint({
  method: 'GET',
  path: '/api/protocol-statements/:company_id/export',
  params: clientParams,
  query: StatementExportQuerySchema,
  response: z.string(),
  produces: SPREADSHEET_TYPES,
});
