import { z } from 'zod';
import { defineEndpoint } from '../http/define-endpoint';
import {
  AccessTokenSchema,
  LoggedUserSchema,
  LoginBodySchema,
  UserActivityBodySchema,
} from './auth.schema';

/** Auth and session: log in, answers an opaque bearer token. */
export const createAccessToken = defineEndpoint({
  method: 'POST',
  path: '/api/access-tokens',
  body: LoginBodySchema,
  response: AccessTokenSchema,
  status: 201,
  // Wrong credentials; the login limits (docs/DECISIONS.md "Login limits").
  errors: [401, 429],
});

/** The user behind the token, with roles, companies and meta. */
export const verifyAccessToken = defineEndpoint({
  method: 'GET',
  path: '/api/verify-access-tokens',
  response: LoggedUserSchema,
});

/** Logout: revokes the caller's token on the server (not in the original spec). */
export const deleteAccessToken = defineEndpoint({
  method: 'DELETE',
  path: '/api/access-tokens',
  response: z.null(),
  status: 204,
});

/** PATCH /api/user-activity {isOnline}. */
export const updateUserActivity = defineEndpoint({
  method: 'PATCH',
  path: '/api/user-activity',
  body: UserActivityBodySchema,
  response: z.object({ isOnline: z.boolean() }),
  errors: [404],
});
