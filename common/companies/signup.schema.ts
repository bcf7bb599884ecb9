import { z } from 'zod';

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
 * SPEC §5: a leading 'RO' is stripped from the registration number before the lookup (spaces
 * too); a number whose check digit is wrong is refused before any call to the registry.
 */
export const CuiSchema = z
  .string({ error: 'Codul fiscal este obligatoriu.' })
  .trim()
  .max(20, INVALID_CUI)
  .transform((value) => value.replace(/^ro/i, '').replace(/\s+/g, ''))
  .refine(isValidCui, INVALID_CUI);

export const CheckCuiQuerySchema = z.strictObject({ cui: CuiSchema });

/** SPEC §7 check-cui `found[0]`: the company as the registry knows it. */
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
