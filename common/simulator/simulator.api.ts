import { defineEndpoint } from '../http/define-endpoint';
import { SimulatorSessionBodySchema, SimulatorSessionSchema } from './simulator.schema';

/**
 * /simulator: a session of one driver of the caller's company, so the
 * simulator page and `npm run simulate` act as that driver through the driver contract
 * (docs/DRIVER-API.md). Admins and dispatchers only; another company's user or a non-driver
 * answers 404; off (404) with SIMULATOR_ENABLED=false.
 */
export const createSimulatorSession = defineEndpoint({
  method: 'POST',
  path: '/api/simulator/sessions',
  body: SimulatorSessionBodySchema,
  response: SimulatorSessionSchema,
  status: 201,
  errors: [404],
});
