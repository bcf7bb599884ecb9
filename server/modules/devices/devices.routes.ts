import {
  createDevice,
  deleteDevice,
  getDevice,
  listDevices,
  updateDevice,
} from '@common/devices/devices.api';
import type { FastifyInstance } from 'fastify';
import { ADMINISTRATORS } from '../../http/auth-context';
import { type Authenticate, route } from '../../http/route';
import type { DevicesService } from './devices.service';

/** Admins and company managers run their fleet's devices. */
const ADMIN = { roles: ADMINISTRATORS };

export function devicesRoutes(
  app: FastifyInstance,
  authenticate: Authenticate,
  devices: DevicesService,
) {
  route(app, authenticate, listDevices, ADMIN, ({ auth, query }) => devices.list(auth, query));
  route(app, authenticate, getDevice, ADMIN, ({ auth, params }) => devices.get(auth, params.id));
  route(app, authenticate, createDevice, ADMIN, ({ auth, body }) => devices.create(auth, body));
  route(app, authenticate, updateDevice, ADMIN, ({ auth, params, body }) =>
    devices.update(auth, params.id, body),
  );
  route(app, authenticate, deleteDevice, ADMIN, async ({ auth, params }) => {
    await devices.remove(auth, params.id);
    return null;
  });
}
