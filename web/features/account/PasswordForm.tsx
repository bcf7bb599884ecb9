import { changePassword } from '@common/account/account.api';
import { PasswordChangeBodySchema } from '@common/account/account.schema';
import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { api, isApiError } from '../../lib/api-client';
import { toastApiError, toastSuccess } from '../../lib/toast';

type FieldErrors = Record<string, string[]>;

const sessionsEnded = (count: number) =>
  count === 0
    ? 'Parola a fost schimbată.'
    : count === 1
      ? 'Parola a fost schimbată. O altă sesiune a fost închisă.'
      : `Parola a fost schimbată. ${count} alte sesiuni au fost închise.`;

/**
 * /settings/account (issue #20): a password change with the current password; the user's other
 * sessions end (other browsers, a lost phone), this one stays logged in.
 */
export function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { current_password: current, new_password: next };
    const parsed = PasswordChangeBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        found[field] = [...(found[field] ?? []), issue.message];
      }
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      const { revoked_sessions } = await api(changePassword, { body });
      setCurrent('');
      setNext('');
      setErrors({});
      toastSuccess(sessionsEnded(revoked_sessions));
    } catch (error) {
      if (isApiError(error)) setErrors(error.fieldErrors);
      toastApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label="Schimbă parola">
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
              value={current}
              onChange={(e) => setCurrent(e.currentTarget.value)}
              error={errors.current_password?.join(' ')}
            />
            <PasswordInput
              label="Parola nouă"
              description="Cel puțin 8 caractere"
              autoComplete="new-password"
              required
              value={next}
              onChange={(e) => setNext(e.currentTarget.value)}
              error={errors.new_password?.join(' ')}
            />
          </Group>
          <Group>
            <Button type="submit" loading={saving}>
              Schimbă parola
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
