import { can } from '@common/auth/page-access';
import { useParams } from 'react-router';
import { useCurrentUser } from '../features/auth';
import { StatementScreen } from '../features/finances/statements/StatementScreen';

/** /finances/statements/{client}: one protocol client's monthly statement. */
export default function StatementPage() {
  const id = Number(useParams().clientId);
  const fleet = can(useCurrentUser(), 'watchesFleet');
  return <StatementScreen clientId={Number.isInteger(id) && id > 0 ? id : null} listLink={fleet} />;
}
