import type { Role } from '@common/auth/auth.schema';
import {
  type CreateUserBody,
  CreateUserBodySchema,
  type UpdateUserBody,
  UpdateUserBodySchema,
  type User,
} from '@common/users/users.schema';
import { type FieldErrors, zodFieldErrors } from './form-errors';

/** A user as the form holds it (issue #20 `/user/{id}/{role}`). */
export interface UserDraft {
  name: string;
  email: string;
  phone: string;
  identifier: string;
  roles: Role[];
  company_ids: number[];
  high_priority: boolean;
  disabled: boolean;
  /** Only when creating: the first password, which the administrator hands over. */
  password: string;
}

export const emptyUserDraft = (role: Role, companyIds: number[]): UserDraft => ({
  name: '',
  email: '',
  phone: '',
  identifier: '',
  roles: [role],
  company_ids: companyIds,
  high_priority: false,
  disabled: false,
  password: '',
});

export const userDraftOf = (user: User): UserDraft => ({
  name: user.name,
  email: user.email,
  phone: user.phone ?? '',
  identifier: user.identifier ?? '',
  roles: user.roles,
  company_ids: user.company_ids,
  high_priority: user.high_priority,
  disabled: user.disabled ?? false,
  password: '',
});

/** The shared contract's verdict on a draft: the server runs the same schema. */
export function validateUser(
  draft: UserDraft,
  creating: boolean,
): { ok: true; body: CreateUserBody | UpdateUserBody } | { ok: false; errors: FieldErrors } {
  const { password, ...fields } = draft;
  const parsed = creating
    ? CreateUserBodySchema.safeParse({ ...fields, password })
    : UpdateUserBodySchema.safeParse(fields);
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: zodFieldErrors(parsed.error) };
}
