import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import {
  PickupReachQuerySchema,
  PickupReachSchema,
  PolygonBodySchema,
  PolygonIdParamsSchema,
  PolygonPatchSchema,
  PolygonSchema,
  StandBodySchema,
  StandPatchSchema,
  StandSchema,
} from './zones.schema';

/** GET /api/polygons: the zones of the caller's companies. */
export const listPolygons = defineEndpoint({
  method: 'GET',
  path: '/api/polygons',
  response: z.array(PolygonSchema),
});

/** GET /api/polygons/{id}; another company's zone answers 404. */
export const getPolygon = defineEndpoint({
  method: 'GET',
  path: '/api/polygons/:id',
  params: PolygonIdParamsSchema,
  response: PolygonSchema,
});

/** The zone editor (/settings/polygons): admins draw zones. */
export const createPolygon = defineEndpoint({
  method: 'POST',
  path: '/api/polygons',
  body: PolygonBodySchema,
  response: PolygonSchema,
  status: 201,
});

export const updatePolygon = defineEndpoint({
  method: 'PATCH',
  path: '/api/polygons/:id',
  params: PolygonIdParamsSchema,
  body: PolygonPatchSchema,
  response: PolygonSchema,
});

export const deletePolygon = defineEndpoint({
  method: 'DELETE',
  path: '/api/polygons/:id',
  params: PolygonIdParamsSchema,
  response: z.null(),
  status: 204,
});

/** Taxi stands with their queues of free drivers. */
export const listStands = defineEndpoint({
  method: 'GET',
  path: '/api/stands',
  response: z.array(StandSchema),
});

export const createStand = defineEndpoint({
  method: 'POST',
  path: '/api/stands',
  body: StandBodySchema,
  response: StandSchema,
  status: 201,
});

export const updateStand = defineEndpoint({
  method: 'PATCH',
  path: '/api/stands/:id',
  params: PolygonIdParamsSchema,
  body: StandPatchSchema,
  response: StandSchema,
});

export const deleteStand = defineEndpoint({
  method: 'DELETE',
  path: '/api/stands/:id',
  params: PolygonIdParamsSchema,
  response: z.null(),
  status: 204,
});

/** The order forms' far-pickup warning: is this pickup within the fleet's reach? */
export const getPickupReach = defineEndpoint({
  method: 'GET',
  path: '/api/pickup-reach',
  query: PickupReachQuerySchema,
  response: PickupReachSchema,
});
