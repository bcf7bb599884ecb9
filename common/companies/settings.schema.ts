import { z } from 'zod';
import { CompanyTypeSchema, PackageIdSchema } from '../auth/auth.schema';
import { SearchItemSchema } from '../dispatch/search-method.schema';
import { id, requiredText, text } from '../http/fields';
import { PhoneInputSchema } from '../orders/orders.schema';
import { COORDINATES_TOGETHER } from './signup.schema';

/**
 * /settings: the company's name, phone, address, coordinates (its map centre), the
 * service a new order starts with, and the search step the dispatch engine uses when
 * no search interval applies (null: the default search step). `services`: the choices of
 * default_service_id (the company's own and everyone's).
 */
export const CompanySettingsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: CompanyTypeSchema,
  package_id: PackageIdSchema,
  cui: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  default_service_id: z.number().int().nullable(),
  dispatch_defaults: SearchItemSchema.nullable(),
  trial_ends_at: z.string().nullable(),
  services: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CompanySettings = z.infer<typeof CompanySettingsSchema>;

export const NOT_A_SERVICE = 'Serviciul nu este al acestei firme.';

/** What /settings saves: all of it at once. */
export const CompanySettingsBodySchema = z
  .strictObject({
    name: requiredText(200, 'Denumirea firmei este obligatorie.'),
    phone: z.preprocess((value) => (value === '' ? null : value), PhoneInputSchema.nullable()),
    address: text(300)
      .nullable()
      .transform((value) => (value ? value : null)),
    lat: z.number().min(-90).max(90).nullable(),
    lng: z.number().min(-180).max(180).nullable(),
    default_service_id: id().nullable(),
    dispatch_defaults: SearchItemSchema.nullable(),
  })
  .superRefine((body, ctx) => {
    if ((body.lat === null) !== (body.lng === null)) {
      ctx.addIssue({ code: 'custom', path: ['lat'], message: COORDINATES_TOGETHER });
    }
  });
export type CompanySettingsBody = z.infer<typeof CompanySettingsBodySchema>;
export type CompanySettingsInput = z.input<typeof CompanySettingsBodySchema>;
