import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import { OrderOptionSchema, ServiceSchema } from './catalog.schema';

export const listServices = defineEndpoint({
  method: 'GET',
  path: '/api/services',
  response: z.array(ServiceSchema),
});

export const listOrderOptions = defineEndpoint({
  method: 'GET',
  path: '/api/order-options',
  response: z.array(OrderOptionSchema),
});
