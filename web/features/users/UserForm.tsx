import type { Role } from '@common/auth/auth.schema';
import type { User } from '@common/users/users.schema';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { apiErrorMessages } from '../../lib/toast';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes-warning';
import { type FieldErrors, firstError, isApiError, serverFieldErrors } from './form-errors';
import { ROLE_LABELS } from './labels';
import { useCompanyChoices, useSaveUser } from './use-users';
import { type UserDraft, validateUser } from './user-form';

interface UserFormProps {
  /** 0: a new user. */
  id: number;
  initial: UserDraft;
  /** The caller: only the platform admin offers the admin role (SPEC §6). */
  callerRoles: readonly Role[];
  onSaved: (user: User) => void;
  /** A dispatcher reads a user; only administrators change one. */
  readOnly?: boolean;
}

/** A fieldset that only disables its fields: no border, no padding. */
export const FIELDSET = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

/**
 * Issue #20 identity, roles and companies of a user, with the API's own contract: the client
 * checks the draft with it, and the server's 422 lands on the same fields.
 */
export function UserForm({ id, initial, callerRoles, onSaved, readOnly }: UserFormProps) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveUser(id);
  const companies = useCompanyChoices();
  const creating = id === 0;
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useUnsavedChangesWarning(dirty && !save.isPending);

  const set = <K extends keyof UserDraft>(key: K, value: UserDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const roleChoices = (Object.keys(ROLE_LABELS) as Role[])
    .filter(
      (role) => role !== 'admin' || callerRoles.includes('admin') || draft.roles.includes(role),
    )
    .map((role) => ({ value: role, label: ROLE_LABELS[role] }));
  // A user may belong to a company the caller does not administer: shown by its number.
  const known = new Map((companies.data ?? []).map((c) => [c.id, c.name]));
  const companyChoices = [...new Set([...known.keys(), ...draft.company_ids])].map((cid) => ({
    value: String(cid),
    label: known.get(cid) ?? `Compania #${cid}`,
  }));
  const isDriver = draft.roles.includes('driver');
  // Messages of fields the form does not show (a rule of the whole user) go above the button.
  const otherErrors = Object.entries(errors)
    .filter(([key]) => !(key in draft))
    .flatMap(([, messages]) => messages);

  const submit = () => {
    const checked = validateUser(draft, creating);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    save.mutate(checked.body, {
      onSuccess: onSaved,
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  const field = (key: keyof UserDraft) => ({
    error: firstError(errors, key),
    'data-testid': `user-${key}`,
  });

  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <fieldset disabled={readOnly} style={FIELDSET}>
          <Stack gap="sm">
            <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
              <TextInput
                label="Nume"
                required
                autoFocus={creating}
                value={draft.name}
                onChange={(e) => set('name', e.currentTarget.value)}
                {...field('name')}
              />
              <TextInput
                label="E-mail (autentificare)"
                required
                type="email"
                value={draft.email}
                onChange={(e) => set('email', e.currentTarget.value)}
                {...field('email')}
              />
              <TextInput
                label="Telefon"
                value={draft.phone}
                onChange={(e) => set('phone', e.currentTarget.value)}
                {...field('phone')}
              />
              <TextInput
                label={isDriver ? 'Identificator șofer' : 'Identificator'}
                description={isDriver ? 'Folosit când șoferul nu are mașină' : undefined}
                value={draft.identifier}
                onChange={(e) => set('identifier', e.currentTarget.value)}
                {...field('identifier')}
              />
              <MultiSelect
                label="Roluri"
                required
                data={roleChoices}
                value={draft.roles}
                onChange={(value) => set('roles', value as Role[])}
                {...field('roles')}
              />
              <MultiSelect
                label="Companii"
                searchable
                data={companyChoices}
                value={draft.company_ids.map(String)}
                onChange={(value) => set('company_ids', value.map(Number))}
                {...field('company_ids')}
              />
              {creating && (
                <PasswordInput
                  label="Parola"
                  description="Cel puțin 8 caractere; o comunicați utilizatorului."
                  required
                  autoComplete="new-password"
                  value={draft.password}
                  onChange={(e) => set('password', e.currentTarget.value)}
                  {...field('password')}
                />
              )}
            </SimpleGrid>
            <Group gap="lg">
              {isDriver && (
                <Switch
                  label="Șofer prioritar"
                  checked={draft.high_priority}
                  onChange={(e) => set('high_priority', e.currentTarget.checked)}
                  {...field('high_priority')}
                />
              )}
              {!creating && (
                <Switch
                  label="Cont dezactivat"
                  color="red"
                  checked={draft.disabled}
                  onChange={(e) => set('disabled', e.currentTarget.checked)}
                  {...field('disabled')}
                />
              )}
            </Group>
            {(otherErrors.length > 0 || (save.isError && !isApiError(save.error, 422))) && (
              <Alert color="red" variant="light" data-testid="user-form-error">
                {otherErrors.length > 0
                  ? otherErrors.join(' ')
                  : apiErrorMessages(save.error).join(' ')}
              </Alert>
            )}
            {!readOnly && (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending} data-testid="user-save">
                  {creating ? 'Creează' : 'Salvează'}
                </Button>
              </Group>
            )}
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}
