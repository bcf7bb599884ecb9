import { Anchor, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PublicPage } from '../components/PublicPage';
import { ContentView } from '../features/content/ContentView';
import { useContentByUrl } from '../features/content/use-content';

/** /documentation/{url} and /docs/{url}: one documentation page. */
export default function DocumentationPage() {
  const { url = '' } = useParams();
  return (
    <PublicPage>
      <Stack gap="md">
        <Anchor component={Link} to="/documentation" size="sm">
          ← Documentație
        </Anchor>
        <ContentView query={useContentByUrl('documentation', url)} />
      </Stack>
    </PublicPage>
  );
}
