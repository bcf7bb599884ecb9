import { PublicPage } from '../components/PublicPage';
import { ContentView } from '../features/content/ContentView';
import { useContent } from '../features/content/use-content';

/** SPEC §2/§7: the drivers' privacy page, GET /api/content/1. */
export default function DriverPrivacyPage() {
  return (
    <PublicPage>
      <ContentView query={useContent(1)} />
    </PublicPage>
  );
}
