import {
  type CompanyLookup,
  CompanySignupBodySchema,
  type CompanySignupInput,
  CuiSchema,
  type SignupPackageId,
} from '@common/companies/signup.schema';
import type { FormErrors } from '@mantine/form';
import { contractResolver } from '../../lib/form/contract-resolver';

/** The sign-up form as typed. */
export interface SignupDraft {
  cui: string;
  name: string;
  address: string;
  phone: string;
  package_id: SignupPackageId;
  vat_payer: boolean;
  user_name: string;
  user_email: string;
  user_password: string;
  consent: boolean;
}

export const CONSENT_REQUIRED = 'Trebuie să fiți de acord cu termenii pentru a vă înscrie.';

export const emptySignupDraft = (): SignupDraft => ({
  cui: '',
  name: '',
  address: '',
  phone: '',
  package_id: 1,
  vat_payer: false,
  user_name: '',
  user_email: '',
  user_password: '',
  consent: false,
});

/** The request body of a draft (the consent stays in the form). */
export const signupBody = (draft: SignupDraft): CompanySignupInput => ({
  cui: draft.cui,
  name: draft.name,
  address: draft.address,
  phone: draft.phone,
  package_id: draft.package_id,
  vat_payer: draft.vat_payer,
  user_name: draft.user_name,
  user_email: draft.user_email.trim(),
  user_password: draft.user_password,
});

const resolve = contractResolver(CompanySignupBodySchema, signupBody);

/**
 * The same contract as the API, plus the required consent: what the server would refuse is
 * said before sending.
 */
export function validateSignup(draft: SignupDraft): FormErrors {
  const errors = resolve(draft);
  if (!draft.consent) errors.consent = CONSENT_REQUIRED;
  return errors;
}

/** The CUI as the lookup sends it ('RO' stripped), or the message refusing it. */
export function cuiForLookup(typed: string): { cui: string } | { error: string } {
  const parsed = CuiSchema.safeParse(typed);
  return parsed.success
    ? { cui: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? 'CUI invalid.' };
}

/** What the registry's answer fills in (its first match). */
export const draftFromLookup = (draft: SignupDraft, found: CompanyLookup): SignupDraft => ({
  ...draft,
  cui: found.cui,
  name: found.denumire,
  address: found.adresa,
  vat_payer: found.scpTVA,
});
