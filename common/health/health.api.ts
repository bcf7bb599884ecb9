import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';

/** Liveness and database reachability, for load balancers and the start-up check. */
export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  response: z.object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
    node: z.string(),
  }),
});
