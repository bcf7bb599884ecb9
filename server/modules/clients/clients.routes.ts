import {
  deleteAddress,
  deleteAddressHistory,
  listAddresses,
  listAddressHistory,
} from '@common/clients/clients.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, route } from '../../http/route';
import type { ClientsService } from './clients.service';

const CONSOLE = ['admin', 'dispatcher', 'company'] as const;

export function clientsRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  clients: ClientsService,
) {
  route(app, authenticate, listAddressHistory, { roles: CONSOLE }, ({ auth, params }) =>
    clients.addressHistory(auth, params.clientId),
  );
  route(app, authenticate, deleteAddressHistory, { roles: CONSOLE }, async ({ auth, params }) => {
    await clients.deleteFromHistory(auth, params.clientId, params.addressId);
    return null;
  });
  route(app, authenticate, listAddresses, { roles: CONSOLE }, ({ auth, params }) =>
    clients.addressesOf(auth, params.phoneOrUserId),
  );
  route(app, authenticate, deleteAddress, { roles: CONSOLE }, async ({ auth, params }) => {
    await clients.deleteAddress(auth, params.id);
    return null;
  });
}
