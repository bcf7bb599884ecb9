import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import { idParam, text } from '../http/fields';
import { BlockedPhoneSchema, CreateBlockedPhoneBodySchema } from './blocked-phones.schema';

export const listBlockedPhones = defineEndpoint({
  method: 'GET',
  path: '/api/blocked-phone',
  query: z.strictObject({ search: text(40).optional() }),
  response: z.array(BlockedPhoneSchema),
});

export const createBlockedPhone = defineEndpoint({
  method: 'POST',
  path: '/api/blocked-phone',
  body: CreateBlockedPhoneBodySchema,
  response: BlockedPhoneSchema,
  status: 201,
  // The number is already blocked.
  errors: [409],
});

export const deleteBlockedPhone = defineEndpoint({
  method: 'DELETE',
  path: '/api/blocked-phone/:id',
  params: z.object({ id: idParam() }),
  response: z.null(),
  status: 204,
});
