import { type CompanyType, PACKAGES, type PackageId, type Role } from '@common/auth/auth.schema';

/** Package ids, as the operator reads them. */
export const PACKAGE_LABELS: Record<PackageId, string> = {
  [PACKAGES.media]: 'Media',
  [PACKAGES.taxi]: 'Dispecerat taxi',
  [PACKAGES.courier]: 'Curierat / livrări',
  [PACKAGES.restaurant]: 'Restaurant',
};

export const COMPANY_TYPE_LABELS: Record<CompanyType, string> = {
  dispatch: 'Dispecerat',
  protocol: 'Protocol',
  courier: 'Curierat',
  restaurant: 'Restaurant',
  media: 'Media',
};

/** Roles, as shown to operators. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator platformă',
  manager: 'Administrator firmă',
  dispatcher: 'Operator',
  driver: 'Șofer',
  client: 'Client',
  company: 'Companie',
};
