import { updateAccount } from '@common/account/account.api';
import { AccountBodySchema } from '@common/account/account.schema';
import type { LoggedUser } from '@common/auth/auth.schema';
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { api, isApiError } from '../../lib/api-client';
import { session } from '../../lib/session';
import { toastApiError, toastSuccess } from '../../lib/toast';

type FieldErrors = Record<string, string[]>;

const errorsOf = (issues: readonly { path: PropertyKey[]; message: string }[]) => {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
};

/** /settings/account (issue #20): the user's own name and phone (PATCH /api/account). */
export function ProfileForm({ user }: { user: LoggedUser }) {
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const dirty = name !== user.name || phone !== (user.phone ?? '');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { name, phone };
    const parsed = AccountBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      const saved = await api(updateAccount, { body });
      session.setUser(saved);
      setName(saved.name);
      setPhone(saved.phone ?? '');
      setErrors({});
      toastSuccess('Salvat cu succes!');
    } catch (error) {
      if (isApiError(error)) setErrors(error.fieldErrors);
      toastApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label="Profil">
        <Stack gap="sm">
          <Title order={2} size="h5">
            Profil
          </Title>
          <Group grow align="flex-start">
            <TextInput
              label="Nume"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name?.join(' ')}
            />
            <TextInput
              label="Telefon"
              type="tel"
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
              error={errors.phone?.join(' ')}
            />
          </Group>
          <Group>
            <Button type="submit" loading={saving} disabled={!dirty}>
              Salvează profilul
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
