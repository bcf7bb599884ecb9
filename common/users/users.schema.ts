import { z } from 'zod';
import { RoleSchema } from '../auth/auth.schema';
import { idParam, text } from '../http/fields';
import { pageQuery, paginated } from '../http/pagination';

/** SPEC §3 Driver default_car. */
export const CarSchema = z.object({
  id: z.number().int(),
  indicativ: z.string(),
  make: z.string(),
  model: z.string(),
  color: z.string(),
  number: z.string(),
});
export type Car = z.infer<typeof CarSchema>;

/** A user as other users of the same company see it (no secrets, no password data). */
export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  identifier: z.string().nullable(),
  roles: z.array(RoleSchema),
  company_ids: z.array(z.number().int()),
  is_online: z.boolean(),
  ban_until: z.string().nullable(),
  ban_reason: z.string().nullable(),
  default_car: CarSchema.nullable(),
  created_at: z.string(),
  /** SPEC §3 Driver: `[long, lat]` (longitude first) of the last known position, else null. */
  current_location: z.tuple([z.number(), z.number()]).nullable(),
  current_polygon_id: z.number().int().nullable(),
  is_busy: z.boolean(),
  is_paused: z.boolean(),
  high_priority: z.boolean(),
  /** Integer bani (DESIGN §4 Money); shown in RON. */
  balance: z.number().int(),
});
export type User = z.infer<typeof UserSchema>;

export const UserIdParamsSchema = z.object({ id: idParam() });

/** SPEC §7 GET /api/users?role&search (or identifier). */
export const ListUsersQuerySchema = z.strictObject({
  role: RoleSchema.optional(),
  search: text(100).optional(),
  identifier: text(50).optional(),
  ...pageQuery,
});
export type ListUsersQuery = z.infer<typeof ListUsersQuerySchema>;

export const UserListSchema = paginated(UserSchema);
