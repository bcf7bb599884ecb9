import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import { idParam, requiredText, text } from '../http/fields';
import { ClientLookupSchema, SavedAddressSchema } from './clients.schema';

const clientAddressParams = z.object({
  clientId: idParam(),
  addressId: idParam(),
});

/** A client's saved addresses, as the order form and client history show them. */
export const listAddressHistory = defineEndpoint({
  method: 'GET',
  path: '/api/dispatcher-orders/:clientId/address-history',
  params: z.object({ clientId: idParam() }),
  response: z.array(SavedAddressSchema),
});

export const deleteAddressHistory = defineEndpoint({
  method: 'PATCH',
  path: '/api/dispatcher-orders/:clientId/address-history-delete/:addressId',
  params: clientAddressParams,
  response: z.null(),
  status: 204,
});

/** User-addresses service, mounted under its own prefix. */
export const USER_ADDRESSES_PREFIX = '/user-addresses';

/** Saved addresses by phone number or client user id. */
export const listAddresses = defineEndpoint({
  method: 'GET',
  path: `${USER_ADDRESSES_PREFIX}/addresses/:phoneOrUserId`,
  params: z.object({ phoneOrUserId: requiredText(40) }),
  response: z.array(SavedAddressSchema),
});

export const deleteAddress = defineEndpoint({
  method: 'DELETE',
  path: `${USER_ADDRESSES_PREFIX}/addresses/:id`,
  params: z.object({ id: idParam() }),
  response: z.null(),
  status: 204,
});

/** The order forms' lookup of a typed number (a number that is not one finds nobody). */
export const lookupClient = defineEndpoint({
  method: 'GET',
  path: '/api/clients/lookup',
  query: z.strictObject({ phone: text(40) }),
  response: ClientLookupSchema,
});
