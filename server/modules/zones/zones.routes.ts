import {
  createPolygon,
  createStand,
  deletePolygon,
  deleteStand,
  getPolygon,
  listPolygons,
  listStands,
  updatePolygon,
  updateStand,
} from '@common/zones/zones.api';
import type { FastifyInstance } from 'fastify';
import { type Authenticate, CONSOLE_ROLES, route } from '../../http/route';
import type { ZonesService } from './zones.service';

/** Every console reads the zones (maps, 'Statistici zone'); admins and dispatchers edit them. */
const READ = { roles: CONSOLE_ROLES };
const EDIT = { roles: ['admin', 'dispatcher'] } as const;

export function zonesRoutes(app: FastifyInstance, authenticate: Authenticate, zones: ZonesService) {
  route(app, authenticate, listPolygons, READ, ({ auth }) => zones.listPolygons(auth));
  route(app, authenticate, getPolygon, READ, ({ auth, params }) =>
    zones.getPolygon(auth, params.id),
  );
  route(app, authenticate, createPolygon, EDIT, ({ auth, body }) =>
    zones.createPolygon(auth, body),
  );
  route(app, authenticate, updatePolygon, EDIT, ({ auth, params, body }) =>
    zones.updatePolygon(auth, params.id, body),
  );
  route(app, authenticate, deletePolygon, EDIT, async ({ auth, params }) => {
    await zones.deletePolygon(auth, params.id);
    return null;
  });

  route(app, authenticate, listStands, READ, ({ auth }) => zones.listStands(auth));
  route(app, authenticate, createStand, EDIT, ({ auth, body }) => zones.createStand(auth, body));
  route(app, authenticate, updateStand, EDIT, ({ auth, params, body }) =>
    zones.updateStand(auth, params.id, body),
  );
  route(app, authenticate, deleteStand, EDIT, async ({ auth, params }) => {
    await zones.deleteStand(auth, params.id);
    return null;
  });
}
