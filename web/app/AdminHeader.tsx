import type { LoggedUser } from '@common/auth/auth.schema';
import { ConsoleHeader } from './ConsoleHeader';
import { buildMenu } from './menu';

/** Logged-in users without the company role. */
export function AdminHeader({ user }: { user: LoggedUser }) {
  const menu = buildMenu({
    roles: user.roles,
    companies: user.companies,
    packageId: user.companies[0]?.package_id ?? null,
    header: 'admin',
  });
  return <ConsoleHeader user={user} menu={menu} testId="admin-header" />;
}
