import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import {
  CarIdParamsSchema,
  CarListSchema,
  CarRecordSchema,
  CreateCarBodySchema,
  ListCarsQuerySchema,
  UpdateCarBodySchema,
} from './cars.schema';

/** /cars: the fleet of the caller's companies (the platform admin: every company). */
export const listCars = defineEndpoint({
  method: 'GET',
  path: '/api/cars',
  query: ListCarsQuerySchema,
  response: CarListSchema,
});

/** Another company's car answers 404, like a missing one. */
export const getCar = defineEndpoint({
  method: 'GET',
  path: '/api/cars/:id',
  params: CarIdParamsSchema,
  response: CarRecordSchema,
});

/** Assigning a driver frees his other car in the same transaction (one car per driver). */
export const createCar = defineEndpoint({
  method: 'POST',
  path: '/api/cars',
  body: CreateCarBodySchema,
  response: CarRecordSchema,
  status: 201,
});

export const updateCar = defineEndpoint({
  method: 'PATCH',
  path: '/api/cars/:id',
  params: CarIdParamsSchema,
  body: UpdateCarBodySchema,
  response: CarRecordSchema,
});

export const deleteCar = defineEndpoint({
  method: 'DELETE',
  path: '/api/cars/:id',
  params: CarIdParamsSchema,
  response: z.null(),
  status: 204,
});
