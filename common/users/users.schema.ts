import { z } from 'zod';
import { CompanyTypeSchema, RoleSchema } from '../auth/auth.schema';
import { id, idParam, requiredText, text } from '../http/fields';
import { pageQuery, paginated } from '../http/pagination';

/** Driver default_car. */
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
  /** Driver: `[long, lat]` (longitude first) of the last known position, else null. */
  current_location: z.tuple([z.number(), z.number()]).nullable(),
  current_polygon_id: z.number().int().nullable(),
  is_busy: z.boolean(),
  is_paused: z.boolean(),
  high_priority: z.boolean(),
  /** Integer bani (Money); shown in RON. */
  balance: z.number().int(),
  /**
   * A disabled account cannot log in and its sessions stop working. Always sent;
   * optional only so the lists' older fixtures stay valid.
   */
  disabled: z.boolean().optional(),
});
export type User = z.infer<typeof UserSchema>;

export const UserIdParamsSchema = z.object({ id: idParam() });

/** A query-string yes/no ('true' or 'false'). */
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * GET /api/users?role&search (or identifier), paginated; the list filters:
 * drivers online or banned now, and one company (the platform admin's company filter).
 */
export const ListUsersQuerySchema = z.strictObject({
  role: RoleSchema.optional(),
  search: text(100).optional(),
  identifier: text(50).optional(),
  online: flag.optional(),
  banned: flag.optional(),
  company_id: idParam().optional(),
  ...pageQuery,
});
export type ListUsersQuery = z.infer<typeof ListUsersQuerySchema>;

export const UserListSchema = paginated(UserSchema);

export const EMAIL_TAKEN = 'Adresa de e-mail este deja folosită.';
export const PASSWORD_RULE = 'Parola are cel puțin 8 caractere.';

/** A password an administrator sets: 8 to 200 characters. */
export const PasswordSchema = z
  .string({ error: PASSWORD_RULE })
  .min(8, PASSWORD_RULE)
  .max(200, 'Parola are cel mult 200 de caractere.');

/**
 * What an administrator writes on a user (People, docs/ADMINISTRATION.md "People and
 * cars"); the same contract validates the web form. The e-mail is the login: stored lower-cased.
 */
const userFields = {
  name: requiredText(100, 'Numele este obligatoriu.'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Adresa de e-mail nu este validă.' }).max(254)),
  phone: text(30)
    .regex(/^[+0-9 ()-]*$/, 'Telefonul conține doar cifre, spații și +.')
    .transform((value) => value || null)
    .nullable(),
  identifier: text(50)
    .transform((value) => value || null)
    .nullable(),
  roles: z
    .array(RoleSchema, { error: 'Alegeți cel puțin un rol.' })
    .min(1, 'Alegeți cel puțin un rol.')
    .max(6)
    .refine((roles) => new Set(roles).size === roles.length, 'Un rol apare o singură dată.'),
  company_ids: z
    .array(id())
    .max(20)
    .refine((ids) => new Set(ids).size === ids.length, 'O companie apare o singură dată.'),
  high_priority: z.boolean(),
  disabled: z.boolean(),
};

/** POST /api/users. */
export const CreateUserBodySchema = z.strictObject({
  ...userFields,
  phone: userFields.phone.default(null),
  identifier: userFields.identifier.default(null),
  high_priority: userFields.high_priority.default(false),
  disabled: userFields.disabled.default(false),
  password: PasswordSchema,
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

/** PATCH /api/users/{id}: only the fields sent change. */
export const UpdateUserBodySchema = z.strictObject(userFields).partial();
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

/** POST /api/users/{id}/password: a new password set by an administrator. */
export const SetPasswordBodySchema = z.strictObject({ password: PasswordSchema });
export type SetPasswordBody = z.infer<typeof SetPasswordBodySchema>;

/**
 * A company an administrator may put users and cars in (forms' company choice); its type lets
 * the money screens' company picker leave out protocol clients.
 */
export const CompanyChoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: CompanyTypeSchema,
});
export type CompanyChoice = z.infer<typeof CompanyChoiceSchema>;
