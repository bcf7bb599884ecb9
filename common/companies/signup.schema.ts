import { z } from 'zod';
import {
  AccessTokenSchema,
  type CompanyType,
  LoggedUserSchema,
  type PackageId,
} from '../auth/auth.schema';
import { NewPasswordSchema } from '../auth/password';
import { requiredText, text } from '../http/fields';
import { PhoneInputSchema } from '../orders/orders.schema';

/** Romanian CUI (CIF) control key: the check digit's weights (Ordinul MFP 3/2000). */
const CUI_KEY = [7, 5, 3, 2, 1, 7, 5, 3, 2];

/**
 * Whether digits are a Romanian company registration number (CUI): 2 to 10 digits whose last
 * one is the check digit of the others (weights 753217532 from the right, ×10 mod 11, 10 → 0).
 */
export function isValidCui(digits: string): boolean {
  if (!/^[1-9][0-9]{1,9}$/.test(digits)) return false;
  const body = digits.slice(0, -1).padStart(9, '0');
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (CUI_KEY[i] ?? 0), 0);
  return ((sum * 10) % 11) % 10 === Number(digits.at(-1));
}

export const INVALID_CUI = 'Codul fiscal (CUI) nu este valid.';

/**
 * A leading 'RO' is stripped from the registration number before the lookup (spaces
 * too); a number whose check digit is wrong is refused before any call to the registry.
 */
export const CuiSchema = z
  .string({ error: 'Codul fiscal este obligatoriu.' })
  .trim()
  .max(20, INVALID_CUI)
  .transform((value) => value.replace(/^ro/i, '').replace(/\s+/g, ''))
  .refine(isValidCui, INVALID_CUI);

export const CheckCuiQuerySchema = z.strictObject({ cui: CuiSchema });

/** Check-cui `found[0]`: the company as the registry knows it. */
export const CompanyLookupSchema = z.object({
  cui: z.string(),
  denumire: z.string(),
  adresa: z.string(),
  /** Registered for VAT (scop TVA). */
  scpTVA: z.boolean(),
});
export type CompanyLookup = z.infer<typeof CompanyLookupSchema>;

/** Empty `found`: the registry does not know the number. */
export const CheckCuiResponseSchema = z.object({ found: z.array(CompanyLookupSchema) });

/** The registry could not answer: the form lets the user type the company's details by hand. */
export const REGISTRY_UNAVAILABLE =
  'Registrul ANAF nu răspunde acum. Completați datele firmei de mână sau încercați din nou.';

/** The packages a business signs up for (media is the platform's own). */
export const SIGNUP_PACKAGES = [
  { id: 1, label: 'Taxi', type: 'dispatch' },
  { id: 2, label: 'Curierat', type: 'courier' },
  { id: 3, label: 'Restaurant', type: 'restaurant' },
] as const satisfies readonly { id: PackageId; label: string; type: CompanyType }[];
export type SignupPackageId = (typeof SIGNUP_PACKAGES)[number]['id'];

export const CUI_TAKEN = 'Firma este deja înscrisă.';
export const EMAIL_TAKEN = 'Adresa de e-mail este deja folosită de alt cont.';
export const COORDINATES_TOGETHER = 'Latitudinea și longitudinea se dau împreună.';

const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * Company sign-up: cui, name, address, lat, lng, euid, phone, description, logo,
 * package_id, user_name, user_email, user_password. Plus `vat_payer`, the registry's scpTVA the
 * form got from check-cui (optional; false when typed by hand). The consent checkbox is the
 * form's: the API is not a place to tick it.
 */
export const CompanySignupBodySchema = z
  .strictObject({
    cui: CuiSchema,
    name: requiredText(200, 'Denumirea firmei este obligatorie.'),
    address: optionalText(300),
    lat: z.number().min(-90).max(90).nullish(),
    lng: z.number().min(-180).max(180).nullish(),
    /** European unique identifier (ROONRC.J22/123/2020): free text, the registry's form. */
    euid: optionalText(60),
    phone: PhoneInputSchema,
    description: optionalText(2000),
    /** An image address (https). */
    logo: z
      .url({ protocol: /^https?$/, error: 'Adresa logo-ului nu este validă.' })
      .max(500)
      .nullish()
      .or(z.literal('').transform(() => null)),
    package_id: z.union([z.literal(1), z.literal(2), z.literal(3)], {
      error: 'Alegeți pachetul: Taxi, Curierat sau Restaurant.',
    }),
    vat_payer: z.boolean().optional(),
    user_name: requiredText(100, 'Numele persoanei de contact este obligatoriu.'),
    user_email: z
      .email({ error: 'Adresa de e-mail nu este validă.' })
      .max(254)
      .transform((value) => value.toLowerCase()),
    user_password: NewPasswordSchema,
  })
  .superRefine((body, ctx) => {
    if ((body.lat == null) !== (body.lng == null)) {
      ctx.addIssue({ code: 'custom', path: ['lat'], message: COORDINATES_TOGETHER });
    }
  });
export type CompanySignupBody = z.infer<typeof CompanySignupBodySchema>;
export type CompanySignupInput = z.input<typeof CompanySignupBodySchema>;

/** The answer of a sign-up: a login's (token) with the user behind it, so the browser is in. */
export const CompanySignupResponseSchema = AccessTokenSchema.extend({
  company_id: z.number().int(),
  user: LoggedUserSchema,
});
export type CompanySignupResponse = z.infer<typeof CompanySignupResponseSchema>;
