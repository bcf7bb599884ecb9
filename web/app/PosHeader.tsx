import type { LoggedUser } from '@common/auth/auth.schema';
import { ConsoleHeader } from './ConsoleHeader';
import { buildMenu } from './menu';

/** Company users get the point-of-sale header; its menu follows the package. */
export function PosHeader({ user }: { user: LoggedUser }) {
  const menu = buildMenu({
    roles: user.roles,
    companies: user.companies,
    packageId: user.companies[0]?.package_id ?? null,
    header: 'pos',
  });
  return <ConsoleHeader user={user} menu={menu} testId="pos-header" />;
}
