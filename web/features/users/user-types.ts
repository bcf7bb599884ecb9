import type { Role } from '@common/auth/auth.schema';

/**
 * `/users/{type}`: one list per role (People). `admin` is listed only to the
 * platform admin; `manager` is the company's own administrator
 * (docs/ADMINISTRATION.md).
 */
export const USER_TYPES = {
  dispatcher: { title: 'Operatori', one: 'operator' },
  driver: { title: 'Șoferi', one: 'șofer' },
  client: { title: 'Clienți', one: 'client' },
  company: { title: 'Companii protocol', one: 'companie' },
  manager: { title: 'Administratori firmă', one: 'administrator de firmă' },
  admin: { title: 'Administratori', one: 'administrator' },
} as const satisfies Record<Role, { title: string; one: string }>;

export type UserType = keyof typeof USER_TYPES;

export const isUserType = (value: string | undefined): value is UserType =>
  value !== undefined && Object.hasOwn(USER_TYPES, value);

/** Whether the caller may open a list or form of this type (admins only for admin). */
export const mayOpenType = (type: UserType, roles: readonly Role[]): boolean =>
  type !== 'admin' || roles.includes('admin');

/** The edit screen of a user seen from a list: drivers have their own. */
export const userPath = (id: number, type: UserType): string => `/user/${id}/${type}`;

/** Operators have a softphone: their telephony settings are edited on their page (docs/CALLS.md). */
export const hasTelephony = (roles: readonly Role[]): boolean =>
  roles.includes('dispatcher') || roles.includes('admin');

/** Who changes users and cars (server/http/auth-context.ts ADMINISTRATORS); others read. */
export const isAdministrator = (roles: readonly Role[]): boolean =>
  roles.includes('admin') || roles.includes('manager');

/**
 * The companies a new user or car starts in: the only company the caller administers, else
 * his own company when he has one (the platform admin working for his company).
 */
export function defaultCompanyIds(
  choices: readonly { id: number }[],
  own: readonly { id: number }[],
): number[] {
  if (choices.length === 1 && choices[0]) return [choices[0].id];
  const mine = own.filter((company) => choices.some((choice) => choice.id === company.id));
  return mine.length === 1 && mine[0] ? [mine[0].id] : [];
}

/**
 * Who reads his companies' people, drivers included (server/modules/users/user-authority.ts
 * PEOPLE_READERS): administrators and dispatchers. A company user's order screens offer no driver
 * choice (the API answers him 403).
 */
export const readsPeople = (roles: readonly Role[]): boolean =>
  roles.includes('admin') || roles.includes('manager') || roles.includes('dispatcher');

/**
 * Whether the caller administers this user (server/modules/users/user-authority.ts): the
 * platform admin everyone, a manager a non-admin user all of whose companies are his.
 */
export function administersUser(
  caller: { roles: readonly Role[]; companies: readonly { id: number }[] },
  user: { roles: readonly Role[]; company_ids: readonly number[] },
): boolean {
  if (caller.roles.includes('admin')) return true;
  if (!caller.roles.includes('manager') || user.roles.includes('admin')) return false;
  return user.company_ids.every((id) => caller.companies.some((company) => company.id === id));
}
