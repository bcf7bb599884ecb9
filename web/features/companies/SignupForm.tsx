import { checkCui, createCompany } from '@common/companies/signup.api';
import { REGISTRY_UNAVAILABLE, SIGNUP_PACKAGES } from '@common/companies/signup.schema';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, apiWith, isApiError } from '../../lib/api-client';
import { joinedErrors } from '../../lib/form/field-errors';
import { newIdempotencyKey } from '../../lib/idempotency';
import { session } from '../../lib/session';
import { toastApiError, toastSuccess } from '../../lib/toast';
import { homePath } from '../auth';
import {
  cuiForLookup,
  draftFromLookup,
  emptySignupDraft,
  type SignupDraft,
  signupBody,
  validateSignup,
} from './signup-form';

type Lookup =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'found'; vat: boolean }
  | { kind: 'unknown' }
  | { kind: 'unavailable' };

/**
 * A company's sign-up ('/' and /business/enroll): the company looked up by its CUI in the ANAF
 * registry (the fields stay typeable: the registry may be away), the package, the contact
 * person who becomes the company's administrator, the required consent; then POST /api/company,
 * and the browser is logged in. Failures are shown, not only logged.
 */
export function SignupForm() {
  const navigate = useNavigate();
  const form = useForm<SignupDraft>({
    initialValues: emptySignupDraft(),
    validate: validateSignup,
  });
  const draft = form.values;
  const errors = form.errors;
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' });
  const [isSubmitting, setSubmitting] = useState(false);
  // One key per submitted body: a retry of the same form (a lost answer) replays the sign-up.
  const key = useRef<{ body: string; key: string } | null>(null);

  const search = async () => {
    const asked = cuiForLookup(draft.cui);
    if ('error' in asked) {
      form.setFieldError('cui', asked.error);
      return;
    }
    setLookup({ kind: 'searching' });
    try {
      const { found } = await api(checkCui, { query: { cui: asked.cui } });
      const company = found[0];
      if (!company) {
        setLookup({ kind: 'unknown' });
        return;
      }
      // Field by field: each found field drops its own message, the others' stay.
      const filled = draftFromLookup(form.getValues(), company);
      for (const field of ['cui', 'name', 'address', 'vat_payer'] as const)
        form.setFieldValue(field, filled[field]);
      setLookup({ kind: 'found', vat: company.scpTVA });
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        form.setErrors((current) => ({ ...current, ...joinedErrors(error.fieldErrors) }));
        setLookup({ kind: 'idle' });
      } else setLookup({ kind: 'unavailable' });
    }
  };

  const submit = async (values: SignupDraft) => {
    const body = signupBody(values);
    const serialised = JSON.stringify(body);
    if (key.current?.body !== serialised)
      key.current = { body: serialised, key: newIdempotencyKey() };
    setSubmitting(true);
    try {
      const answer = await apiWith(
        createCompany,
        { headers: { 'Idempotency-Key': key.current.key } },
        { body },
      );
      session.setToken(answer.token);
      session.setUser(answer.user);
      toastSuccess('Firma a fost înscrisă. Bine ați venit!');
      void navigate(homePath(answer.user), { replace: true });
    } catch (error) {
      if (isApiError(error)) form.setErrors(joinedErrors(error.fieldErrors));
      toastApiError(error);
      setSubmitting(false);
    }
  };

  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      id="inscriere"
      component="section"
      aria-labelledby="enroll-title"
    >
      <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Înscriere firmă">
        <Stack gap="md">
          <Group gap="xs">
            <Title order={2} size="h3" id="enroll-title">
              Înscriere firmă
            </Title>
            <Badge variant="light" color="teal">
              14 zile de probă
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Dispecerate taxi, firme de curierat și restaurante. Introduceți CUI-ul și apăsați
            „Caută”: denumirea și adresa se preiau din registrul ANAF.
          </Text>

          <Title order={3} size="h5">
            Firma
          </Title>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label="CUI"
              description="Cu sau fără prefixul RO"
              name="cui"
              required
              style={{ flex: 1 }}
              {...form.getInputProps('cui')}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void search();
                }
              }}
            />
            <Button
              variant="light"
              mt={44}
              onClick={() => void search()}
              loading={lookup.kind === 'searching'}
            >
              Caută
            </Button>
          </Group>
          {lookup.kind === 'found' && (
            <Text size="sm" c="teal" data-testid="cui-found">
              Găsită în registrul ANAF · {lookup.vat ? 'plătitoare de TVA' : 'neplătitoare de TVA'}
            </Text>
          )}
          {lookup.kind === 'unknown' && (
            <Alert color="yellow" variant="light" p="xs" data-testid="cui-unknown">
              CUI-ul nu figurează în registrul ANAF. Verificați-l sau completați datele de mână.
            </Alert>
          )}
          {lookup.kind === 'unavailable' && (
            <Alert
              color="orange"
              variant="light"
              p="xs"
              role="status"
              data-testid="cui-unavailable"
            >
              {REGISTRY_UNAVAILABLE}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Denumire" name="name" required {...form.getInputProps('name')} />
            <TextInput
              label="Telefon firmă"
              name="phone"
              type="tel"
              required
              {...form.getInputProps('phone')}
            />
          </SimpleGrid>
          <TextInput label="Adresa sediului" name="address" {...form.getInputProps('address')} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="package-label">
              Pachet
            </Text>
            <SegmentedControl
              aria-labelledby="package-label"
              value={String(draft.package_id)}
              onChange={(value) =>
                form.setFieldValue(
                  'package_id',
                  SIGNUP_PACKAGES.find((p) => String(p.id) === value)?.id ?? 1,
                )
              }
              data={SIGNUP_PACKAGES.map((p) => ({ value: String(p.id), label: p.label }))}
            />
            {errors.package_id && (
              <Text size="xs" c="red">
                {errors.package_id}
              </Text>
            )}
          </Stack>

          <Title order={3} size="h5">
            Administratorul contului
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label="Nume și prenume"
              name="user_name"
              autoComplete="name"
              required
              {...form.getInputProps('user_name')}
            />
            <TextInput
              label="Adresa de e-mail"
              name="user_email"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('user_email')}
            />
            <PasswordInput
              label="Parola contului"
              name="user_password"
              description="Cel puțin 8 caractere"
              autoComplete="new-password"
              required
              {...form.getInputProps('user_password')}
            />
          </SimpleGrid>
          <Checkbox
            name="consent"
            {...form.getInputProps('consent', { type: 'checkbox' })}
            label={
              <>
                Sunt de acord cu{' '}
                <Anchor component={Link} to="/page/termeni" target="_blank">
                  termenii de utilizare
                </Anchor>{' '}
                și cu{' '}
                <Anchor component={Link} to="/driver/privacy" target="_blank">
                  politica de confidențialitate
                </Anchor>
                .
              </>
            }
          />
          {errors['Idempotency-Key'] && (
            <Alert color="red" variant="light" p="xs" role="alert">
              {errors['Idempotency-Key']}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={isSubmitting}>
              Înscrie firma
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
