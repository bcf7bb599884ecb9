import type { Role } from '@common/auth/auth.schema';
import {
  type CreateUserBody,
  CreateUserBodySchema,
  type UpdateUserBody,
  UpdateUserBodySchema,
  type User,
} from '@common/users/users.schema';
import type { FormErrors } from '@mantine/form';
import { contractResolver } from '../../lib/form/contract-resolver';

/** A user as the form holds it. */
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

/** The draft in the request's shape: an edit sends no password. */
const userInput = (creating: boolean) => (draft: UserDraft) => {
  const { password, ...fields } = draft;
  return creating ? { ...fields, password } : fields;
};

const schemaOf = (creating: boolean) => (creating ? CreateUserBodySchema : UpdateUserBodySchema);

/** The shared contract's check of a draft (the server runs the same schema). */
export const userValidator = (creating: boolean): ((draft: UserDraft) => FormErrors) =>
  contractResolver(schemaOf(creating), userInput(creating));

/** The request body of a draft that passed `userValidator`. */
export const userBody = (draft: UserDraft, creating: boolean): CreateUserBody | UpdateUserBody =>
  schemaOf(creating).parse(userInput(creating)(draft));
