import type { LoggedUser } from '@common/auth/auth.schema';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PublicPage } from '../components/PublicPage';
import { homePath } from '../features/auth/home-path';

/** A console page the logged-in user's role or company package has no use for. */
export function NoConsolePage({ user }: { user: LoggedUser }) {
  const { pathname } = useLocation();
  return (
    <PublicPage>
      <Stack gap="sm" align="flex-start" data-testid="no-console">
        <Title order={1} size="h2">
          Pagina nu este disponibilă pentru contul dvs.
        </Title>
        <Text c="dimmed">
          <code>{pathname}</code> este o consolă de dispecerat, iar contul dvs. nu are acces la ea.
        </Text>
        <Button component={Link} to={homePath(user)} variant="light">
          Mergi la pagina de start
        </Button>
      </Stack>
    </PublicPage>
  );
}
