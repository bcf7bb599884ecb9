import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useLoginSuccess } from '../app/use-login-success';
import { homePath } from '../features/auth/home-path';
import { LoginForm } from '../features/auth/LoginForm';
import { safeRedirect } from '../features/auth/redirect';
import { useSession } from '../features/auth/use-session';

/** `/login`: the full-page login (where login-required pages send visitors). */
export default function LoginPage() {
  const current = useSession();
  const [searchParams] = useSearchParams();
  const handleSuccess = useLoginSuccess();

  if (current) {
    return (
      <Navigate to={safeRedirect(searchParams.get('redirect')) ?? homePath(current.user)} replace />
    );
  }

  return (
    <Center mih="70vh">
      <Paper withBorder shadow="sm" radius="md" p="xl" w={380} maw="100%">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h3">
              Autentificare
            </Title>
            <Text size="sm" c="dimmed">
              Intrați în consola de dispecerat cu contul primit de la administratorul firmei.
            </Text>
          </Stack>
          <LoginForm autoFocus onSuccess={handleSuccess} />
          <Text size="xs" c="dimmed" ta="center">
            Firma nu are cont?{' '}
            <Anchor component={Link} to="/business/enroll" size="xs">
              Înscrie-ți firma
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
