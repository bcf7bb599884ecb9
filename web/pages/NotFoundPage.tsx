import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PublicPage } from '../components/PublicPage';

/** Unknown paths. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <PublicPage>
      <Stack gap="sm" align="flex-start" data-testid="not-found">
        <Text c="dimmed" fw={600} size="sm">
          404
        </Text>
        <Title order={1} size="h2">
          Pagina nu există
        </Title>
        <Text c="dimmed">
          Adresa <code>{pathname}</code> nu corespunde niciunei pagini.
        </Text>
        <Button component={Link} to="/" variant="light">
          Înapoi la pagina principală
        </Button>
      </Stack>
    </PublicPage>
  );
}
