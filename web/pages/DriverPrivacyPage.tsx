import { PublicPage } from '../components/PublicPage';
import { ContentView } from '../features/content/ContentView';
import { useContent } from '../features/content/use-content';

/** The drivers' privacy page, GET /api/content/1. */
export default function DriverPrivacyPage() {
  return (
    <PublicPage>
      <ContentView query={useContent(1)} />
    </PublicPage>
  );
}
