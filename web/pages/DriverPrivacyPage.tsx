import { PublicPage } from '../components/PublicPage';
import { ContentView } from '../features/content/ContentView';

/** SPEC §2/§7: a public page loaded from GET /api/content/1. */
export default function DriverPrivacyPage() {
  return (
    <PublicPage>
      <ContentView id={1} />
    </PublicPage>
  );
}
