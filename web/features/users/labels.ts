import type { Role } from '@common/auth/auth.schema';

/** Roles, as shown to operators. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator platformă',
  manager: 'Administrator firmă',
  dispatcher: 'Operator',
  driver: 'Șofer',
  client: 'Client',
  company: 'Companie',
};
