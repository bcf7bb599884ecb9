import {
  type CreateCarBody,
  indicativTaken,
  type ListCarsQuery,
  type UpdateCarBody,
} from '@common/cars/cars.schema';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { notFound, validationFailed } from '../../http/app-error';
import { type AuthContext, isAdmin, scopeOf } from '../../http/auth-context';
import type { DriverWritePath } from '../drivers/state/driver-write-path';
import { isDriverOf } from '../users/users.repo';
import * as repo from './cars.repo';

const NOT_A_DRIVER = 'Șoferul nu aparține companiei mașinii.';
const FOREIGN_COMPANY = 'Compania nu a fost găsită.';

/**
 * The fleet (/cars, docs/ADMINISTRATION.md "People and cars"). A driver has one car,
 * so giving him a car frees his other one in the same transaction; a call sign is unique within
 * a company (cars_company_indicativ_idx); a car's driver belongs to the car's company. Every
 * write goes through the drivers' write path: the dispatch index shows a driver's call sign.
 */
export function createCarsService(db: Db, deps: { drivers: Pick<DriverWritePath, 'edit'> }) {
  async function get(auth: AuthContext, id: number) {
    const car = await repo.findCar(db, scopeOf(auth), id);
    if (!car) throw notFound('car');
    return car;
  }

  const list = (auth: AuthContext, query: ListCarsQuery) => repo.listCars(db, scopeOf(auth), query);

  /** The rules of a car as it will be: its company, its driver, its call sign. */
  async function check(
    tx: DbOrTx,
    auth: AuthContext,
    car: { company_id: number; driver_id: number | null; indicativ: string },
    exceptId?: number,
  ) {
    const errors: Record<string, string[]> = {};
    const mayUse = isAdmin(auth)
      ? await repo.companyExists(tx, car.company_id)
      : auth.companyIds.includes(car.company_id);
    if (!mayUse) errors.company_id = [FOREIGN_COMPANY];
    else {
      if (car.driver_id !== null && !(await isDriverOf(tx, car.driver_id, car.company_id)))
        errors.driver_id = [NOT_A_DRIVER];
      if (await repo.indicativHolder(tx, car.company_id, car.indicativ, exceptId))
        errors.indicativ = [indicativTaken(car.indicativ)];
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
  }

  /** Two requests racing for one call sign: the unique index decides, the loser gets a 422. */
  const indicativRace =
    (indicativ: string | undefined) =>
    (error: unknown): never => {
      if (isUniqueViolation(error, 'cars_company_indicativ_idx'))
        throw validationFailed({ indicativ: [indicativTaken(indicativ ?? '')] });
      throw error;
    };

  async function create(auth: AuthContext, body: CreateCarBody) {
    const id = await deps.drivers
      .edit(async (tx) => {
        await check(tx, auth, body);
        if (body.driver_id !== null) await repo.releaseDriver(tx, body.driver_id);
        const carId = await repo.insertCar(tx, body);
        return { result: carId, driverIds: body.driver_id === null ? [] : [body.driver_id] };
      })
      .catch(indicativRace(body.indicativ));
    return get(auth, id);
  }

  async function update(auth: AuthContext, id: number, body: UpdateCarBody) {
    await deps.drivers
      .edit(async (tx) => {
        const car = await repo.findCar(tx, scopeOf(auth), id);
        if (!car) throw notFound('car');
        const next = {
          company_id: body.company_id ?? car.company_id,
          driver_id: body.driver_id === undefined ? car.driver_id : body.driver_id,
          indicativ: body.indicativ ?? car.indicativ,
        };
        await check(tx, auth, next, id);
        if (next.driver_id !== null) await repo.releaseDriver(tx, next.driver_id, id);
        await repo.updateCar(tx, id, body);
        const driverIds = [car.driver_id, next.driver_id].filter((d): d is number => d !== null);
        return { result: undefined, driverIds };
      })
      .catch(indicativRace(body.indicativ));
    return get(auth, id);
  }

  async function remove(auth: AuthContext, id: number) {
    await deps.drivers.edit(async (tx) => {
      const car = await repo.findCar(tx, scopeOf(auth), id);
      if (!car) throw notFound('car');
      await repo.deleteCar(tx, id);
      return { result: undefined, driverIds: car.driver_id === null ? [] : [car.driver_id] };
    });
  }

  return { get, list, create, update, remove };
}

export type CarsService = ReturnType<typeof createCarsService>;
