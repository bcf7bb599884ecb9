import { LoggedUserSchema } from '../auth/auth.schema';
import { defineEndpoint } from '../http/define-endpoint';
import {
  AccountBodySchema,
  PasswordChangeBodySchema,
  PasswordChangedSchema,
} from './account.schema';

/** /settings/account: the caller's own name and phone; answers the logged user as it is now. */
export const updateAccount = defineEndpoint({
  method: 'PATCH',
  path: '/api/account',
  body: AccountBodySchema,
  response: LoggedUserSchema,
});

/**
 * /settings/account: the caller's own password, the current one required (422 on
 * current_password when wrong, 429 after too many wrong ones). Every OTHER session of the user
 * ends (a stolen token stops working); the one that asked stays logged in.
 */
export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/account/password',
  body: PasswordChangeBodySchema,
  response: PasswordChangedSchema,
  errors: [422, 429],
});
