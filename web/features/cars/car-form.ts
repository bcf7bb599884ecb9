import {
  type CarRecord,
  type CreateCarBody,
  CreateCarBodySchema,
  type UpdateCarBody,
  UpdateCarBodySchema,
} from '@common/cars/cars.schema';
import type { FormErrors } from '@mantine/form';
import { contractResolver } from '../../lib/form/contract-resolver';

/** A car as the form holds it; numbers as typed ('' is none). */
export interface CarDraft {
  company_id: number | null;
  driver_id: number | null;
  indicativ: string;
  make: string;
  model: string;
  color: string;
  number: string;
  year: number | string;
  seats: number | string;
  itp_until: string;
  rca_until: string;
  license_until: string;
}

export const emptyCarDraft = (
  companyId: number | null,
  driverId: number | null = null,
): CarDraft => ({
  company_id: companyId,
  driver_id: driverId,
  indicativ: '',
  make: '',
  model: '',
  color: '',
  number: '',
  year: '',
  seats: 4,
  itp_until: '',
  rca_until: '',
  license_until: '',
});

export const carDraftOf = (car: CarRecord): CarDraft => ({
  company_id: car.company_id,
  driver_id: car.driver_id,
  indicativ: car.indicativ,
  make: car.make,
  model: car.model,
  color: car.color,
  number: car.number,
  year: car.year ?? '',
  seats: car.seats ?? '',
  itp_until: car.itp_until ?? '',
  rca_until: car.rca_until ?? '',
  license_until: car.license_until ?? '',
});

/** '' → none; half-typed text is not a number (the schema refuses it on its field). */
const numberOrNull = (value: number | string): number | null =>
  typeof value === 'number' ? value : value.trim() === '' ? null : Number(value);

/** The draft in the request's shape, before the contract checks it. */
const carInput = (draft: CarDraft) => ({
  ...draft,
  company_id: draft.company_id ?? Number.NaN,
  year: numberOrNull(draft.year),
  seats: numberOrNull(draft.seats),
});

export const COMPANY_REQUIRED = 'Alegeți compania.';

const schemaOf = (creating: boolean) => (creating ? CreateCarBodySchema : UpdateCarBodySchema);

/** The shared contract's check of a draft (the server runs the same schema). */
export function carValidator(creating: boolean): (draft: CarDraft) => FormErrors {
  const resolve = contractResolver(schemaOf(creating), carInput);
  return (draft) => {
    const errors = resolve(draft);
    // The contract's message for a missing id says nothing a user acts on.
    if (draft.company_id === null) errors.company_id = COMPANY_REQUIRED;
    return errors;
  };
}

/** The request body of a draft that passed `carValidator`. */
export const carBody = (draft: CarDraft, creating: boolean): CreateCarBody | UpdateCarBody =>
  schemaOf(creating).parse(carInput(draft));
