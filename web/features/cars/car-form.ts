import {
  type CarRecord,
  type CreateCarBody,
  CreateCarBodySchema,
  type UpdateCarBody,
  UpdateCarBodySchema,
} from '@common/cars/cars.schema';
import { type FieldErrors, zodFieldErrors } from '../users/form-errors';

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

export const COMPANY_REQUIRED = 'Alegeți compania.';

/** The shared contract's verdict on a draft: the server runs the same schema. */
export function validateCar(
  draft: CarDraft,
  creating: boolean,
): { ok: true; body: CreateCarBody | UpdateCarBody } | { ok: false; errors: FieldErrors } {
  const body = {
    ...draft,
    company_id: draft.company_id ?? Number.NaN,
    year: numberOrNull(draft.year),
    seats: numberOrNull(draft.seats),
  };
  const parsed = (creating ? CreateCarBodySchema : UpdateCarBodySchema).safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors = zodFieldErrors(parsed.error);
  if (draft.company_id === null) errors.company_id = [COMPANY_REQUIRED];
  return { ok: false, errors };
}
