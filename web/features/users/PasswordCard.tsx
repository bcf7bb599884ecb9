import { PasswordSchema } from '@common/users/users.schema';
import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { firstError, serverFieldErrors } from '../../lib/form/field-errors';
import { useSetPassword } from './use-users';

/**
 * Password reset: an administrator sets a new password; every session of the user
 * ends at once (the server revokes his tokens and closes his sockets).
 */
export function PasswordCard({ userId }: { userId: number }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSetPassword(userId);

  const submit = () => {
    const parsed = PasswordSchema.safeParse(password);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => setPassword(''),
      onError: (failure) => setError(firstError(serverFieldErrors(failure), 'password')),
    });
  };

  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="xs">
          <Title order={5}>Parola</Title>
          <Text size="xs" c="dimmed">
            O parolă nouă închide toate sesiunile utilizatorului.
          </Text>
          <Group align="flex-start" gap="xs">
            <PasswordInput
              aria-label="Parolă nouă"
              placeholder="Parolă nouă"
              autoComplete="new-password"
              w={260}
              value={password}
              error={error}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setError(undefined);
              }}
              data-testid="user-new-password"
            />
            <Button
              type="submit"
              variant="default"
              loading={save.isPending}
              data-testid="user-set-password"
            >
              Schimbă parola
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
