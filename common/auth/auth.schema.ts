import { z } from 'zod';

/** roles. */
export const ROLES = ['admin', 'manager', 'dispatcher', 'driver', 'client', 'company'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Package ids. */
export const PACKAGES = { media: 0, taxi: 1, courier: 2, restaurant: 3 } as const;
export const PackageIdSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type PackageId = z.infer<typeof PackageIdSchema>;

/** What a company is to the platform (protocol, delivery or restaurant companies). */
export const COMPANY_TYPES = ['dispatch', 'protocol', 'courier', 'restaurant', 'media'] as const;
export const CompanyTypeSchema = z.enum(COMPANY_TYPES);
export type CompanyType = z.infer<typeof CompanyTypeSchema>;

/** Logged user companies[]. */
export const UserCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: CompanyTypeSchema,
  package_id: PackageIdSchema,
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** The service a new order starts with (/settings); none = service 1. */
  default_service_id: z.number().int().nullish(),
});
export type UserCompany = z.infer<typeof UserCompanySchema>;

export const UserMetaSchema = z.object({ key: z.string(), value: z.string().nullable() });
export type UserMeta = z.infer<typeof UserMetaSchema>;

/** Logged user. */
export const LoggedUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  roles: z.array(RoleSchema),
  companies: z.array(UserCompanySchema),
  meta: z.array(UserMetaSchema),
});
export type LoggedUser = z.infer<typeof LoggedUserSchema>;

/** Login: e-mail of type email, both fields required. */
export const LoginBodySchema = z.strictObject({
  email: z.email({ error: 'Adresa de e-mail nu este validă.' }).max(254),
  password: z.string().min(1, { error: 'Parola este obligatorie.' }).max(200),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const AccessTokenSchema = z.object({ token: z.string(), expires_at: z.string() });
export type AccessToken = z.infer<typeof AccessTokenSchema>;

export const UserActivityBodySchema = z.strictObject({ isOnline: z.boolean() });
