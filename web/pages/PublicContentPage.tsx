import { useParams } from 'react-router';
import { PublicPage } from '../components/PublicPage';
import { ContentView } from '../features/content/ContentView';
import { useContentByUrl } from '../features/content/use-content';

/** /page/{url}: a public page of the content store. */
export default function PublicContentPage() {
  const { url = '' } = useParams();
  return (
    <PublicPage>
      <ContentView query={useContentByUrl('page', url)} />
    </PublicPage>
  );
}
