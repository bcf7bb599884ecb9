import { useParams } from 'react-router';
import { PublicPage } from '../components/PublicPage';
import { DriverReport } from '../features/drivers/reports/DriverReport';

/** /driver/reports/{token}: public, no login; the token is the only key. */
export default function DriverReportPage() {
  const { token = '' } = useParams();
  return (
    <PublicPage>
      <DriverReport key={token} token={token} />
    </PublicPage>
  );
}
