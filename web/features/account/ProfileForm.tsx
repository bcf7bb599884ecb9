import { updateAccount } from '@common/account/account.api';
import { AccountBodySchema } from '@common/account/account.schema';
import type { LoggedUser } from '@common/auth/auth.schema';
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { contractResolver } from '../../lib/form/contract-resolver';
import { joinedErrors, serverFieldErrors } from '../../lib/form/field-errors';
import { session } from '../../lib/session';
import { toastApiError, toastSuccess } from '../../lib/toast';

/** The profile as typed: the request sends it as it is ('' is no phone). */
interface Profile {
  name: string;
  phone: string;
}

const validate = contractResolver(AccountBodySchema, (values: Profile) => values);

/** The user's own name and phone (PATCH /api/account). */
export function ProfileForm({ user }: { user: LoggedUser }) {
  const form = useForm({
    initialValues: { name: user.name, phone: user.phone ?? '' } as Profile,
    validate,
    // A message stays until the next save.
    clearInputErrorOnChange: false,
  });
  const save = useMutation({
    mutationFn: (body: Profile) => api(updateAccount, { body }),
    onSuccess: (saved) => {
      session.setUser(saved);
      form.setValues({ name: saved.name, phone: saved.phone ?? '' });
      form.clearErrors();
      toastSuccess('Salvat cu succes!');
    },
    onError: (error) => {
      form.setErrors(joinedErrors(serverFieldErrors(error)));
      toastApiError(error);
    },
  });
  const { name, phone } = form.values;
  const dirty = name !== user.name || phone !== (user.phone ?? '');

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate aria-label="Profil">
        <Stack gap="sm">
          <Title order={2} size="h5">
            Profil
          </Title>
          <Group grow align="flex-start">
            <TextInput label="Nume" required {...form.getInputProps('name')} />
            <TextInput label="Telefon" type="tel" {...form.getInputProps('phone')} />
          </Group>
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!dirty}>
              Salvează profilul
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
