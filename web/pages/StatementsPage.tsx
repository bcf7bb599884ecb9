import { can } from '@common/auth/page-access';
import { useCurrentUser } from '../features/auth';
import { StatementClientsScreen } from '../features/finances/statements/StatementClientsScreen';
import { StatementScreen } from '../features/finances/statements/StatementScreen';

/**
 * /finances/statements ('Deconturi protocol'): the fleet's console lists its protocol clients;
 * a protocol client's user sees his own company's statement.
 */
export default function StatementsPage() {
  const user = useCurrentUser();
  if (can(user, 'watchesFleet')) return <StatementClientsScreen />;
  const own = user.companies.find((company) => company.type === 'protocol');
  return <StatementScreen clientId={own?.id ?? null} />;
}
