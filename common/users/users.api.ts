import { z } from 'zod';
import { UserMetaSchema } from '../auth/auth.schema';
import { defineEndpoint } from '../http/define-endpoint';
import {
  CompanyChoiceSchema,
  CreateUserBodySchema,
  ListUsersQuerySchema,
  SetPasswordBodySchema,
  UpdateUserBodySchema,
  UserIdParamsSchema,
  UserListSchema,
  UserSchema,
} from './users.schema';

/** GET /api/users/{id}: scoped to the caller's companies; a foreign id answers 404. */
export const getUser = defineEndpoint({
  method: 'GET',
  path: '/api/users/:id',
  params: UserIdParamsSchema,
  response: UserSchema,
});

/** GET /api/users?role&search. */
export const listUsers = defineEndpoint({
  method: 'GET',
  path: '/api/users',
  query: ListUsersQuerySchema,
  response: UserListSchema,
});

/** GET /api/users/{id}/meta: the owner or an admin only (meta may hold telephony settings). */
export const getUserMeta = defineEndpoint({
  method: 'GET',
  path: '/api/users/:id/meta',
  params: UserIdParamsSchema,
  response: z.array(UserMetaSchema),
  errors: [403],
});

/**
 * An administrator creates a user (docs/ADMINISTRATION.md "People and cars"): the
 * platform admin anyone, a manager only into his own companies and never an admin.
 */
export const createUser = defineEndpoint({
  method: 'POST',
  path: '/api/users',
  body: CreateUserBodySchema,
  response: UserSchema,
  status: 201,
  errors: [403, 429],
});

/** An administrator edits a user of his companies; a foreign id answers 404. */
export const updateUser = defineEndpoint({
  method: 'PATCH',
  path: '/api/users/:id',
  params: UserIdParamsSchema,
  body: UpdateUserBodySchema,
  response: UserSchema,
  errors: [403, 429],
});

/** An administrator sets a user's password; every session of the user ends. */
export const setUserPassword = defineEndpoint({
  method: 'POST',
  path: '/api/users/:id/password',
  params: UserIdParamsSchema,
  body: SetPasswordBodySchema,
  response: z.null(),
  status: 204,
  errors: [403],
});

/**
 * The companies the caller administers, for the user and car forms (the platform
 * admin: every company; a manager: his own), by name.
 */
export const listCompanyChoices = defineEndpoint({
  method: 'GET',
  path: '/api/companies',
  response: z.array(CompanyChoiceSchema),
});
