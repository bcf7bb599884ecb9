import { z } from 'zod';
import { UserMetaSchema } from '../auth/auth.schema';
import { defineEndpoint } from '../http/define-endpoint';
import {
  ListUsersQuerySchema,
  UserIdParamsSchema,
  UserListSchema,
  UserSchema,
} from './users.schema';

/** SPEC §7 GET /api/users/{id}: scoped to the caller's companies; a foreign id answers 404. */
export const getUser = defineEndpoint({
  method: 'GET',
  path: '/api/users/:id',
  params: UserIdParamsSchema,
  response: UserSchema,
});

/** SPEC §7 GET /api/users?role&search. */
export const listUsers = defineEndpoint({
  method: 'GET',
  path: '/api/users',
  query: ListUsersQuerySchema,
  response: UserListSchema,
});

/** SPEC §7 GET /api/users/{id}/meta: the owner or an admin only (meta may hold telephony settings). */
export const getUserMeta = defineEndpoint({
  method: 'GET',
  path: '/api/users/:id/meta',
  params: UserIdParamsSchema,
  response: z.array(UserMetaSchema),
  errors: [403],
});
