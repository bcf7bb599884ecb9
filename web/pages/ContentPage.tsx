import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PublicPage } from '../components/PublicPage';
import { useSession } from '../features/auth/use-session';
import { ContentEditor, publicPath } from '../features/content/ContentEditor';
import { useContentList } from '../features/content/use-content';

/**
 * /content: the platform admin edits the content store here; everyone else
 * finds the published pages.
 */
export default function ContentPage() {
  const current = useSession();
  if (current?.user.roles.includes('admin')) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          Conținut
        </Title>
        <ContentEditor />
      </Stack>
    );
  }
  return <PublishedPages />;
}

function PublishedPages() {
  const list = useContentList();
  const published = (list.data?.data ?? []).flatMap((page) => {
    const path = publicPath(page.section, page.url);
    return path ? [{ ...page, path }] : [];
  });
  return (
    <PublicPage>
      <Stack gap="md">
        <Title order={1} size="h2">
          Conținut
        </Title>
        <List spacing="xs">
          <List.Item>
            <Anchor component={Link} to="/driver/privacy">
              Confidențialitate (șoferi)
            </Anchor>
          </List.Item>
          <List.Item>
            <Anchor component={Link} to="/documentation">
              Documentație
            </Anchor>
          </List.Item>
          {published.map((page) => (
            <List.Item key={page.id}>
              <Anchor component={Link} to={page.path}>
                {page.title}
              </Anchor>
            </List.Item>
          ))}
        </List>
        {list.isError && <Text c="red">{list.error.message}</Text>}
      </Stack>
    </PublicPage>
  );
}
