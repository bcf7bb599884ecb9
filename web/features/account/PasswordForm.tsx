import { changePassword } from '@common/account/account.api';
import { PasswordChangeBodySchema } from '@common/account/account.schema';
import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { contractResolver } from '../../lib/form/contract-resolver';
import { joinedErrors, serverFieldErrors } from '../../lib/form/field-errors';
import { toastApiError, toastSuccess } from '../../lib/toast';

interface PasswordChange {
  current_password: string;
  new_password: string;
}

const validate = contractResolver(PasswordChangeBodySchema, (values: PasswordChange) => values);

const sessionsEnded = (count: number) =>
  count === 0
    ? 'Parola a fost schimbată.'
    : count === 1
      ? 'Parola a fost schimbată. O altă sesiune a fost închisă.'
      : `Parola a fost schimbată. ${count} alte sesiuni au fost închise.`;

/**
 * A password change with the current password; the user's other sessions end (other browsers,
 * a lost phone), this one stays logged in.
 */
export function PasswordForm() {
  const form = useForm<PasswordChange>({
    initialValues: { current_password: '', new_password: '' },
    validate,
    // A message stays until the next try.
    clearInputErrorOnChange: false,
  });
  const change = useMutation({
    mutationFn: (body: PasswordChange) => api(changePassword, { body }),
    onSuccess: ({ revoked_sessions }) => {
      form.setValues({ current_password: '', new_password: '' });
      form.clearErrors();
      toastSuccess(sessionsEnded(revoked_sessions));
    },
    onError: (error) => {
      form.setErrors(joinedErrors(serverFieldErrors(error)));
      toastApiError(error);
    },
  });

  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={form.onSubmit((body) => change.mutate(body))}
        noValidate
        aria-label="Schimbă parola"
      >
        <Stack gap="sm">
          <Title order={2} size="h5">
            Schimbă parola
          </Title>
          <Text size="xs" c="dimmed">
            Celelalte sesiuni ale contului (alte browsere, telefoane) se închid; aceasta rămâne
            deschisă.
          </Text>
          <Group grow align="flex-end">
            <PasswordInput
              label="Parola actuală"
              autoComplete="current-password"
              required
              {...form.getInputProps('current_password')}
            />
            <PasswordInput
              label="Parola nouă"
              description="Cel puțin 8 caractere"
              autoComplete="new-password"
              required
              {...form.getInputProps('new_password')}
            />
          </Group>
          <Group>
            <Button type="submit" loading={change.isPending}>
              Schimbă parola
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
