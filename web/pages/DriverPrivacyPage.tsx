import { PublicPage } from '../components/PublicPage';
import { ContentView, useContent } from '../features/content';

/** The drivers' privacy page, GET /api/content/1. */
export default function DriverPrivacyPage() {
  return (
    <PublicPage>
      <ContentView query={useContent(1)} />
    </PublicPage>
  );
}
