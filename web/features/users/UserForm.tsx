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
import { useForm } from '@mantine/form';
import { formErrorsOf, isApiError, serverFieldErrors } from '../../lib/form/field-errors';
import { FIELDSET } from '../../lib/form/fieldset';
import { apiErrorMessages } from '../../lib/toast';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes-warning';
import { ROLE_LABELS } from '../auth';
import { useCompanyChoices, useSaveUser } from './use-users';
import { type UserDraft, userBody, userValidator } from './user-form';

interface UserFormProps {
  /** 0: a new user. */
  id: number;
  initial: UserDraft;
  /** The caller: only the platform admin offers the admin role. */
  callerRoles: readonly Role[];
  onSaved: (user: User) => void;
  /** A dispatcher reads a user; only administrators change one. */
  readOnly?: boolean;
}

/**
 * Identity, roles and companies of a user, with the API's own contract: the client checks the
 * draft with it, and the server's 422 lands on the same fields.
 */
export function UserForm({ id, initial, callerRoles, onSaved, readOnly }: UserFormProps) {
  const creating = id === 0;
  const form = useForm({
    initialValues: initial,
    validate: userValidator(creating),
    transformValues: (draft: UserDraft) => userBody(draft, creating),
  });
  const draft = form.values;
  const save = useSaveUser(id);
  const companies = useCompanyChoices();
  useUnsavedChangesWarning(form.isDirty() && !save.isPending);

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
  const otherErrors = Object.entries(form.errors)
    .filter(([key]) => !(key in draft))
    .map(([, message]) => message);

  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: onSaved,
      onError: (error) => form.setErrors(formErrorsOf(serverFieldErrors(error), draft)),
    }),
  );

  const field = (key: keyof UserDraft) => ({
    ...form.getInputProps(key),
    'data-testid': `user-${key}`,
  });
  const toggle = (key: keyof UserDraft) => ({
    ...form.getInputProps(key, { type: 'checkbox' }),
    'data-testid': `user-${key}`,
  });

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <fieldset disabled={readOnly} style={FIELDSET}>
          <Stack gap="sm">
            <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
              <TextInput label="Nume" required autoFocus={creating} {...field('name')} />
              <TextInput label="E-mail (autentificare)" required type="email" {...field('email')} />
              <TextInput label="Telefon" {...field('phone')} />
              <TextInput
                label={isDriver ? 'Identificator șofer' : 'Identificator'}
                description={isDriver ? 'Folosit când șoferul nu are mașină' : undefined}
                {...field('identifier')}
              />
              <MultiSelect
                label="Roluri"
                required
                data={roleChoices}
                {...field('roles')}
                onChange={(value) => form.setFieldValue('roles', value as Role[])}
              />
              <MultiSelect
                label="Companii"
                searchable
                data={companyChoices}
                {...field('company_ids')}
                value={draft.company_ids.map(String)}
                onChange={(value) => form.setFieldValue('company_ids', value.map(Number))}
              />
              {creating && (
                <PasswordInput
                  label="Parola"
                  description="Cel puțin 8 caractere; o comunicați utilizatorului."
                  required
                  autoComplete="new-password"
                  {...field('password')}
                />
              )}
            </SimpleGrid>
            <Group gap="lg">
              {isDriver && <Switch label="Șofer prioritar" {...toggle('high_priority')} />}
              {!creating && <Switch label="Cont dezactivat" color="red" {...toggle('disabled')} />}
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
