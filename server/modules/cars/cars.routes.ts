import { createCar, deleteCar, getCar, listCars, updateCar } from '@common/cars/cars.api';
import type { FastifyInstance } from 'fastify';
import { ADMINISTRATORS } from '../../http/auth-context';
import { type Authenticate, route } from '../../http/route';
import type { CarsService } from './cars.service';

/** Dispatchers read the fleet (who drives what); administrators keep it. */
const READERS = ['admin', 'manager', 'dispatcher'] as const;

export function carsRoutes(app: FastifyInstance, authenticate: Authenticate, cars: CarsService) {
  route(app, authenticate, listCars, { roles: READERS }, ({ auth, query }) =>
    cars.list(auth, query),
  );
  route(app, authenticate, getCar, { roles: READERS }, ({ auth, params }) =>
    cars.get(auth, params.id),
  );
  route(app, authenticate, createCar, { roles: ADMINISTRATORS }, ({ auth, body }) =>
    cars.create(auth, body),
  );
  route(app, authenticate, updateCar, { roles: ADMINISTRATORS }, ({ auth, params, body }) =>
    cars.update(auth, params.id, body),
  );
  route(app, authenticate, deleteCar, { roles: ADMINISTRATORS }, async ({ auth, params }) => {
    await cars.remove(auth, params.id);
    return null;
  });
}
