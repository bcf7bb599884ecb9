import { Alert, Anchor, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PublicPage } from '../components/PublicPage';
import { useContentList } from '../features/content/use-content';

/** /documentation: the index of the documentation pages. */
export default function DocumentationIndexPage() {
  const pages = useContentList('documentation');
  const published = (pages.data?.data ?? []).filter((page) => page.url);
  return (
    <PublicPage>
      <Stack gap="md">
        <Title order={1} size="h2">
          Documentație
        </Title>
        {pages.isPending && <Skeleton height={60} />}
        {pages.isError && (
          <Alert color="red" variant="light">
            {pages.error.message}
          </Alert>
        )}
        {pages.isSuccess && published.length === 0 && (
          <Text c="dimmed">Nu există încă pagini de documentație.</Text>
        )}
        {published.length > 0 && (
          <List spacing="xs" data-testid="documentation-index">
            {published.map((page) => (
              <List.Item key={page.id}>
                <Anchor component={Link} to={`/documentation/${page.url}`}>
                  {page.title}
                </Anchor>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </PublicPage>
  );
}
