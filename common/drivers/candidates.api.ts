import { defineEndpoint } from '../http/define-endpoint';
import { OrderIdParamsSchema } from '../orders/orders.schema';
import { CandidateDriversQuerySchema, CandidateDriversSchema } from './candidates.schema';

/**
 * GET /api/orders/{id}/candidate-drivers?search: the drivers of the order's company for a manual
 * assignment, nearest free ones first, then on an offer, paused, busy, banned and offline.
 */
export const getCandidateDrivers = defineEndpoint({
  method: 'GET',
  path: '/api/orders/:id/candidate-drivers',
  params: OrderIdParamsSchema,
  query: CandidateDriversQuerySchema,
  response: CandidateDriversSchema,
  // Another company's order, or none.
  errors: [404],
});
