import {
  deleteAddress,
  deleteAddressHistory,
  listAddresses,
  listAddressHistory,
  lookupClient,
} from '@common/clients/clients.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import type { ClientsService } from './clients.service';

export function clientsRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  clients: ClientsService,
) {
  route(app, authenticate, listAddressHistory, { roles: CONSOLE_ROLES }, ({ auth, params }) =>
    clients.addressHistory(auth, params.clientId),
  );
  route(
    app,
    authenticate,
    deleteAddressHistory,
    { roles: CONSOLE_ROLES },
    async ({ auth, params }) => {
      await clients.deleteFromHistory(auth, params.clientId, params.addressId);
      return null;
    },
  );
  route(app, authenticate, listAddresses, { roles: CONSOLE_ROLES }, ({ auth, params }) =>
    clients.addressesOf(auth, params.phoneOrUserId),
  );
  route(app, authenticate, lookupClient, { roles: CONSOLE_ROLES }, ({ auth, query }) =>
    clients.lookup(auth, query.phone),
  );
  route(app, authenticate, deleteAddress, { roles: CONSOLE_ROLES }, async ({ auth, params }) => {
    await clients.deleteAddress(auth, params.id);
    return null;
  });
}
