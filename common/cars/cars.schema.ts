import { z } from 'zod';
import { dateOnly, id, idParam, requiredText, text } from '../http/fields';
import { pageQuery, paginated } from '../http/pagination';

/**
 * A fleet vehicle (/cars, docs/ADMINISTRATION.md "People and cars"): a driver's
 * default_car, with its call sign (indicativ), make, model, colour and plate, plus the records a
 * company keeps: year, seats, the assigned driver and its documents' expiry days.
 */
export const CarRecordSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  driver_id: z.number().int().nullable(),
  driver_name: z.string().nullable(),
  indicativ: z.string(),
  make: z.string(),
  model: z.string(),
  color: z.string(),
  number: z.string(),
  year: z.number().int().nullable(),
  seats: z.number().int().nullable(),
  /** YYYY-MM-DD: technical inspection (ITP), liability insurance (RCA), taxi licence. */
  itp_until: z.string().nullable(),
  rca_until: z.string().nullable(),
  license_until: z.string().nullable(),
  updated_at: z.string(),
});
export type CarRecord = z.infer<typeof CarRecordSchema>;

export const CarIdParamsSchema = z.object({ id: idParam() });

/** GET /api/cars: search (call sign, plate, make, model, driver), one company, one driver. */
export const ListCarsQuerySchema = z.strictObject({
  search: text(100).optional(),
  company_id: idParam().optional(),
  driver_id: idParam().optional(),
  ...pageQuery,
});
export type ListCarsQuery = z.infer<typeof ListCarsQuerySchema>;

export const CarListSchema = paginated(CarRecordSchema);

const CURRENT_YEAR_LIMIT = 2100;
const optionalDay = dateOnly()
  .or(z.literal(''))
  .transform((value) => value || null)
  .nullable();

/** What an administrator writes on a car; the same contract validates the web form. */
const carFields = {
  company_id: id(),
  driver_id: id().nullable(),
  indicativ: requiredText(20, 'Indicativul este obligatoriu.'),
  make: requiredText(50, 'Marca este obligatorie.'),
  model: requiredText(50, 'Modelul este obligatoriu.'),
  color: requiredText(30, 'Culoarea este obligatorie.'),
  number: requiredText(20, 'Numărul de înmatriculare este obligatoriu.'),
  year: z
    .number({ error: 'Anul nu este valid.' })
    .int('Anul nu este valid.')
    .min(1950, 'Anul nu este valid.')
    .max(CURRENT_YEAR_LIMIT, 'Anul nu este valid.')
    .nullable(),
  seats: z
    .number({ error: 'Numărul de locuri nu este valid.' })
    .int('Numărul de locuri nu este valid.')
    .min(1, 'Numărul de locuri nu este valid.')
    .max(60, 'Numărul de locuri nu este valid.')
    .nullable(),
  itp_until: optionalDay,
  rca_until: optionalDay,
  license_until: optionalDay,
};

export const CreateCarBodySchema = z.strictObject({
  ...carFields,
  driver_id: carFields.driver_id.default(null),
  year: carFields.year.default(null),
  seats: carFields.seats.default(null),
  itp_until: carFields.itp_until.default(null),
  rca_until: carFields.rca_until.default(null),
  license_until: carFields.license_until.default(null),
});
export type CreateCarBody = z.infer<typeof CreateCarBodySchema>;
export type CreateCarInput = z.input<typeof CreateCarBodySchema>;

export const UpdateCarBodySchema = z.strictObject(carFields).partial();
export type UpdateCarBody = z.infer<typeof UpdateCarBodySchema>;

export const indicativTaken = (indicativ: string) =>
  `Indicativul ${indicativ} este deja folosit în această companie.`;
