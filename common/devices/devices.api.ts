import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import {
  DeviceBodySchema,
  DeviceIdParamsSchema,
  DeviceListSchema,
  DevicePatchSchema,
  DeviceSchema,
  ListDevicesQuerySchema,
} from './devices.schema';

/** /devices: the devices of the caller's companies, searched by identifier, model or driver. */
export const listDevices = defineEndpoint({
  method: 'GET',
  path: '/api/devices',
  query: ListDevicesQuerySchema,
  response: DeviceListSchema,
});

/** /device/{id}; another company's device answers 404. */
export const getDevice = defineEndpoint({
  method: 'GET',
  path: '/api/devices/:id',
  params: DeviceIdParamsSchema,
  response: DeviceSchema,
});

export const createDevice = defineEndpoint({
  method: 'POST',
  path: '/api/devices',
  body: DeviceBodySchema,
  response: DeviceSchema,
  status: 201,
});

export const updateDevice = defineEndpoint({
  method: 'PATCH',
  path: '/api/devices/:id',
  params: DeviceIdParamsSchema,
  body: DevicePatchSchema,
  response: DeviceSchema,
});

export const deleteDevice = defineEndpoint({
  method: 'DELETE',
  path: '/api/devices/:id',
  params: DeviceIdParamsSchema,
  response: z.null(),
  status: 204,
});
