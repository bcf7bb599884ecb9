import { LoggedUserSchema } from '../auth/auth.schema';
import { defineEndpoint } from '../http/define-endpoint';
import {
  AccountBodySchema,
  PasswordChangeBodySchema,
  PasswordChangedSchema,
} from './account.schema';

/**
 * /settings/account: the caller's own name and phone; answers the logged user as it is now. A
 * simulator's driver session changes no account (403).
 */
export const updateAccount = defineEndpoint({
  method: 'PATCH',
  path: '/api/account',
  body: AccountBodySchema,
  response: LoggedUserSchema,
  errors: [403],
});

/**
 * /settings/account: the caller's own password, the current one required (422 on
 * current_password when wrong, 429 after too many wrong ones). Every OTHER session of the user
 * ends (a stolen token stops working); the one that asked stays logged in. A simulator's driver
 * session changes no password (403).
 */
export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/account/password',
  body: PasswordChangeBodySchema,
  response: PasswordChangedSchema,
  errors: [403, 422, 429],
});
